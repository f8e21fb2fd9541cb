/**
 * Emails the customer about a status change once its undo window has passed, if it is still true
 * then (the change is the latest, not undone, the order paid). Safe to run twice: the email's
 * idempotency key is the change's history id.
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
