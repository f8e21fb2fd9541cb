/**
 * Hourly (worker/crontab): reminds the owners of firms paying on account of an invoice falling due and
 * of one just overdue (core/emails/invoiceReminders.ts), on the counter's calendar. Safe to run any
 * number of times: each reminder is sent once.
 */
import { queueInvoiceReminders } from '#core/emails/invoiceReminders';
import { shopDay } from '#shared/clock';
import { shopFacts } from '#shared/shop';
import { defineTask } from '../task';

export default defineTask({
  name: 'invoices__remind',
  async run(_payload, ctx) {
    const shop = shopFacts(ctx.env);
    const queued = await ctx.sql.begin((tx) => queueInvoiceReminders(tx, { today: shopDay(new Date(), shop), appUrl: ctx.env.APP_URL, shop }));
    if (queued > 0) ctx.log.child('invoices__remind').info('invoice reminders queued', { queued });
  },
});
