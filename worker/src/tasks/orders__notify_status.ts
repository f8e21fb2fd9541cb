/**
 * Emails the customer about one status change once its undo window has passed, if the change stands
 * then (not undone, the order paid or on account); a later change has its own job and does not
 * silence this one. Safe to run twice: the email's idempotency key is the change's history id.
 */
import { queueStatusChangeEmail } from '#core/emails/status-change';
import { defineTask } from '../task';

export default defineTask({
  name: 'orders__notify_status',
  async run({ orderId, historyId }, ctx) {
    const outcome = await ctx.sql.begin((tx) => queueStatusChangeEmail(tx, ctx.env, { orderId, historyId }));
    if (outcome !== 'queued') ctx.log.child('status').debug(`status email not sent: ${outcome}`, { orderId, historyId });
  },
});
