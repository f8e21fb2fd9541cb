/**
 * One-time tokens sent by email (set password, reset password, verify email, order lookup).
 * Only a SHA-256 of the token is stored; the raw token exists in the email alone.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from './db';

export type TokenKind = 'set_password' | 'reset_password' | 'verify_email' | 'order_lookup' | 'firm_invite';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Creates a token valid for `ttlMs`; returns the raw token to put in a link. */
export async function createAuthToken(
  db: Queryable,
  input: { kind: TokenKind; ttlMs: number; userId?: string | null; email?: string | null },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db`
    insert into auth_tokens (kind, token_hash, user_id, email, expires_at)
    values (${input.kind}, ${hashToken(token)}, ${input.userId ?? null}, ${input.email ?? null}, ${new Date(Date.now() + input.ttlMs)})`;
  return token;
}

export type AuthTokenRow = { id: string; kind: TokenKind; user_id: string | null; email: string | null; expires_at: Date; used_at: Date | null };

/** The live token row (unexpired; unused unless `allowUsed`), or null. Does not consume it. */
export async function findAuthToken(db: Queryable, kind: TokenKind, token: string, options: { allowUsed?: boolean } = {}): Promise<AuthTokenRow | null> {
  const [row] = await db<AuthTokenRow[]>`
    select id, kind, user_id, email, expires_at, used_at from auth_tokens
    where token_hash = ${hashToken(token)} and kind = ${kind} and expires_at > now()`;
  if (!row || (row.used_at && !options.allowUsed)) return null;
  return row;
}

/** Marks a token used; returns false when it was already used (a second click, a race). */
export async function consumeAuthToken(db: Queryable, id: string): Promise<boolean> {
  const rows = await db`update auth_tokens set used_at = now() where id = ${id} and used_at is null returning id`;
  return rows.length === 1;
}
