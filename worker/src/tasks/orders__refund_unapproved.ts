/**
 * A card payment arrived for an order that waits for a firm's approver (a client confirmed an
 * intent it should never have had): nothing pays such an order before the approver's yes, so the
 * money goes back, as a cancelled order's does (orders__refund_cancelled), and the placer is told
 * once. The order itself keeps waiting, unpaid; once approved it is paid from its order page.
 */
import type { OrderRow } from '#core/orders/orderRow';
import { queueUnapprovedPaymentRefundEmail } from '#core/emails/approvals';
import { shopFacts } from '#shared/shop';
import { defineTask } from '../task';

export default defineTask({
  name: 'orders__refund_unapproved',
  async run({ orderId, paymentIntentId }, ctx) {
    const [order] = await ctx.sql<OrderRow[]>`select * from orders where id = ${orderId}`;
    // Gone, or paid after all (approved meanwhile and reconciled): nothing to give back here.
    if (!order || order.approval_state !== 'waiting' || order.payment_status !== 'unpaid') return;
    if (!ctx.payments) return ctx.log.warn('orders__refund_unapproved: no payment provider configured', { orderId });
    const info = await ctx.payments.retrieveIntent(ctx.sql, paymentIntentId);
    if (info.status !== 'succeeded' || (info.orderId !== null && info.orderId !== orderId)) return;
    await ctx.payments.refund(ctx.sql, paymentIntentId, `order:${orderId}:unapproved-refund:${paymentIntentId}`);
    await queueUnapprovedPaymentRefundEmail(ctx.sql, { order, amountCents: info.amountCents, shop: shopFacts(ctx.env) });
    ctx.log.child('reconcile').info('refunded a payment for an order that waits for approval', { orderId });
  },
});
