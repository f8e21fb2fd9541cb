/**
 * A provider's payment events (the `payment_events` table): each verified event is recorded once by
 * its id and handed to the reconciliation job when it can change an order's payment; the job marks
 * every event of its intent answered.
 */
import type postgres from 'postgres';
import type { Queryable } from '../../lib/db';
import { enqueueReconcile } from '../../services/payments/jobs';
import type { PaymentEvent } from '../../services/payments/index';

/** Event types that can change an order's payment. */
const RECONCILE_TYPES = new Set([
  'payment_intent.succeeded',
  'payment_intent.processing',
  'payment_intent.payment_failed',
  'payment_intent.canceled',
  'charge.succeeded',
  'charge.refunded',
  'charge.refund.updated',
]);

/**
 * Records a verified event once (false when its id was seen before) and, in the same transaction,
 * enqueues the reconciliation of its intent, or marks it answered when it cannot change a payment.
 * `payload` is the event as the provider sent it (parsed JSON), kept for the record.
 */
export async function recordPaymentEvent(
  tx: postgres.TransactionSql,
  input: { provider: string; event: Pick<PaymentEvent, 'id' | 'type' | 'paymentIntentId'>; payload: unknown },
): Promise<boolean> {
  const { event } = input;
  const rows = await tx`
    insert into payment_events (id, provider, type, payment_intent_id, payload)
    values (${event.id}, ${input.provider}, ${event.type}, ${event.paymentIntentId}, ${tx.json(input.payload as postgres.JSONValue)})
    on conflict (id) do nothing
    returning id`;
  if (rows.length === 0) return false;
  if (event.paymentIntentId && RECONCILE_TYPES.has(event.type)) await enqueueReconcile(tx, event.paymentIntentId, event.id);
  else await tx`update payment_events set processed_at = now() where id = ${event.id}`;
  return true;
}

/** Every event seen so far for the intent is answered (by the reconciliation that just ran). */
export async function markEventsProcessed(db: Queryable, paymentIntentId: string): Promise<void> {
  await db`update payment_events set processed_at = now() where payment_intent_id = ${paymentIntentId} and processed_at is null`;
}
