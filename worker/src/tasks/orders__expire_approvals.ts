/**
 * Hourly (worker/crontab): cancels orders that have waited APPROVAL_WAIT_DAYS for a firm's approver,
 * and approved card orders their placer left unpaid as long after the approval, each in its own
 * transaction with its placer's email; a card intent the placer had started is then cancelled at the
 * provider. Safe to run any number of times and to kill: an order is cancelled only while it still
 * waits, and its email has one key.
 */
import { expireApproval, expiredApprovalIds } from '#core/orders/commands/approvals';
import { queueApprovalOutcomeEmail } from '#core/emails/approvals';
import { APPROVAL_WAIT_DAYS } from '#shared/approval';
import { shopFacts } from '#shared/shop';
import { defineTask } from '../task';

export default defineTask({
  name: 'orders__expire_approvals',
  async run(_payload, ctx) {
    const shop = shopFacts(ctx.env);
    const ids = await expiredApprovalIds(ctx.sql, { days: APPROVAL_WAIT_DAYS, limit: 200 });
    let expired = 0;
    for (const orderId of ids) {
      const cancelled = await ctx.sql.begin((tx) =>
        expireApproval(tx, {
          orderId,
          days: APPROVAL_WAIT_DAYS,
          notifyExpired: (order) => queueApprovalOutcomeEmail(tx, { order, outcome: 'expired', appUrl: ctx.env.APP_URL, shop }),
        }),
      );
      if (!cancelled) continue;
      expired++;
      // An intent no one confirmed can no longer be; one that was confirmed meanwhile is refunded by reconciliation.
      if (cancelled.payment_intent_id && ctx.payments) {
        await ctx.payments
          .cancelIntent(ctx.sql, cancelled.payment_intent_id)
          .catch((error: unknown) => ctx.log.warn('could not cancel the intent of an expired approved order', { orderId, error }));
      }
    }
    if (expired > 0) ctx.log.child('orders__expire_approvals').info('orders cancelled after waiting for approval', { expired });
  },
});
