/**
 * Who an order belongs to: the browser session that placed it and, once known, the account. These
 * move when a session is renewed at sign-in, when an account is made for a paid order, and when a
 * verified address claims the guest orders placed with it.
 */
import type { Queryable } from '../../lib/db';

/** A renewed session (sign-in) keeps the orders the old one placed. */
export async function moveSessionOrders(tx: Queryable, input: { fromSid: string; toSid: string }): Promise<void> {
  await tx`update orders set session_sid = ${input.toSid} where session_sid = ${input.fromSid}`;
}

/** The account made at checkout takes its order, unless someone owns it already. */
export async function claimOrder(tx: Queryable, input: { orderId: string; userId: string }): Promise<void> {
  await tx`update orders set user_id = ${input.userId}, updated_at = now() where id = ${input.orderId} and user_id is null`;
}

/** A verified address claims every unowned order placed with it; returns how many. */
export async function claimGuestOrders(db: Queryable, input: { userId: string; email: string }): Promise<number> {
  const claimed = await db`
    update orders set user_id = ${input.userId}, updated_at = now()
    where user_id is null and lower(customer_email) = ${input.email}
    returning id`;
  return claimed.length;
}
