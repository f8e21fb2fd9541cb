/**
 * Cron: deletes unpaid orders older than 24 hours (abandoned checkouts; never one that went to a firm's
 * approver, whose record the placer keeps) after one last look at the
 * provider: an intent that did succeed is reconciled instead, any other is cancelled. Expired
 * shipping quotes that no order uses go too.
 */
import { UNPAID_ORDER_TTL_HOURS } from '#shared/limits';
import { enqueueReconcile } from '#core/services/payments/jobs';
import { defineTask } from '../task';
import { deleteUnpaidOrder } from '#core/orders/commands/placeOrder';
import { deleteExpiredQuotes } from '#core/checkout/commands/shippingQuotes';

export default defineTask({
  name: 'orders__cleanup_unpaid',
  async run(_payload, ctx) {
    const log = ctx.log.child('cleanup');
    const rows = await ctx.sql<{ id: string; payment_intent_id: string | null }[]>`
      select id, payment_intent_id from orders
      where payment_status = 'unpaid' and approval_state is null and created_at < now() - make_interval(hours => ${UNPAID_ORDER_TTL_HOURS})
      order by created_at
      limit 200`;
    let deleted = 0;
    for (const row of rows) {
      if (row.payment_intent_id && ctx.payments) {
        try {
          const info = await ctx.payments.retrieveIntent(ctx.sql, row.payment_intent_id);
          if (info.status === 'succeeded' || info.status === 'processing' || info.status === 'refunded') {
            await enqueueReconcile(ctx.sql, row.payment_intent_id);
            continue;
          }
          await ctx.payments.cancelIntent(ctx.sql, row.payment_intent_id);
        } catch (error) {
          log.warn('could not check an abandoned order with the provider; keeping it for now', { orderId: row.id, error });
          continue;
        }
      }
      if (await deleteUnpaidOrder(ctx.sql, { orderId: row.id })) deleted++;
    }
    await deleteExpiredQuotes(ctx.sql);
    if (deleted > 0) log.info(`deleted ${deleted} abandoned unpaid order(s)`);
  },
});
