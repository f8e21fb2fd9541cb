/**
 * "Your payment for order … was refunded": a payment that arrived for an order the counter had
 * cancelled is given back (orders__refund_cancelled); the customer hears it from us, not only from
 * the bank statement. Once per order.
 */
import { orderNumberOf } from '#shared/fields';
import { formatCents } from '#shared/money';
import type { ShopFacts } from '#shared/shop';
import type { Queryable } from '../lib/db';
import { queueEmail } from '../services/email/index';
import { questionsLine } from './closing';
import { greeting } from './theirWords';

type RefundedOrder = { id: string; customer_email: string; customer_first_name: string | null; total_cents: number; user_id: string | null };

export async function queueCancelledOrderRefundEmail(tx: Queryable, input: { order: RefundedOrder; shop: ShopFacts }): Promise<void> {
  const { order, shop } = input;
  const number = orderNumberOf(order.id);
  const amount = formatCents(order.total_cents);
  await queueEmail(tx, {
    idempotencyKey: `order:${order.id}:cancelled-refund`,
    to: order.customer_email,
    kind: 'order_cancelled_refund',
    orderId: order.id,
    userId: order.user_id,
    subject: `Your payment for order ${number} was refunded`,
    text:
      `${greeting(order.customer_first_name)}\n\nOrder ${number} had been cancelled before your payment of ${amount} reached us, ` +
      `so nothing will be printed and the ${amount} was refunded to the same card. It can take your bank a few days to show the refund. ` +
      `To order the prints, please start a new order.\n\n${questionsLine(shop)}\n\n${shop.name}`,
  });
}
