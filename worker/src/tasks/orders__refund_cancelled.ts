/**
 * A payment arrived for an order the counter had cancelled: give the money back. The provider's
 * refund is idempotent by key; the customer is told by email (once); reconciliation then reads the
 * refund back and marks the order refunded, as it does for a refund made anywhere else.
 */
import { enqueueReconcile } from '#core/services/payments/jobs';
import type { OrderRow } from '#core/orders/orderRow';
import { queueCancelledOrderRefundEmail } from '#core/emails/cancelledOrderRefund';
import { shopFacts } from '#shared/shop';
import { defineTask } from '../task';

export default defineTask({
  name: 'orders__refund_cancelled',
  async run({ orderId }, ctx) {
    const [order] = await ctx.sql<
      Pick<OrderRow, 'id' | 'status' | 'payment_status' | 'payment_intent_id' | 'customer_email' | 'customer_first_name' | 'total_cents' | 'user_id'>[]
    >`
      select id, status, payment_status, payment_intent_id, customer_email, customer_first_name, total_cents, user_id from orders where id = ${orderId}`;
    // Reopened meanwhile, already refunded, or gone: nothing to give back.
    if (!order || order.status !== 'failed' || order.payment_status !== 'paid' || !order.payment_intent_id) return;
    if (!ctx.payments) return ctx.log.warn('orders__refund_cancelled: no payment provider configured', { orderId });
    await ctx.payments.refund(ctx.sql, order.payment_intent_id, `order:${order.id}:refund`);
    await ctx.sql.begin(async (tx) => {
      await queueCancelledOrderRefundEmail(tx, { order, shop: shopFacts(ctx.env) });
      await enqueueReconcile(tx, order.payment_intent_id as string);
    });
    ctx.log.child('reconcile').info('refunded the payment of a cancelled order', { orderId });
  },
});
