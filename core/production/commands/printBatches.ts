/**
 * Every write to `print_batches`: the batches an order's packages print as, planned once (a second
 * run finds them and adds none), and each batch's built file recorded. Decision 055.
 */
import type { Queryable } from '../../lib/db';
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
  pages: number | null;
  bytes: number | null;
  file_key: string | null;
  built_at: Date | null;
  state: 'waiting' | 'sent' | 'printing' | 'printed' | 'failed';
  message: string | null;
  reprint_of: string | null;
  created_at: Date;
};

/**
 * Records one package's planned batches, unless they are already recorded (a job run twice, or killed
 * after this step); resolves with every first-print batch of the package, in the plan's order.
 */
export async function planPrintBatches(tx: Queryable, input: { orderId: string; pkg: ProductionPackage; batches: PlannedBatch[] }): Promise<PrintBatchRow[]> {
  for (const b of input.batches) {
    await tx`
      insert into print_batches (order_id, recipient_key, recipient_id, recipient_name, paper, ink, half_size, sets, positions)
      values (${input.orderId}, ${input.pkg.recipientKey}, ${input.pkg.recipientId}, ${input.pkg.name}, ${b.paper}, ${b.ink},
        ${b.halfSize}, ${b.sets}, ${b.positions})
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
