/**
 * The provider says an order's payment succeeded: the order becomes paid once (a conditional update,
 * so concurrent reconciliations agree), its ready-by promise is fixed from that moment, and its
 * receipt (which queues the confirmation email) and optional account are queued. A payment that
 * arrives for an order the counter had cancelled is recorded and refunded, never printed.
 */
import type { ClockOptions } from '#shared/readyBy';
import { addJob, type Queryable } from '../../lib/db';
import { readyByFor, workOfOrder } from '../../production/promises';
import type { OrderRow } from '../orderRow';
import { paymentSourcesOf } from './transitions';
import { queuePrintWork } from './files';

export type PaymentFacts = { paymentIntentId: string; cardBrand?: string | null; cardLast4?: string | null };

/** What happened: newly paid, paid but to be refunded (the order was cancelled), or nothing new. */
export type MarkPaidResult =
  { kind: 'paid'; order: Pick<OrderRow, 'id' | 'total_cents'> } | { kind: 'refund'; order: Pick<OrderRow, 'id' | 'total_cents'> } | { kind: 'unchanged' };

/**
 * Marks the unpaid order paid. `orderId` names it; without it, the order is found by its payment
 * intent (the common case). Returns `unchanged` when it was not unpaid, or when it
 * waits for a firm's approver (nothing pays it before their yes: reconciliation refunds the money,
 * orders__refund_unapproved; a declined one is cancelled, so its payment is refunded as below).
 */
export async function markPaid(tx: Queryable, input: PaymentFacts & { orderId?: string; clock: ClockOptions }): Promise<MarkPaidResult> {
  const paidAt = new Date();
  const where = input.orderId ? tx`id = ${input.orderId}` : tx`payment_intent_id = ${input.paymentIntentId}`;
  // The promise is the one shown before payment: today's rule, or later when the queue is full.
  const [unpaid] = await tx<OrderRow[]>`select * from orders where ${where} and payment_status in ${tx(paymentSourcesOf('paid'))}
    and approval_state is distinct from 'waiting'`;
  if (!unpaid) return { kind: 'unchanged' };
  const { readyBy } = await readyByFor(tx, {
    at: paidAt,
    rush: unpaid.rush_order,
    work: await workOfOrder(tx, unpaid),
    clock: input.clock,
    excludeOrderId: unpaid.id,
  });
  const [paid] = await tx<(Pick<OrderRow, 'id' | 'total_cents' | 'status' | 'create_account'> & { reprint: boolean })[]>`
    update orders set payment_status = 'paid', paid_at = ${paidAt}, payment_intent_id = ${input.paymentIntentId},
      card_brand = ${input.cardBrand ?? null}, card_last4 = ${input.cardLast4 ?? null}, updated_at = now(),
      ready_by = case when status = 'failed' then null else ${readyBy}::timestamptz end
    where id = ${unpaid.id} and payment_status in ${tx(paymentSourcesOf('paid'))} and approval_state is distinct from 'waiting'
    returning id, total_cents, status, create_account, print_positions is not null as reprint`;
  if (!paid) return { kind: 'unchanged' };
  if (paid.status === 'failed') {
    await addJob(tx, 'orders__refund_cancelled', { orderId: paid.id }, { jobKey: `refund:${paid.id}`, maxAttempts: 12 });
    return { kind: 'refund', order: paid };
  }
  await addJob(tx, 'orders__render_receipt', { orderId: paid.id }, { jobKey: `receipt:${paid.id}`, maxAttempts: 8 });
  await queuePrintWork(tx, { orderId: paid.id, reprint: paid.reprint });
  if (paid.create_account) await addJob(tx, 'orders__create_account', { orderId: paid.id }, { jobKey: `account:${paid.id}`, maxAttempts: 5 });
  return { kind: 'paid', order: paid };
}

/** Records the card of a paid order that was paid before the provider told us which card. */
export async function recordCard(tx: Queryable, input: { orderId: string; cardBrand?: string | null; cardLast4: string }): Promise<void> {
  await tx`
    update orders set card_brand = ${input.cardBrand ?? null}, card_last4 = ${input.cardLast4}, updated_at = now()
    where id = ${input.orderId} and payment_status = 'paid' and card_last4 is null`;
}

/** The provider says the payment was refunded: a paid order becomes refunded, once. */
export async function markRefunded(tx: Queryable, input: { orderId: string }): Promise<boolean> {
  const rows = await tx`
    update orders set payment_status = 'refunded', refunded_at = now(), updated_at = now()
    where id = ${input.orderId} and payment_status in ${tx(paymentSourcesOf('refunded'))} returning id`;
  return rows.length === 1;
}
