/**
 * Server-side sessions (the `sessions` table): started, slid, handed over at sign-in and ended.
 * The cookie and the lifetimes are the HTTP side's (api/src/http/sessions.ts); it calls these.
 */
import { randomBytes } from 'node:crypto';
import type { Queryable } from '../../lib/db';
import { moveSessionQuotes } from '../../checkout/commands/sessionQuotes';
import { moveSessionOrders } from '../../orders/commands/ownership';
import { moveSessionUploads } from '../../uploads/commands/sessionUploads';

/** Starts a session with a new random id; returns the id. An anonymous customer session has no user. */
export async function startSession(
  db: Queryable,
  input: { kind: 'customer'; expire: Date; userId?: string | null } | { kind: 'admin'; expire: Date; username: string },
): Promise<string> {
  const sid = randomBytes(32).toString('base64url');
  if (input.kind === 'admin') {
    await db`insert into sessions (sid, kind, sess, expire) values (${sid}, 'admin', ${db.json({ username: input.username })}, ${input.expire})`;
  } else if (input.userId) {
    await db`insert into sessions (sid, kind, user_id, expire) values (${sid}, 'customer', ${input.userId}, ${input.expire})`;
  } else {
    await db`insert into sessions (sid, kind, expire) values (${sid}, 'customer', ${input.expire})`;
  }
  return sid;
}

/**
 * Signs a customer in on a new session (no fixation) and records the sign-in. The browser's
 * previous session ends; when `carryOver`, what it uploaded, ordered and was quoted moves to the new
 * one first. Returns the new session id.
 */
export async function signInToNewSession(
  tx: Queryable,
  input: { userId: string; expire: Date; previousSid: string | null; carryOver: boolean },
): Promise<string> {
  const sid = await startSession(tx, { kind: 'customer', userId: input.userId, expire: input.expire });
  await recordSignIn(tx, { userId: input.userId });
  const old = input.previousSid;
  if (!old) return sid;
  if (input.carryOver) {
    const moved = { fromSid: old, toSid: sid };
    await moveSessionUploads(tx, moved);
    await moveSessionOrders(tx, moved);
    await moveSessionQuotes(tx, moved);
  }
  await endSession(tx, { sid: old });
  return sid;
}

/** Records a sign-in, keeping the one before it (null on a first sign-in: "Welcome", not "Welcome back"). */
export async function recordSignIn(tx: Queryable, input: { userId: string }): Promise<void> {
  await tx`update users set previous_sign_in_at = last_sign_in_at, last_sign_in_at = now() where id = ${input.userId}`;
}

/** Slides a session's idle expiry. */
export async function extendSession(db: Queryable, input: { sid: string; expire: Date }): Promise<void> {
  await db`update sessions set expire = ${input.expire} where sid = ${input.sid}`;
}

/** Ends one session (sign-out): a copied cookie replayed afterwards finds no row. */
export async function endSession(db: Queryable, input: { sid: string }): Promise<void> {
  await db`delete from sessions where sid = ${input.sid}`;
}

/** Ends every session of an account (a new password). */
export async function endAccountSessions(db: Queryable, input: { userId: string }): Promise<void> {
  await db`delete from sessions where user_id = ${input.userId}`;
}
