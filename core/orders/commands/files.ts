/** What the order keeps of its documents: the receipt drawn for it, a reprint's printed sheets, and when its PDF was deleted. */
import { addJob, type Queryable } from '../../lib/db';

/** The receipt now lives at `key` (one fixed key per order). */
export async function recordReceipt(db: Queryable, input: { orderId: string; key: string }): Promise<void> {
  await db`update orders set receipt_key = ${input.key} where id = ${input.orderId} and receipt_key is distinct from ${input.key}`;
}

/**
 * Queues the build of a reprint's PDF of exactly its printed sheets (orders__build_printed_sheets),
 * in the caller's transaction when it is the one that pays or places the order. One job per order
 * (its jobKey), and the job builds nothing that is already built, so asking again is harmless.
 */
export async function queuePrintedSheets(db: Queryable, input: { orderId: string }): Promise<void> {
  await addJob(db, 'orders__build_printed_sheets', { orderId: input.orderId }, { jobKey: `printed-sheets:${input.orderId}`, maxAttempts: 5 });
}

/**
 * The order is to be printed (paid, placed on account, or approved on account): its print-ready
 * files are built now, while its files are sure to exist, and a reprint's PDF of exactly its printed
 * sheets beside them. The one place every way into production queues them, in the caller's
 * transaction; each job has one key per order, so asking twice queues nothing more.
 */
export async function queuePrintWork(db: Queryable, input: { orderId: string; reprint: boolean }): Promise<void> {
  await addJob(db, 'print_batches__build', { orderId: input.orderId }, { jobKey: `print-files:${input.orderId}`, maxAttempts: 5 });
  if (input.reprint) await queuePrintedSheets(db, { orderId: input.orderId });
}

/** A reprint's printed sheets are now stored at `key`; recorded once, and never after its files were deleted. */
export async function recordPrintedSheets(db: Queryable, input: { orderId: string; key: string }): Promise<boolean> {
  const rows = await db`
    update orders set printed_sheets_key = ${input.key}, updated_at = now()
    where id = ${input.orderId} and file_deleted_at is null and printed_sheets_key is distinct from ${input.key}
    returning id`;
  return rows.length === 1;
}

/** The order's PDF, previews and printed sheets were deleted after printing (the retention job); recorded once. */
export async function markFilesDeleted(db: Queryable, input: { orderId: string }): Promise<void> {
  await db`update orders set file_deleted_at = now(), printed_sheets_key = null, updated_at = now() where id = ${input.orderId} and file_deleted_at is null`;
}
