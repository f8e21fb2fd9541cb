/** The issue a previous order printed: its files, when they are still kept. */
import type { AppContext } from '../context';
import type { OrderRow } from '../orders/orderRow';

/**
 * The uploads of the set an order printed, in order (today one file: orders.upload_id; a set of several
 * files adds its list here), or null when they are gone: deleted after printing, or missing from storage.
 */
export async function orderIssueUploads(ctx: AppContext, order: Pick<OrderRow, 'upload_id' | 'file_deleted_at'>): Promise<string[] | null> {
  const ids = order.upload_id ? [order.upload_id] : [];
  if (order.file_deleted_at || ids.length === 0) return null;
  const uploads = await ctx.sql<{ id: string; storage_key: string; file_deleted_at: Date | null }[]>`
    select id, storage_key, file_deleted_at from uploads where id = any(${ids}::uuid[])`;
  if (uploads.length !== ids.length || uploads.some((u) => u.file_deleted_at)) return null;
  const stored = await Promise.all(uploads.map((u) => ctx.storage.stat(u.storage_key)));
  return stored.every((s) => s !== null) ? ids : null;
}
