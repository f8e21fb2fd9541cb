/**
 * Answers "forgot password" off the request path, so the API answers the same, in the same time,
 * whether or not the account exists. At most a few reset emails per account an hour.
 */
import { defineTask } from '../task';
import { queueResetPasswordEmail } from '#core/emails/account-emails';

export const RESET_EMAILS_PER_HOUR = 5;

export default defineTask({
  name: 'users__send_password_reset',
  async run({ email }, ctx) {
    const address = email.trim().toLowerCase();
    await ctx.sql.begin(async (tx) => {
      const [user] = await tx<{ id: string; email: string; first_name: string | null }[]>`
        select id, email, first_name from users where email = ${address} for update`;
      if (!user) return;
      const [{ recent }] = await tx<{ recent: number }[]>`
        select count(*)::int as recent from emails
        where user_id = ${user.id} and kind = 'account_reset_password' and created_at > now() - interval '1 hour'`;
      if (recent >= RESET_EMAILS_PER_HOUR) return ctx.log.info('password reset email skipped: hourly cap reached');
      await queueResetPasswordEmail(tx, ctx.env, { userId: user.id, email: user.email, firstName: user.first_name });
    });
  },
});
