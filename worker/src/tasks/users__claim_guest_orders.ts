/**
 * Brings guest orders into an account once its address is verified: every order placed with that
 * email and not yet owned by anyone becomes the account's. Safe to run twice (owned orders are skipped).
 */
import { defineTask } from '../task';
import { claimGuestOrders } from '#core/orders/commands/ownership';

export default defineTask({
  name: 'users__claim_guest_orders',
  async run({ userId }, ctx) {
    const [user] = await ctx.sql<{ email: string; email_verified_at: Date | null }[]>`
      select email, email_verified_at from users where id = ${userId}`;
    if (!user) return ctx.log.warn('users__claim_guest_orders: user is gone', { userId });
    // Only a verified address proves these orders are the account holder's.
    if (!user.email_verified_at) return;
    const claimed = await claimGuestOrders(ctx.sql, { userId, email: user.email });
    if (claimed > 0) ctx.log.info('claimed guest orders', { userId, count: claimed });
  },
});
