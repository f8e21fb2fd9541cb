/**
 * Daily (worker/crontab): reminds the owners of each verified tax-exempt certificate without an expiry
 * date a month before its 12 months end (core/firms/certificates.ts), on the counter's calendar. Safe
 * to run any number of times: each verification of a certificate is reminded of once.
 */
import { remindCertificateRenewals } from '#core/firms/commands/certificates';
import { shopDay } from '#shared/clock';
import { shopFacts } from '#shared/shop';
import { defineTask } from '../task';

export default defineTask({
  name: 'firm_tax_certificates__remind',
  async run(_payload, ctx) {
    const shop = shopFacts(ctx.env);
    const queued = await ctx.sql.begin((tx) => remindCertificateRenewals(tx, { today: shopDay(new Date(), shop), appUrl: ctx.env.APP_URL, shop }));
    if (queued > 0) ctx.log.child('firm_tax_certificates__remind').info('certificate renewal reminders queued', { queued });
  },
});
