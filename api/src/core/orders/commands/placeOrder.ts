/**
 * Placing and re-pricing an order. The order is placed unpaid with every amount from the server's
 * price; its one payment intent is attached in a second step (the provider call sits between); an
 * unpaid order may be re-priced while its customer is still on the checkout; an abandoned one is
 * deleted by the clean-up.
 */
import type postgres from 'postgres';
import { conflict, badRequest } from '../../lib/errors';
import type { Queryable } from '../../lib/db';

/** The order's columns as checkout computes them (values the driver can write). */
export type OrderFields = Record<string, postgres.SerializableParameter | postgres.Parameter> & { upload_id: string; total_cents: number };

/** Who places it and how it will be paid. */
export type Placement = { userId: string | null; sid: string; accessToken: string; paymentProvider: 'stripe' | 'demo' | null };

/**
 * Inserts the unpaid order; resolves with its id. The signed-in placer is recorded for good
 * (`placed_by_user_id`); the firm and project come in the fields (checkout's `firmOrderFields`).
 */
export async function placeOrder(tx: Queryable, input: { fields: OrderFields; placement: Placement }): Promise<string> {
  const { placement } = input;
  const [order] = await tx<{ id: string }[]>`
    insert into orders ${tx({
      ...input.fields,
      user_id: placement.userId,
      placed_by_user_id: placement.userId,
      session_sid: placement.sid,
      access_token: placement.accessToken,
      payment_provider: placement.paymentProvider,
    })}
    returning id`;
  return order.id;
}

/** The provider's intent for the order, once created. */
export async function attachPaymentIntent(tx: Queryable, input: { orderId: string; paymentIntentId: string }): Promise<void> {
  await tx`update orders set payment_intent_id = ${input.paymentIntentId}, updated_at = now() where id = ${input.orderId}`;
}

/** Re-prices an unpaid order of the same drawing; 409 once paid. The caller holds the row lock. */
export async function repriceOrder(tx: Queryable, input: { orderId: string; fields: OrderFields }): Promise<void> {
  const [order] = await tx<{ payment_status: string; upload_id: string | null }[]>`
    select payment_status, upload_id from orders where id = ${input.orderId} for update`;
  if (!order) throw badRequest('This order no longer exists. Please start the checkout again.');
  if (order.payment_status !== 'unpaid') throw conflict('This order is already paid.');
  if (order.upload_id !== input.fields.upload_id) throw badRequest('This order is for another drawing. Please start the checkout again.');
  await tx`update orders set ${tx(input.fields)}, updated_at = now() where id = ${input.orderId}`;
}

/** Deletes an abandoned order, only while it is still unpaid; true when it went. */
export async function deleteUnpaidOrder(db: Queryable, input: { orderId: string }): Promise<boolean> {
  const gone = await db`delete from orders where id = ${input.orderId} and payment_status = 'unpaid' returning id`;
  return gone.length === 1;
}
