/** The issue a previous order printed: its files, when they are still kept. */
import type { AppContext } from '../context';
import type { OrderRow } from '../orders/orderRow';

/**
 * The uploads of the set an order printed, in print order (its order_files; an order from before sets
 * is its one upload), or null when they are gone: deleted after printing, or missing from storage.
 */
export async function orderIssueUploads(ctx: AppContext, order: Pick<OrderRow, 'id' | 'upload_id' | 'file_deleted_at'>): Promise<string[] | null> {
  const inSet = await ctx.sql<{ upload_id: string | null }[]>`
    select upload_id from order_files where order_id = ${order.id} order by position`;
  if (inSet.some((f) => f.upload_id === null)) return null;
  const ids = inSet.length > 0 ? inSet.map((f) => f.upload_id as string) : order.upload_id ? [order.upload_id] : [];
  if (order.file_deleted_at || ids.length === 0) return null;
  const uploads = await ctx.sql<{ id: string; storage_key: string; file_deleted_at: Date | null }[]>`
    select id, storage_key, file_deleted_at from uploads where id = any(${ids}::uuid[])`;
  if (uploads.length !== ids.length || uploads.some((u) => u.file_deleted_at)) return null;
  const stored = await Promise.all(uploads.map((u) => ctx.storage.stat(u.storage_key)));
  return stored.every((s) => s !== null) ? ids : null;
}
