/** The reads of print batches the HTTP side needs. */
import { REDUCED_BATCH_PAPER } from '#shared/production';
import type { Queryable } from '../lib/db';
import type { PrintBatchRow } from './commands/printBatches';

export type { PrintBatchRow };

/** An order's built print files, recipients then full-size before half-size before reduced, each paper then ink. */
export async function printFilesOf(sql: Queryable, orderId: string): Promise<PrintBatchRow[]> {
  return sql<PrintBatchRow[]>`
    select * from print_batches where order_id = ${orderId} and built_at is not null and file_key is not null
    order by recipient_key, reprint_of nulls first, paper = ${REDUCED_BATCH_PAPER}, half_size, paper, ink, created_at`;
}

/** One batch, or undefined. */
export async function printBatchById(sql: Queryable, batchId: string): Promise<PrintBatchRow | undefined> {
  const [row] = await sql<PrintBatchRow[]>`select * from print_batches where id = ${batchId}`;
  return row;
}

/** A batch of the queue with what its order promises. */
export type QueueBatchRow = PrintBatchRow & { ready_by: Date | null; rush_order: boolean; order_created_at: Date };

/**
 * Every built batch of a printable order not yet printed, for the counter: rush first, then by
 * ready-by, and the batches of one paper kept together (so a roll is changed once), each paper's
 * group where its most urgent batch falls.
 */
export async function productionQueue(sql: Queryable): Promise<QueueBatchRow[]> {
  const rows = await sql<QueueBatchRow[]>`
    select b.*, o.ready_by, o.rush_order, o.created_at as order_created_at
    from print_batches b join orders o on o.id = b.order_id
    where b.built_at is not null and b.file_key is not null and b.state <> 'printed' and o.payment_status in ('paid', 'invoiced') and o.status <> 'failed'
    order by o.rush_order desc, coalesce(o.ready_by, o.created_at), o.created_at, b.order_id, b.paper = ${REDUCED_BATCH_PAPER}, b.half_size, b.paper, b.ink = 'bw', b.created_at, b.id`;
  const papers: string[] = [];
  for (const r of rows) if (!papers.includes(r.paper)) papers.push(r.paper);
  return papers.flatMap((paper) => rows.filter((r) => r.paper === paper));
}
