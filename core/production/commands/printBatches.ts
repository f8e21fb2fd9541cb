/**
 * Every write to `print_batches`: the batches an order's packages print as, planned once (a second
 * run finds them and adds none), and each batch's built file recorded. Decision 055.
 */
import { hasFinishing, type Finishing } from '#shared/finishing';
import { paperText } from '#shared/production';
import { addJob, type Queryable } from '../../lib/db';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { changeStatus } from '../../orders/commands/changeStatus';
import type { PrinterRow } from '../printers';
import { batchSourcesOf, type BatchCause, type BatchState } from './batchTransitions';
import type { PlannedBatch } from '../plan';
import type { ProductionPackage } from '../packages';

/** A batch row as the production reads it. */
export type PrintBatchRow = {
  id: string;
  order_id: string;
  recipient_key: string;
  recipient_id: string | null;
  recipient_name: string;
  paper: PlannedBatch['paper'];
  ink: PlannedBatch['ink'];
  half_size: boolean;
  sets: number;
  positions: number[];
  /** What is done to the batch's sets after printing (null: nothing), as its banner and ticket say. */
  finishing: Finishing | null;
  pages: number | null;
  bytes: number | null;
  file_key: string | null;
  built_at: Date | null;
  state: 'waiting' | 'sent' | 'printing' | 'printed' | 'failed';
  message: string | null;
  reprint_of: string | null;
  printer_id: string | null;
  sent_at: Date | null;
  /** The IPP job the printer gave the batch, once it took it. */
  printer_job_id: number | null;
  created_at: Date;
};

/**
 * Records one package's planned batches, unless they are already recorded (a job run twice, or killed
 * after this step); resolves with every first-print batch of the package, in the plan's order.
 */
export async function planPrintBatches(tx: Queryable, input: { orderId: string; pkg: ProductionPackage; batches: PlannedBatch[] }): Promise<PrintBatchRow[]> {
  for (const b of input.batches) {
    await tx`
      insert into print_batches (order_id, recipient_key, recipient_id, recipient_name, paper, ink, half_size, sets, positions, finishing)
      values (${input.orderId}, ${input.pkg.recipientKey}, ${input.pkg.recipientId}, ${input.pkg.name}, ${b.paper}, ${b.ink},
        ${b.halfSize}, ${b.sets}, ${b.positions}, ${hasFinishing(b.finishing) ? tx.json(b.finishing) : null})
      on conflict (order_id, recipient_key, paper, ink, half_size) where reprint_of is null do nothing`;
  }
  const rows = await tx<PrintBatchRow[]>`
    select * from print_batches where order_id = ${input.orderId} and recipient_key = ${input.pkg.recipientKey} and reprint_of is null`;
  const at = (r: PrintBatchRow) => input.batches.findIndex((b) => b.paper === r.paper && b.ink === r.ink && b.halfSize === r.half_size);
  return rows.sort((a, b) => at(a) - at(b));
}

/** A batch's file is stored: where, how many pages and bytes. Clears an earlier failure's message. */
export async function recordPrintFile(tx: Queryable, input: { batchId: string; fileKey: string; pages: number; bytes: number }): Promise<void> {
  await tx`
    update print_batches set file_key = ${input.fileKey}, pages = ${input.pages}, bytes = ${input.bytes}, built_at = now(),
      message = null, updated_at = now()
    where id = ${input.batchId}`;
}

/** A batch could not be built (the customer's files are gone): the counter reads why. */
export async function recordPrintFileMissing(tx: Queryable, input: { batchId: string; message: string }): Promise<void> {
  await tx`update print_batches set message = ${input.message}, updated_at = now() where id = ${input.batchId} and built_at is null`;
}

/**
 * The counter sends a batch to a printer: 404 for an unknown batch or printer, 409 with a sentence
 * when the printer lacks the batch's paper or color or the batch is not waiting. The first batch of
 * a pending order moves it to processing (through the order's transitions, with its one email), and
 * the printing job is queued, all in the caller's transaction.
 */
export async function sendBatch(tx: Queryable, input: { batchId: string; printerId: string }): Promise<PrintBatchRow> {
  const [batch] = await tx<PrintBatchRow[]>`select * from print_batches where id = ${input.batchId} for update`;
  if (!batch?.built_at) throw notFound('Batch not found.');
  const [printer] = await tx<PrinterRow[]>`select * from printers where id = ${input.printerId}`;
  if (!printer) throw notFound('Printer not found.');
  const what = `${paperText(batch.paper)} ${batch.ink === 'color' ? 'color' : 'black and white'}`;
  if (!printer.papers.includes(batch.paper))
    throw conflict(`${printer.name} does not take ${paperText(batch.paper)} paper: send this ${what} batch to a printer that does.`);
  if (batch.ink === 'color' && !printer.color) throw conflict(`${printer.name} prints in black only: send this color batch to a color printer.`);
  const sources = batchSourcesOf('sent', 'send');
  if (!sources.includes(batch.state)) throw conflict(`This batch is ${batch.state} already: only a waiting or failed batch can be sent.`);
  const [sent] = await tx<PrintBatchRow[]>`
    update print_batches set state = 'sent', printer_id = ${printer.id}, sent_at = now(), printer_job_id = null, message = null, updated_at = now()
    where id = ${batch.id} and state in ${tx(sources)} returning *`;
  const [order] = await tx<{ status: string }[]>`select status from orders where id = ${batch.order_id}`;
  if (order?.status === 'pending') await changeStatus(tx, { orderId: batch.order_id, status: 'processing', changedBy: 'production' });
  await addJob(tx, 'print_batches__print', { batchId: batch.id }, { jobKey: `print:${batch.id}`, maxAttempts: 20 });
  return sent;
}

/** What a printer said moves the batch, when the table allows it; false when it had moved already. */
export async function moveBatch(
  tx: Queryable,
  input: { batchId: string; to: BatchState; cause: BatchCause; message?: string | null; printerJobId?: number | null },
): Promise<boolean> {
  const rows = await tx`
    update print_batches set state = ${input.to}, message = ${input.message ?? null},
      printer_job_id = coalesce(${input.printerJobId ?? null}::int, printer_job_id), updated_at = now()
    where id = ${input.batchId} and state in ${tx(batchSourcesOf(input.to, input.cause))} returning id`;
  return rows.length === 1;
}

/** The printer took the job: its id, so a rerun follows that job instead of printing again. */
export async function recordPrinterJob(tx: Queryable, input: { batchId: string; printerJobId: number }): Promise<void> {
  await tx`update print_batches set printer_job_id = ${input.printerJobId}, updated_at = now() where id = ${input.batchId} and state in ('sent', 'printing')`;
}

/**
 * A spoiled sheet: a new batch (`reprint_of` the batch) of just the pages named, in that order, one
 * set, on the same paper, ink and scale (a reduced set's reprint is reduced too) with the same
 * finishing (the sheet goes back into a set finished that way), built by `print_batches__build` and then waiting in the queue.
 * `pages` are the batch file's page numbers as the counter reads them (page 1 is the banner).
 */
export async function reprintBatch(tx: Queryable, input: { batchId: string; pages: number[] }): Promise<PrintBatchRow> {
  const [batch] = await tx<PrintBatchRow[]>`select * from print_batches where id = ${input.batchId}`;
  if (!batch?.built_at || batch.pages === null) throw notFound('Batch not found.');
  const last = batch.pages;
  const outside = input.pages.filter((p) => p < 2 || p > last);
  if (outside.length > 0) {
    const named = outside.length === 1 ? `Page ${outside[0]} is not a sheet` : `Pages ${outside.join(', ')} are not sheets`;
    throw badRequest(`${named} of this batch: its sheets are pages 2–${last} (page 1 is the banner).`);
  }
  const positions = input.pages.map((p) => batch.positions[(p - 2) % batch.positions.length]);
  const [row] = await tx<PrintBatchRow[]>`
    insert into print_batches (order_id, recipient_key, recipient_id, recipient_name, paper, ink, half_size, sets, positions, finishing, reprint_of)
    values (${batch.order_id}, ${batch.recipient_key}, ${batch.recipient_id}, ${batch.recipient_name}, ${batch.paper}, ${batch.ink},
      ${batch.half_size}, 1, ${positions}, ${batch.finishing ? tx.json(batch.finishing) : null}, ${batch.id})
    returning *`;
  await addJob(tx, 'print_batches__build', { orderId: batch.order_id }, { jobKey: `print-files:${batch.order_id}`, maxAttempts: 5 });
  return row;
}

/** The order's files were deleted after printing (retention): its batches' files went with them. */
export async function forgetPrintFiles(tx: Queryable, input: { orderId: string }): Promise<void> {
  await tx`
    update print_batches set file_key = null, message = 'The print file was deleted with the order''s files.', updated_at = now()
    where order_id = ${input.orderId} and file_key is not null`;
}
