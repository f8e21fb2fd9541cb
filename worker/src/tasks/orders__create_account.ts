/**
 * 'Create an account' at checkout, after payment: registers the customer with a random password
 * (never sent) and emails a one-time set-your-password link. An existing account is left alone.
 * One transaction, so a crash leaves either nothing or the account, the order link and the email.
 */
import { shopFacts, TTL_MS } from '#shared/shop';
import { randomBytes } from 'node:crypto';
import { emailField } from '#shared/fields';
import { issueAuthToken } from '#core/accounts/commands/authTokens';
import { createUser } from '#core/accounts/commands/users';
import { findUserByEmail } from '#core/accounts/queries';
import type { OrderRow } from '#core/orders/orderRow';
import { queueEmail } from '#core/services/email/index';
import { accountCreatedEmail } from '#core/emails/accountCreated';
import { defineTask } from '../task';
import { claimOrder } from '#core/orders/commands/ownership';

/** How long the set-password link works. */

export default defineTask({
  name: 'orders__create_account',
  async run({ orderId }, ctx) {
    const [order] = await ctx.sql<OrderRow[]>`select * from orders where id = ${orderId}`;
    if (!order || !order.create_account || order.payment_status === 'unpaid') return;
    const email = emailField.safeParse(order.customer_email);
    if (!email.success) return ctx.log.warn('orders__create_account: order has no valid email', { orderId });
    if (await findUserByEmail(ctx.sql, email.data)) return; // an existing account is left alone (also a re-run after success)
    const passwordHash = await ctx.passwords.hash(randomBytes(32).toString('base64url'));
    await ctx.sql.begin(async (tx) => {
      const user = await createUser(tx, {
        email: email.data,
        passwordHash,
        firstName: order.customer_first_name || null,
        lastName: order.customer_last_name || null,
        phone: order.customer_phone || null,
      });
      if (!user) return; // registered meanwhile: leave it alone
      await claimOrder(tx, { orderId: order.id, userId: user.id });
      const token = await issueAuthToken(tx, { kind: 'set_password', ttlMs: TTL_MS.setPassword, userId: user.id, email: email.data });
      const message = accountCreatedEmail({ firstName: order.customer_first_name, appUrl: ctx.env.APP_URL, token, shop: shopFacts(ctx.env) });
      await queueEmail(tx, {
        idempotencyKey: `order:${order.id}:account-created`,
        to: email.data,
        kind: 'account_created',
        subject: message.subject,
        text: message.text,
        orderId: order.id,
        userId: user.id,
      });
    });
  },
});
