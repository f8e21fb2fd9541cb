/**
 * Draws a paid order's receipt PDF into storage (one fixed key per order, so a re-run overwrites
 * rather than duplicates), then queues the confirmation email with the receipt attached. The
 * email's idempotency key (`order:<id>:confirmation`) makes it one email however often this runs.
 */
import { shopFacts } from '#shared/shop';
import { orderNumberOf } from '#shared/fields';
import type { OrderRow } from '#core/orders/orderRow';
import { queueEmail } from '#core/services/email/index';
import { renderReceipt } from '#core/services/receipts/index';
import { sheetListOf } from '#core/orders/sheetList';
import { revisionPrintOf } from '#core/revisions/reprint';
import { receiptKey } from '#core/services/storage/keys';
import { orderConfirmationEmail } from '#core/emails/orderConfirmation';
import { defineTask } from '../task';
import { recordReceipt } from '#core/orders/commands/files';
import { withOrderFiles } from '#core/orders/orderFiles';

export default defineTask({
  name: 'orders__render_receipt',
  async run({ orderId }, ctx) {
    const [order] = await ctx.sql<OrderRow[]>`select * from orders where id = ${orderId}`;
    if (!order) return ctx.log.warn('orders__render_receipt: order is gone', { orderId });
    if (order.payment_status === 'unpaid') return;
    await withOrderFiles(ctx.sql, [order]);
    const key = receiptKey(order.id);
    const revision = await revisionPrintOf(ctx.sql, order);
    const stored = order.receipt_key === key && (await ctx.storage.stat(key)) !== null;
    if (!stored) {
      const pdf = await renderReceipt(order, shopFacts(ctx.env), await sheetListOf(ctx.sql, order), revision);
      await ctx.storage.put(key, pdf, { contentType: 'application/pdf', contentLength: pdf.length });
    }
    await ctx.sql.begin(async (tx) => {
      await recordReceipt(tx, { orderId: order.id, key });
      const email = orderConfirmationEmail(order, {
        appUrl: ctx.env.APP_URL,
        supportEmail: ctx.env.SUPPORT_EMAIL,
        supportPhone: ctx.env.SUPPORT_PHONE,
        shop: shopFacts(ctx.env),
        revision,
      });
      await queueEmail(tx, {
        idempotencyKey: `order:${order.id}:confirmation`,
        to: order.customer_email,
        kind: 'order_confirmation',
        subject: email.subject,
        text: email.text,
        html: email.html,
        orderId: order.id,
        userId: order.user_id,
        attachments: [{ filename: `receipt-${orderNumberOf(order.id)}.pdf`, storageKey: key, contentType: 'application/pdf' }],
      });
    });
  },
});
