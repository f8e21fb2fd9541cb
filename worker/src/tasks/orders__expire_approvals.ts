/**
 * Hourly (worker/crontab): cancels orders that have waited APPROVAL_WAIT_DAYS for a firm's approver,
 * each in its own transaction with its placer's email. Safe to run any number of times and to kill:
 * an order is cancelled only while it still waits, and its email has one key.
 */
import { expireApproval } from '#core/orders/commands/approvals';
import { queueApprovalOutcomeEmail } from '#core/emails/approvals';
import { APPROVAL_WAIT_DAYS } from '#shared/approval';
import { shopFacts } from '#shared/shop';
import { defineTask } from '../task';

export default defineTask({
  name: 'orders__expire_approvals',
  async run(_payload, ctx) {
    const shop = shopFacts(ctx.env);
    const rows = await ctx.sql<{ id: string }[]>`
      select id from orders where approval_state = 'waiting'
        and approval_requested_at <= now() - make_interval(days => ${APPROVAL_WAIT_DAYS})
      order by approval_requested_at limit 200`;
    let expired = 0;
    for (const row of rows) {
      const done = await ctx.sql.begin((tx) =>
        expireApproval(tx, {
          orderId: row.id,
          days: APPROVAL_WAIT_DAYS,
          notifyExpired: (order) => queueApprovalOutcomeEmail(tx, { order, outcome: 'expired', appUrl: ctx.env.APP_URL, shop }),
        }),
      );
      if (done) expired++;
    }
    if (expired > 0) ctx.log.child('orders__expire_approvals').info('orders cancelled after waiting for approval', { expired });
  },
});
