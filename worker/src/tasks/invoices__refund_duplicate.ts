/**
 * A card payment for an invoice the counter had already marked paid (a check, a transfer): the money
 * came twice, so the card payment goes back and every owner of the firm is told why (with the
 * built-in provider this cannot happen: its card step answers 409 once the invoice is paid). The
 * invoice and its order keep the counter's
 * record; only an intent that is the invoice's own and that the order does not hold as its payment is
 * refunded. The provider's refund and the emails are idempotent by key, so a second run (or one after
 * a crash) gives nothing back twice and sends no second email.
 */
import { queuePaymentReturnedEmails } from '#core/emails/invoicePaymentReturned';
import { shopFacts } from '#shared/shop';
import { defineTask } from '../task';

export default defineTask({
  name: 'invoices__refund_duplicate',
  async run({ invoiceId, paymentIntentId }, ctx) {
    const log = ctx.log.child('reconcile');
    const [row] = await ctx.sql<
      {
        id: string;
        number: string;
        firm_id: string;
        order_id: string;
        amount_cents: number;
        paid_at: Date;
        paid_by: 'admin' | 'card' | null;
        payment_intent_id: string | null;
        order_intent: string | null;
      }[]
    >`
      select i.id, i.number::text as number, i.firm_id, i.order_id, i.amount_cents, i.paid_at, i.paid_by, i.payment_intent_id,
        o.payment_intent_id as order_intent
      from invoices i join orders o on o.id = i.order_id where i.id = ${invoiceId}`;
    // Only the duplicate: settled by the counter, this intent the invoice's, and not the order's payment.
    if (!row || row.paid_by !== 'admin' || row.payment_intent_id !== paymentIntentId || row.order_intent === paymentIntentId) {
      return log.warn('invoices__refund_duplicate: not a duplicate payment, nothing refunded', { invoiceId, paymentIntentId });
    }
    if (!ctx.payments) throw new Error('invoices__refund_duplicate: no payment provider configured');
    await ctx.payments.refund(ctx.sql, paymentIntentId, `invoice:${invoiceId}:duplicate-refund`);
    await ctx.sql.begin((tx) => queuePaymentReturnedEmails(tx, { invoice: row, shop: shopFacts(ctx.env) }));
    log.info('refunded a card payment for an invoice the counter had marked paid', { invoiceId, paymentIntentId });
  },
});
