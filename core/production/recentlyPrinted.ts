/**
 * The batches the counter printed lately, for the queue page: a sheet spoiled in finishing or found
 * at pickup is reprinted from here (the queue itself lists only what is not printed yet).
 */
import type { Queryable } from '../lib/db';
import type { QueueBatchRow } from './queries';

/** How far back the queue page shows printed batches, and at most how many. */
export const RECENTLY_PRINTED_HOURS = 72;
export const RECENTLY_PRINTED_LIMIT = 50;

/** Built batches of printable orders printed within RECENTLY_PRINTED_HOURS, the last printed first. */
export async function recentlyPrinted(sql: Queryable): Promise<QueueBatchRow[]> {
  // A batch's last move is its move to printed: nothing moves a printed batch again.
  return sql<QueueBatchRow[]>`
    select b.*, o.ready_by, o.rush_order, o.created_at as order_created_at
    from print_batches b join orders o on o.id = b.order_id
    where b.state = 'printed' and b.built_at is not null and b.file_key is not null
      and b.updated_at > now() - make_interval(hours => ${RECENTLY_PRINTED_HOURS})
      and o.payment_status in ('paid', 'invoiced') and o.status <> 'failed'
    order by b.updated_at desc, b.id
    limit ${RECENTLY_PRINTED_LIMIT}`;
}
