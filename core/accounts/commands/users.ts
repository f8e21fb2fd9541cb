/**
 * Every change to a customer account: register it (from the register screen or the checkout's
 * 'Create an account'), set its password, confirm its address, keep its checkout phone (sign-ins are
 * recorded with their session, ./sessions.ts). Routes and tasks check the input and call one of these.
 */
import { addJob, type Queryable } from '../../lib/db';
import type { UserRow } from '../userRow';
import { endAccountSessions } from './sessions';
import { retirePasswordLinks } from './authTokens';

/** Brings the verified address's guest orders into the account (worker/src/tasks/users__claim_guest_orders.ts). */
export function enqueueClaimGuestOrders(db: Queryable, input: { userId: string }): Promise<void> {
  return addJob(db, 'users__claim_guest_orders', { userId: input.userId }, { jobKey: `users:claim:${input.userId}`, maxAttempts: 5 });
}

/** A new account; null when the address already has one (taken meanwhile: it is left alone). */
export async function createUser(
  db: Queryable,
  input: { email: string; passwordHash: string; firstName: string | null; lastName: string | null; phone: string | null },
): Promise<UserRow | null> {
  const [row] = await db<UserRow[]>`
    insert into users (email, password_hash, first_name, last_name, phone)
    values (${input.email}, ${input.passwordHash}, ${input.firstName}, ${input.lastName}, ${input.phone})
    on conflict (email) do nothing
    returning *`;
  return row ?? null;
}

/**
 * A new password from an emailed link: it confirms the address the link was sent to when that is
 * still the account's, ends every session of the account and retires its other password links. A
 * verified account's guest orders are claimed. Null when the account has gone.
 */
export async function setPassword(tx: Queryable, input: { userId: string; passwordHash: string; linkEmail: string | null }): Promise<UserRow | null> {
  const [row] = await tx<UserRow[]>`
    update users set password_hash = ${input.passwordHash}, updated_at = now(),
      email_verified_at = case when email = ${input.linkEmail} then coalesce(email_verified_at, now()) else email_verified_at end
    where id = ${input.userId} returning *`;
  if (!row) return null;
  await endAccountSessions(tx, { userId: row.id });
  await retirePasswordLinks(tx, { userId: row.id });
  if (row.email_verified_at) await enqueueClaimGuestOrders(tx, { userId: row.id });
  return row;
}

/**
 * Confirms the account's address from the link sent to it (again is fine) and claims the guest
 * orders placed with it. False when the account has gone or its address has changed since.
 */
export async function verifyEmail(tx: Queryable, input: { userId: string; email: string | null }): Promise<boolean> {
  const [row] = await tx<{ id: string }[]>`
    update users set email_verified_at = coalesce(email_verified_at, now()), updated_at = now()
    where id = ${input.userId} and email = ${input.email} returning id`;
  if (!row) return false;
  await enqueueClaimGuestOrders(tx, { userId: row.id });
  return true;
}

/** The account keeps the first phone its owner checks out with, for the next prefilled checkout. */
export async function setCustomerPhone(db: Queryable, input: { userId: string; phone: string }): Promise<void> {
  await db`update users set phone = ${input.phone}, updated_at = now() where id = ${input.userId} and phone is null`;
}
