/** The reads of print batches the HTTP side needs. */
import type { Queryable } from '../lib/db';
import type { PrintBatchRow } from './commands/printBatches';

export type { PrintBatchRow };

/** An order's built print files, recipients then full-size before half-size, each paper then ink. */
export async function printFilesOf(sql: Queryable, orderId: string): Promise<PrintBatchRow[]> {
  return sql<PrintBatchRow[]>`
    select * from print_batches where order_id = ${orderId} and built_at is not null
    order by recipient_key, reprint_of nulls first, half_size, paper, ink, created_at`;
}

/** One batch, or undefined. */
export async function printBatchById(sql: Queryable, batchId: string): Promise<PrintBatchRow | undefined> {
  const [row] = await sql<PrintBatchRow[]>`select * from print_batches where id = ${batchId}`;
  return row;
}
