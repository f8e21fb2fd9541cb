/**
 * Reconciles one payment intent with its order: re-reads the intent from the provider (never trusts
 * the event) and moves the order through the payment commands: paid once (the receipt, the
 * confirmation email and the optional account follow), the card recorded, refunded once. An intent
 * the owner of a firm created to pay an invoice settles that invoice (its order becomes paid) once.
 * Safe to run any number of times, concurrently, in any order.
 */
import { z } from 'zod';
import type { OrderRow } from '#core/orders/orderRow';
import { markPaid, markRefunded, recordCard } from '#core/orders/commands/markPaid';
import { markInvoicePaid } from '#core/invoices/commands/markInvoicePaid';
import { markEventsProcessed } from '#core/orders/commands/paymentEvents';
import { PaymentProviderError, type PaymentIntentInfo } from '#core/services/payments/index';
import { addJob } from '#core/lib/db';
import { shopFacts } from '#shared/shop';
import { defineTask } from '../task';

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
        await markEventsProcessed(ctx.sql, paymentIntentId);
        return;
      }
      throw error;
    }

    const shop = shopFacts(ctx.env);
    const clock = { timeZone: shop.timeZone, holidays: shop.holidays };
    const payment = { paymentIntentId, cardBrand: info.cardBrand, cardLast4: info.cardLast4 };
    await ctx.sql.begin(async (tx) => {
      // An invoice's card payment: the invoice is settled once, whoever got there first.
      const [invoice] = await tx<{ id: string }[]>`select id from invoices where payment_intent_id = ${paymentIntentId} for update`;
      if (invoice && (info.status === 'succeeded' || info.status === 'refunded')) {
        const result = await markInvoicePaid(tx, { invoiceId: invoice.id, payment: { paidBy: 'card', ...payment } });
        if (result.kind === 'paid') log.info('invoice paid by card', { invoiceId: invoice.id, orderId: result.orderId });
        else if (result.paidBy === 'admin') {
          // Marked paid by the counter before the card payment arrived: the money came twice. The
          // order keeps the counter's record (the payment that settled it was not the card's, so it
          // is not refunded) and the card payment goes back from a job, so no double charge waits
          // for someone to read a log. A refunded intent read later needs nothing more. Proved by
          // invoices.test.ts, 'gives back a card payment that lands after the counter marked ...'.
          if (info.status === 'succeeded') {
            log.warn('invoice paid by card after the counter marked it paid: refunding the card payment', { invoiceId: invoice.id, paymentIntentId });
            await addJob(
              tx,
              'invoices__refund_duplicate',
              { invoiceId: invoice.id, paymentIntentId },
              { jobKey: `refund-duplicate:${paymentIntentId}`, maxAttempts: 12 },
            );
          }
          await markEventsProcessed(tx, paymentIntentId);
          return;
        }
      }
      // The common case in one statement: a succeeded payment of an unpaid order we know by its intent.
      if (info.status === 'succeeded') {
        const result = await markPaid(tx, { ...payment, clock });
        if (result.kind !== 'unchanged') {
          if (info.amountCents !== result.order.total_cents)
            log.warn('paid amount differs from the order total', { orderId: result.order.id, paid: info.amountCents, total: result.order.total_cents });
          if (result.kind === 'refund') log.info('payment for a cancelled order: refunding it', { orderId: result.order.id });
          if (eventId) await markEventsProcessed(tx, paymentIntentId);
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

      // Nothing pays an order that waits for a firm's approver: the money goes back, the order keeps waiting.
      if (order.approval_state === 'waiting') {
        if (info.status === 'succeeded') {
          log.warn('payment for an order that waits for approval: refunding it', { orderId: order.id, paymentIntentId });
          await addJob(
            tx,
            'orders__refund_unapproved',
            { orderId: order.id, paymentIntentId },
            { jobKey: `refund-unapproved:${paymentIntentId}`, maxAttempts: 12 },
          );
        }
        await markEventsProcessed(tx, paymentIntentId);
        return;
      }
      // An invoice's intent whose invoice row is not committed yet (the webhook outran it): retry.
      if (order.payment_status === 'invoiced' && !invoice && info.status === 'succeeded')
        throw new Error(`invoice not recorded yet for payment intent ${paymentIntentId}`);
      let paymentStatus = order.payment_status;
      if ((info.status === 'succeeded' || info.status === 'refunded') && paymentStatus === 'unpaid') {
        const result = await markPaid(tx, { ...payment, orderId: order.id, clock });
        if (result.kind !== 'unchanged') {
          if (info.amountCents !== order.total_cents)
            log.warn('paid amount differs from the order total', { orderId: order.id, paid: info.amountCents, total: order.total_cents });
          log.info(result.kind === 'paid' ? 'order paid' : 'payment for a cancelled order: refunding it', { orderId: order.id });
        }
        paymentStatus = 'paid';
      } else if (info.status === 'succeeded' && paymentStatus === 'paid' && !order.card_last4 && info.cardLast4) {
        await recordCard(tx, { orderId: order.id, cardBrand: info.cardBrand, cardLast4: info.cardLast4 });
      }

      if (info.status === 'refunded' && paymentStatus === 'paid' && (await markRefunded(tx, { orderId: order.id }))) {
        log.info('order refunded', { orderId: order.id });
      }
      // Waiting jobs for one intent share a job key, so one run answers every event seen so far.
      await markEventsProcessed(tx, paymentIntentId);
    });
  },
});
