/**
 * The files of an order's drawing set (order_files), read for a page of orders in one query. Orders
 * placed before sets had several files have no rows: their one file is the order's own (upload_id,
 * file_name, file_key, page_count).
 */
import type { Queryable } from '../lib/db';
import type { OrderFileRow, OrderRow } from './orderRow';
import { ORDER_RECIPIENTS_COLUMN, type RecipientPackage } from './recipients';
import { orderName } from '#shared/orderText';
import { orderNumberOf } from '#shared/fields';

export type { OrderFileRow };

/** How screens and emails name the order (shared/orderText.ts): read its files first (withOrderFiles). */
export function orderNameOf(
  row: Pick<OrderRow, 'upload_id' | 'file_name' | 'file_key' | 'page_count' | 'files' | 'job_name' | 'print_positions' | 'revision_of_order_id'>,
): string {
  return orderName({
    jobName: row.job_name,
    files: filesOf(row),
    printPositions: row.print_positions,
    revisionOf: row.revision_of_order_id ? orderNumberOf(row.revision_of_order_id) : null,
  });
}

/** The order's files in print order: the stored set, or the order's own one file. */
export function filesOf(row: Pick<OrderRow, 'upload_id' | 'file_name' | 'file_key' | 'page_count' | 'files'>): OrderFileRow[] {
  if (row.files && row.files.length > 0) return row.files;
  return [{ uploadId: row.upload_id, fileName: row.file_name, pageCount: row.page_count, firstPosition: 1, fileKey: row.file_key ?? '' }];
}

/**
 * The order's set files as one column (`files`, in print order; `[]` for an order of one file) of a
 * query over `orders o`: a single order is read with its files in one round trip. Each file carries
 * its sheets' numbers from their title blocks (`sheetNumbers`, null once the upload is gone), which
 * name the order (shared/orderText.ts, orderName).
 */
export const ORDER_FILES_COLUMN = `(select coalesce(json_agg(json_build_object('uploadId', f.upload_id, 'fileName', f.file_name,
    'pageCount', f.page_count, 'firstPosition', f.first_position, 'fileKey', f.file_key,
    'sheetNumbers', (select json_agg(s.sheet_number order by s.number) from upload_sheets s where s.upload_id = f.upload_id)) order by f.position), '[]'::json)
  from order_files f where f.order_id = o.id) as files`;

/**
 * Reads the set files of these orders into their `files`, and their recipients into `recipients`
 * (what each package holds of the set: ./recipients.ts), in one query; resolves with the same rows.
 */
export async function withOrderFiles<R extends Pick<OrderRow, 'id' | 'files' | 'recipients'>>(sql: Queryable, rows: R[]): Promise<R[]> {
  if (rows.length === 0) return rows;
  const found = await sql<{ id: string; files: OrderFileRow[]; recipients: RecipientPackage[] }[]>`
    select o.id, ${sql.unsafe(ORDER_FILES_COLUMN)}, ${sql.unsafe(ORDER_RECIPIENTS_COLUMN)} from orders o where o.id = any(${rows.map((r) => r.id)}::uuid[])`;
  const byOrder = new Map(found.map((f) => [f.id, f]));
  for (const row of rows) {
    row.files = byOrder.get(row.id)?.files ?? [];
    row.recipients = byOrder.get(row.id)?.recipients ?? [];
  }
  return rows;
}
