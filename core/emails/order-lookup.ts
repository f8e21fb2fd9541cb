/** The guest tracking email: a 24-hour link to /order-lookup?token=… listing that address's paid orders. */
import { shopFacts, TTL_MS } from '#shared/shop';
import type { Env } from '#shared/env';
import type { Queryable } from '../lib/db';
import { issueAuthToken } from '../accounts/commands/authTokens';
import { queueEmail } from '../services/email/index';
import { signOff } from './closing';

export const ORDER_LOOKUP_TTL_MS = TTL_MS.orderLookup;

/** Creates the lookup token for `email` and queues the email with its link. */
export async function queueOrderLookupEmail(db: Queryable, env: Env, email: string, orderCount: number): Promise<void> {
  const shop = shopFacts(env);
  const token = await issueAuthToken(db, { kind: 'order_lookup', ttlMs: ORDER_LOOKUP_TTL_MS, email });
  const link = `${env.APP_URL}/order-lookup?token=${encodeURIComponent(token)}`;
  const orders = orderCount === 1 ? 'your order' : `your ${orderCount} orders`;
  await queueEmail(db, {
    idempotencyKey: `lookup:${email}:${token.slice(0, 16)}`,
    to: email,
    kind: 'order_lookup',
    subject: `Track your ${shop.name} orders`,
    text:
      `Hello,\n\nYou asked to track the orders placed with ${email}. See ${orders} and ${orderCount === 1 ? 'its' : 'their'} status here:\n\n${link}\n\n` +
      `The link works for 24 hours. If you did not ask for this, you can ignore this email.\n\n${signOff(shop)}`,
  });
}
