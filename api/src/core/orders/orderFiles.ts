/**
 * The files of an order's drawing set (order_files), read for a page of orders in one query. Orders
 * placed before sets had several files have no rows: their one file is the order's own (upload_id,
 * file_name, file_key, page_count).
 */
import type { Queryable } from '../lib/db';
import type { OrderFileRow, OrderRow } from './orderRow';

export type { OrderFileRow };

/** The order's files in print order: the stored set, or the order's own one file. */
export function filesOf(row: Pick<OrderRow, 'upload_id' | 'file_name' | 'file_key' | 'page_count' | 'files'>): OrderFileRow[] {
  if (row.files && row.files.length > 0) return row.files;
  return [{ uploadId: row.upload_id, fileName: row.file_name, pageCount: row.page_count, firstPosition: 1, fileKey: row.file_key ?? '' }];
}

/** Reads the set files of these orders into their `files`; resolves with the same rows. */
export async function withOrderFiles<R extends Pick<OrderRow, 'id' | 'files'>>(sql: Queryable, rows: R[]): Promise<R[]> {
  if (rows.length === 0) return rows;
  const found = await sql<(OrderFileRow & { orderId: string })[]>`
    select order_id as "orderId", upload_id as "uploadId", file_name as "fileName", page_count as "pageCount",
      first_position as "firstPosition", file_key as "fileKey"
    from order_files where order_id = any(${rows.map((r) => r.id)}::uuid[]) order by order_id, position`;
  for (const row of rows) {
    row.files = found.filter((f) => f.orderId === row.id).map(({ orderId: _orderId, ...file }) => file);
  }
  return rows;
}
