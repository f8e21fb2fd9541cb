/**
 * The counter changes an order's status. The move is looked up in the transitions table first; an
 * allowed move is recorded in the status history and, when the customer should hear of it, its
 * email is queued as a job of its own that runs UNDO_SECONDS later, so the counter can take the
 * change back before anything is sent (`undoStatusChange`). Each change keeps its own email: a later
 * change does not replace an earlier one, so undoing the later one leaves the earlier one's email to go. A shipping order completed without a label gets its
 * label bought off the request. All in the caller's transaction.
 */
import type { OrderStatus } from '#shared/fields';
import { STATUS_UNDO_SECONDS } from '#shared/limits';
import { addJob, removeJob, type Queryable } from '../../lib/db';
import { conflict, notFound } from '../../lib/errors';
import type { OrderRow } from '../orderRow';
import { statusEmailKey } from '../../emails/status-change';
import { isPrintable, moveStatus } from './transitions';

/**
 * The key of one change's waiting email. One per change, never per order: under one key per order a
 * newer change replaced the older one's job, and undoing the newer one then left the older change,
 * which stood, without its email.
 */
export const statusEmailJobKey = (orderId: string, historyId: string) => `status-email:${orderId}:${historyId}`;
const labelJobKey = (orderId: string) => `label:${orderId}`;

export type ChangeStatusResult = {
  order: OrderRow;
  /** The history row of this change, or null when the status was already `to`. */
  historyId: string | null;
  /** True when an email to the customer is waiting (and can still be undone). */
  emailQueued: boolean;
};

/** Moves the order to `status` through the transitions table; 404 unknown, 409 refused. */
export async function changeStatus(tx: Queryable, input: { orderId: string; status: OrderStatus; changedBy: string }): Promise<ChangeStatusResult> {
  const [current] = await tx<OrderRow[]>`select * from orders where id = ${input.orderId} for update`;
  if (!current) throw notFound('Order not found.');
  const move = moveStatus(current, input.status);
  if (move.kind === 'refused') throw conflict(move.reason);
  if (move.kind === 'unchanged') return { order: current, historyId: null, emailQueued: false };
  const [order] = await tx<OrderRow[]>`
    update orders set status = ${input.status}, updated_at = now(),
      completed_at = case when ${input.status} = 'completed' then now() else null end
    where id = ${input.orderId} returning *`;
  const [history] = await tx<{ id: string }[]>`
    insert into order_status_history (order_id, from_status, to_status, changed_by)
    values (${order.id}, ${current.status}, ${input.status}, ${input.changedBy}) returning id::text`;
  const afterUndoWindow = new Date(Date.now() + STATUS_UNDO_SECONDS * 1000);
  // A change that emails nothing (an unpaid or refunded order) leaves earlier emails alone: the
  // job finds the order no longer printable when it runs, and sends nothing.
  if (move.notify) {
    await addJob(
      tx,
      'orders__notify_status',
      { orderId: order.id, historyId: history.id },
      { jobKey: statusEmailJobKey(order.id, history.id), runAt: afterUndoWindow, maxAttempts: 8 },
    );
  }
  // A completed shipping order leaves in a tube: make sure it has a label, bought off the request
  // once the change can no longer be undone (its arrival tells the customer the tube is on its way).
  if (input.status === 'completed' && order.shipping_method === 'shipping' && !order.label_key && isPrintable(order)) {
    await addJob(tx, 'orders__buy_label', { orderId: order.id }, { jobKey: labelJobKey(order.id), maxAttempts: 5, runAt: afterUndoWindow });
  }
  return { order, historyId: history.id, emailQueued: move.notify };
}

/**
 * Takes back the order's latest status change while its email is still waiting: the status returns
 * to what it was, the change is marked undone (the timeline skips it) and its waiting email and the
 * label purchase are removed; the emails of earlier changes still waiting stay. 409 when the change is not the latest, or its email has already gone.
 */
export async function undoStatusChange(tx: Queryable, input: { orderId: string; historyId: string }): Promise<OrderRow> {
  const [order] = await tx<OrderRow[]>`select * from orders where id = ${input.orderId} for update`;
  if (!order) throw notFound('Order not found.');
  const [latest] = await tx<{ id: string; from_status: OrderStatus | null; to_status: OrderStatus; undone_at: Date | null; age_seconds: number }[]>`
    select id::text, from_status, to_status, undone_at, extract(epoch from now() - created_at)::float8 as age_seconds
    from order_status_history where order_id = ${order.id} and undone_at is null
    order by created_at desc, id desc limit 1`;
  if (!latest || latest.id !== input.historyId || latest.to_status !== order.status || !latest.from_status) {
    throw conflict('This change can no longer be undone: the order has changed since.');
  }
  const [sent] = await tx`select 1 from emails where idempotency_key = ${statusEmailKey(order.id, latest.id)}`;
  if (sent || latest.age_seconds > STATUS_UNDO_SECONDS) {
    throw conflict('Too late to undo: the customer has been told of this change. Set the status again instead.');
  }
  await removeJob(tx, statusEmailJobKey(order.id, latest.id));
  if (latest.to_status === 'completed' && !order.label_key) await removeJob(tx, labelJobKey(order.id));
  await tx`update order_status_history set undone_at = now() where id = ${latest.id}::bigint`;
  const [reverted] = await tx<OrderRow[]>`
    update orders set status = ${latest.from_status}, updated_at = now(),
      completed_at = case when ${latest.from_status} = 'completed' then coalesce(completed_at, now()) else null end
    where id = ${order.id} returning *`;
  return reverted;
}
