/**
 * Answers a guest's "track my orders" request off the request path (so the API answers the same,
 * in the same time, whether or not the address has orders): when the address has paid orders, it
 * emails a 24-hour link. At most a few such emails per address an hour, so no one can flood an inbox.
 */
import { defineTask } from '../task';
import { queueOrderLookupEmail } from '#core/emails/order-lookup';

export const LOOKUP_EMAILS_PER_HOUR = 5;

export default defineTask({
  name: 'users__send_order_lookup',
  async run({ email }, ctx) {
    const address = email.trim().toLowerCase();
    await ctx.sql.begin(async (tx) => {
      // Serialise requests for one address so the hourly cap holds under concurrency.
      await tx`select pg_advisory_xact_lock(hashtext(${`lookup:${address}`}))`;
      const [{ count }] = await tx<{ count: number }[]>`
        select count(*)::int as count from orders where lower(customer_email) = ${address} and payment_status <> 'unpaid'`;
      if (count === 0) return;
      const [{ recent }] = await tx<{ recent: number }[]>`
        select count(*)::int as recent from emails
        where lower(to_address) = ${address} and kind = 'order_lookup' and created_at > now() - interval '1 hour'`;
      if (recent >= LOOKUP_EMAILS_PER_HOUR) return ctx.log.info('order lookup email skipped: hourly cap reached');
      await queueOrderLookupEmail(tx, ctx.env, address, count);
    });
  },
});
