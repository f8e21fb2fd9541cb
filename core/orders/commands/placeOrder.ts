/**
 * Placing and re-pricing an order. The order is placed unpaid with every amount from the server's
 * price; its one payment intent is attached in a second step (the provider call sits between); an
 * unpaid order may be re-priced while its customer is still on the checkout; an abandoned one is
 * deleted by the clean-up.
 */
import type postgres from 'postgres';
import { conflict, badRequest } from '../../lib/errors';
import type { Queryable } from '../../lib/db';
import type { UploadSet } from '../../uploads/sets';
import type { PaymentProvider } from '../../services/payments/types';
import { insertRecipients, replaceRecipients, type RecipientFields } from './recipients';

/** The order's columns as checkout computes them (values the driver can write). */
export type OrderFields = Record<string, postgres.SerializableParameter | postgres.Parameter> & { upload_id: string; total_cents: number };

/** One file of the order's set, in print order (`position` from 1). */
export type OrderFileInput = {
  position: number;
  uploadId: string;
  fileName: string;
  fileKey: string;
  fileSize: number;
  pageCount: number;
  firstPosition: number;
};

/** The order_files rows of a set read by core/uploads/sets.ts. */
export function orderFilesOf(set: UploadSet): OrderFileInput[] {
  return set.files.map((f, i) => ({
    position: i + 1,
    uploadId: f.uploadId,
    fileName: f.fileName,
    fileKey: f.storageKey,
    fileSize: f.fileSize,
    pageCount: f.pageCount,
    firstPosition: f.firstPosition,
  }));
}

/** Who places it and how it will be paid. */
export type Placement = { userId: string | null; sid: string; accessToken: string; paymentProvider: 'stripe' | 'demo' | null };

/**
 * Inserts the unpaid order and its set's files; resolves with its id. Run it in a transaction (the
 * order never exists without its files). The signed-in placer is recorded for good
 * (`placed_by_user_id`); the firm and project come in the fields (checkout's `firmOrderFields`).
 */
export async function placeOrder(
  tx: Queryable,
  input: { fields: OrderFields; placement: Placement; files: OrderFileInput[]; recipients?: readonly RecipientFields[] },
): Promise<string> {
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
  await insertFiles(tx, order.id, input.files);
  await insertRecipients(tx, order.id, input.recipients ?? []);
  return order.id;
}

async function insertFiles(tx: Queryable, orderId: string, files: OrderFileInput[]): Promise<void> {
  if (files.length === 0) return;
  await tx`
    insert into order_files ${tx(
      files.map((f) => ({
        order_id: orderId,
        position: f.position,
        upload_id: f.uploadId,
        file_name: f.fileName,
        file_key: f.fileKey,
        file_size: f.fileSize,
        page_count: f.pageCount,
        first_position: f.firstPosition,
      })),
    )}`;
}

/** The provider's intent for the order, once created. */
export async function attachPaymentIntent(tx: Queryable, input: { orderId: string; paymentIntentId: string }): Promise<void> {
  await tx`update orders set payment_intent_id = ${input.paymentIntentId}, updated_at = now() where id = ${input.orderId}`;
}

/**
 * Creates the order's one card intent at the provider (idempotent per order) and attaches it: the
 * one way an order gets its intent (the checkout's card order, its re-price, an approved card order).
 */
export async function createOrderIntent(
  tx: Queryable,
  payments: PaymentProvider,
  input: { orderId: string; amountCents: number; email: string | null },
): Promise<{ id: string; clientSecret: string }> {
  const created = await payments.createIntent(tx, input);
  await attachPaymentIntent(tx, { orderId: input.orderId, paymentIntentId: created.id });
  return created;
}

/**
 * An unpaid order the counter cancelled takes no payment: what the checkout says instead, at the
 * re-pricing (409) and at the demo card (400). It could once still be paid at its checkout and was
 * then refunded without a word; a payment already on its way when it is cancelled is still refunded,
 * and the customer told once (orderLife.test.ts, 'may be cancelled quietly' and 'cancelled while its
 * payment was on the way').
 */
export const CANCELLED_ORDER_MESSAGE = 'This order was cancelled by the shop, so it cannot be paid. Please start a new order.';

/**
 * Re-prices an unpaid order of the same drawing set (the same files in the same order); 409 once
 * paid. The caller holds the row lock.
 */
export async function repriceOrder(
  tx: Queryable,
  input: { orderId: string; fields: OrderFields; files: OrderFileInput[]; recipients?: readonly RecipientFields[] },
): Promise<void> {
  const [order] = await tx<
    {
      status: string;
      payment_status: string;
      upload_id: string | null;
      set_ids: string[] | null;
      approval_state: string | null;
      approval_waits_for: string | null;
    }[]
  >`
    select status, payment_status, upload_id, approval_state, approval_waits_for,
      (select array_agg(f.upload_id order by f.position) from order_files f where f.order_id = o.id) as set_ids
    from orders o where id = ${input.orderId} for update`;
  if (!order) throw badRequest('This order no longer exists. Please start the checkout again.');
  // An order sent to a firm's approver is decided at the total they saw: it is not re-priced (or paid) here.
  if (order.approval_state === 'waiting') {
    throw conflict(`This order waits for approval by ${order.approval_waits_for ?? 'an approver of your firm'}: it can no longer be changed or paid here.`);
  }
  if (order.approval_state === 'approved' && order.payment_status === 'unpaid' && order.status !== 'failed') {
    throw conflict('This order was approved at its total: it can no longer be changed. Please pay it from its order page.');
  }
  if (order.approval_state !== null && order.payment_status === 'unpaid') {
    throw conflict('This order was declined or cancelled before it was approved, so it cannot be paid. Please start a new order.');
  }
  if (order.payment_status !== 'unpaid') throw conflict('This order is already paid.');
  if (order.status === 'failed') throw conflict(CANCELLED_ORDER_MESSAGE);
  const placedSet = order.set_ids ?? [order.upload_id];
  const sameSet = placedSet.length === input.files.length && input.files.every((f, i) => f.uploadId === placedSet[i]);
  if (!sameSet) throw badRequest('This order is for another drawing. Please start the checkout again.');
  await tx`update orders set ${tx(input.fields)}, updated_at = now() where id = ${input.orderId}`;
  // The list as re-priced replaces the one before (none: the order is one package to its customer again).
  await replaceRecipients(tx, input.orderId, input.recipients ?? []);
}

/** Deletes an abandoned order, only while it is still unpaid; true when it went. */
export async function deleteUnpaidOrder(db: Queryable, input: { orderId: string }): Promise<boolean> {
  const gone = await db`delete from orders where id = ${input.orderId} and payment_status = 'unpaid' and approval_state is null returning id`;
  return gone.length === 1;
}
