/**
 * A revision's reprint is viewed and downloaded as one PDF of exactly the sheets it prints, built
 * once in the worker when the reprint is paid or placed on account (the web process never runs
 * MuPDF) and stored under its own key; the admin's PDF route streams it. Safe to run twice: a built
 * one is not built again, and a run killed between storing and recording stores it again over the
 * same key.
 */
import { orderNumberOf } from '#shared/fields';
import type { Queryable } from '../lib/db';
import type { OrderRow } from './orderRow';
import { filesOf, withOrderFiles } from './orderFiles';
import { recordPrintedSheets } from './commands/files';
import { StorageNotFoundError, type Storage } from '../services/storage/types';
import { printedSheetsKey } from '../services/storage/keys';
import { filesHolding, printedPagesPdf, type SetFileBytes } from '../services/pdf/printedPages';

/** What one run did, for the task's log and the tests. */
export type PrintedSheetsOutcome = { kind: 'skipped'; reason: string } | { kind: 'built'; key: string; pages: number };

type Fields = Pick<
  OrderRow,
  | 'id'
  | 'payment_status'
  | 'print_positions'
  | 'printed_sheets_key'
  | 'file_deleted_at'
  | 'upload_id'
  | 'file_key'
  | 'file_name'
  | 'page_count'
  | 'files'
  | 'recipients'
>;

/** Builds and records the reprint's printed-sheets PDF unless there is nothing (more) to build. */
export async function buildPrintedSheets(deps: { sql: Queryable; storage: Storage }, orderId: string): Promise<PrintedSheetsOutcome> {
  const [order] = await deps.sql<Fields[]>`
    select id, payment_status, print_positions, printed_sheets_key, file_deleted_at, upload_id, file_key, file_name, page_count
    from orders where id = ${orderId}`;
  if (!order) return { kind: 'skipped', reason: 'the order is gone' };
  if (!order.print_positions) return { kind: 'skipped', reason: 'the order is not a reprint' };
  if (order.payment_status === 'unpaid') return { kind: 'skipped', reason: 'the order is not paid' };
  if (order.file_deleted_at) return { kind: 'skipped', reason: 'the files were deleted after printing' };
  if (order.printed_sheets_key) return { kind: 'skipped', reason: 'already built' };
  await withOrderFiles(deps.sql, [order]);

  const read: SetFileBytes[] = [];
  for (const file of filesHolding(filesOf(order), order.print_positions)) {
    try {
      const source = await deps.storage.get(file.fileKey);
      read.push({ ...file, bytes: Buffer.concat(await source.toArray()) });
    } catch (error) {
      // Gone for good: a retry cannot bring it back, and the route keeps saying what is missing.
      if (error instanceof StorageNotFoundError)
        return { kind: 'skipped', reason: `order ${orderNumberOf(order.id)}: ${file.fileName} is missing from the file store` };
      throw error;
    }
  }
  const pdf = await printedPagesPdf(read, order.print_positions);
  const key = printedSheetsKey(order.id);
  await deps.storage.put(key, pdf, { contentType: 'application/pdf', contentLength: pdf.length });
  if (!(await recordPrintedSheets(deps.sql, { orderId: order.id, key }))) {
    // Retention deleted the order's files while this was built: the PDF goes too, or nothing would delete it.
    const [now] = await deps.sql<{ file_deleted_at: Date | null }[]>`select file_deleted_at from orders where id = ${order.id}`;
    if (!now || now.file_deleted_at) {
      await deps.storage.delete(key);
      return { kind: 'skipped', reason: 'the files were deleted after printing while it was built' };
    }
  }
  return { kind: 'built', key, pages: order.print_positions.length };
}
