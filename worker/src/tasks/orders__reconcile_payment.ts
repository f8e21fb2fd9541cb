/**
 * Reconciles one payment intent with its order: re-reads the intent from the provider (never trusts
 * the event), marks the order paid once (row lock + conditional update), records the card, and
 * enqueues the receipt (which queues the confirmation email) and the optional account creation.
 * Refunds mark the order refunded. Safe to run any number of times, concurrently, in any order.
 */
import { z } from 'zod';
import { addJob } from '../../../api/src/core/lib/db';
import type { OrderRow } from '../../../api/src/core/orders/orderRow';
import { PaymentProviderError, type PaymentIntentInfo } from '../../../api/src/core/services/payments/index';
import { defineTask } from '../task';
import type { Queryable } from '../../../api/src/core/lib/db';
import { readyBy } from '../../../shared/readyBy';
import { shopFacts, type ShopFacts } from '../../../shared/shop';

/** Fixes the order's ready-by promise from the moment it was paid (the clock in shared/readyBy.ts). */
async function promiseReadyBy(tx: Queryable, orderId: string, paidAt: Date, rush: boolean, holidays: ShopFacts['holidays']): Promise<void> {
  await tx`update orders set ready_by = ${readyBy(paidAt, rush, { holidays })} where id = ${orderId}`;
}

export default defineTask({
  name: 'orders__reconcile_payment',
  async run({ paymentIntentId, eventId }, ctx) {
    const log = ctx.log.child('reconcile');
    if (!ctx.payments) return log.warn('no payment provider configured', { paymentIntentId });
    let info: PaymentIntentInfo;
    try {
      info = await ctx.payments.retrieveIntent(ctx.sql, paymentIntentId);
    } catch (error) {
      // An intent the provider does not know will not appear on a retry.
      if (error instanceof PaymentProviderError && !error.retryable) {
        log.warn('payment intent unknown to the provider', { paymentIntentId, error: error.message });
        await ctx.sql`update payment_events set processed_at = now() where payment_intent_id = ${paymentIntentId} and processed_at is null`;
        return;
      }
      throw error;
    }

    const holidays = shopFacts(ctx.env).holidays;
    await ctx.sql.begin(async (tx) => {
      // The common case in one statement: a succeeded payment of an unpaid order we know by its intent.
      if (info.status === 'succeeded') {
        const [paid] = await tx<{ id: string; create_account: boolean; total_cents: number; paid_at: Date; rush_order: boolean }[]>`
          update orders set payment_status = 'paid', paid_at = now(), card_brand = ${info.cardBrand ?? null},
                 card_last4 = ${info.cardLast4 ?? null}, updated_at = now()
          where payment_intent_id = ${paymentIntentId} and payment_status = 'unpaid'
          returning id, create_account, total_cents, paid_at, rush_order`;
        if (paid) {
          await promiseReadyBy(tx, paid.id, paid.paid_at, paid.rush_order, holidays);
          if (info.amountCents !== paid.total_cents)
            log.warn('paid amount differs from the order total', { orderId: paid.id, paid: info.amountCents, total: paid.total_cents });
          await addJob(tx, 'orders__render_receipt', { orderId: paid.id }, { jobKey: `receipt:${paid.id}`, maxAttempts: 8 });
          if (paid.create_account) await addJob(tx, 'orders__create_account', { orderId: paid.id }, { jobKey: `account:${paid.id}`, maxAttempts: 5 });
          if (eventId) await tx`update payment_events set processed_at = now() where payment_intent_id = ${paymentIntentId} and processed_at is null`;
          return;
        }
      }
      let [order] = await tx<OrderRow[]>`select * from orders where payment_intent_id = ${paymentIntentId} for update`;
      if (!order && info.orderId && z.uuid().safeParse(info.orderId).success) {
        [order] = await tx<OrderRow[]>`
          select * from orders where id = ${info.orderId} and (payment_intent_id is null or payment_intent_id = ${paymentIntentId}) for update`;
      }
      if (!order) {
        // A webhook can outrun the commit of the order that created its intent: retry later when
        // there is money to record; otherwise there is nothing to do.
        if (info.status === 'succeeded' || info.status === 'refunded') throw new Error(`no order yet for payment intent ${paymentIntentId}`);
        return;
      }

      if ((info.status === 'succeeded' || info.status === 'refunded') && order.payment_status === 'unpaid') {
        if (info.amountCents !== order.total_cents) {
          log.warn('paid amount differs from the order total', { orderId: order.id, paid: info.amountCents, total: order.total_cents });
        }
        const updated = await tx<{ id: string; paid_at: Date }[]>`
          update orders set payment_status = 'paid', paid_at = now(), payment_intent_id = ${paymentIntentId},
                 card_brand = ${info.cardBrand ?? null}, card_last4 = ${info.cardLast4 ?? null}, updated_at = now()
          where id = ${order.id} and payment_status = 'unpaid'
          returning id, paid_at`;
        if (updated.length === 1) {
          await promiseReadyBy(tx, order.id, updated[0].paid_at, order.rush_order, holidays);
          await addJob(tx, 'orders__render_receipt', { orderId: order.id }, { jobKey: `receipt:${order.id}`, maxAttempts: 8 });
          if (order.create_account) await addJob(tx, 'orders__create_account', { orderId: order.id }, { jobKey: `account:${order.id}`, maxAttempts: 5 });
          log.info('order paid', { orderId: order.id });
        }
        order = { ...order, payment_status: 'paid' };
      } else if (info.status === 'succeeded' && order.payment_status === 'paid' && !order.card_last4 && info.cardLast4) {
        await tx`update orders set card_brand = ${info.cardBrand ?? null}, card_last4 = ${info.cardLast4}, updated_at = now() where id = ${order.id}`;
      }

      if (info.status === 'refunded' && order.payment_status === 'paid') {
        await tx`update orders set payment_status = 'refunded', refunded_at = now(), updated_at = now() where id = ${order.id} and payment_status = 'paid'`;
        log.info('order refunded', { orderId: order.id });
      }
      // Waiting jobs for one intent share a job key, so one run answers every event seen so far.
      await tx`update payment_events set processed_at = now() where payment_intent_id = ${paymentIntentId} and processed_at is null`;
    });
  },
});
