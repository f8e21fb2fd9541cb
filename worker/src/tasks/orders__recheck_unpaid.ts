/**
 * Cron (every minute): asks the provider again about recent unpaid orders whose customer got as far
 * as paying (details filled in, which the page sends right before confirming) and that have not
 * moved for a minute, so a lost webhook does not lose a paid order. Orders abandoned at load (still
 * placeholders) are left to the clean-up; an approved card order, paid days after it was placed,
 * is asked about too. Each check is the ordinary reconciliation job.
 */
import { enqueueReconcile } from '#core/services/payments/jobs';
import { UNPAID_ORDER_TTL_HOURS } from '#shared/limits';
import { defineTask } from '../task';

export default defineTask({
  name: 'orders__recheck_unpaid',
  async run(_payload, ctx) {
    const rows = await ctx.sql<{ payment_intent_id: string }[]>`
      select payment_intent_id from orders
      where payment_status = 'unpaid' and payment_intent_id is not null
        and (created_at > now() - make_interval(hours => ${UNPAID_ORDER_TTL_HOURS}) or approval_state = 'approved')
        and customer_email <> ''
        and updated_at < now() - interval '1 minute'
      order by created_at desc
      limit 200`;
    if (rows.length === 0) return;
    await ctx.sql.begin(async (tx) => {
      for (const row of rows) await enqueueReconcile(tx, row.payment_intent_id);
    });
  },
});
