/**
 * One-time tokens sent by email (set password, reset password, verify email, order lookup): how they
 * are hashed and found. Only a SHA-256 of the token is stored; the raw token exists in the email
 * alone. Issuing and using them are commands (core/accounts/commands/authTokens.ts).
 */
import { createHash } from 'node:crypto';
import type { Queryable } from './db';

export type TokenKind = 'set_password' | 'reset_password' | 'verify_email' | 'order_lookup' | 'firm_invite';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export type AuthTokenRow = { id: string; kind: TokenKind; user_id: string | null; email: string | null; expires_at: Date; used_at: Date | null };

/** The live token row (unexpired; unused unless `allowUsed`), or null. Does not consume it. */
export async function findAuthToken(db: Queryable, kind: TokenKind, token: string, options: { allowUsed?: boolean } = {}): Promise<AuthTokenRow | null> {
  const [row] = await db<AuthTokenRow[]>`
    select id, kind, user_id, email, expires_at, used_at from auth_tokens
    where token_hash = ${hashToken(token)} and kind = ${kind} and expires_at > now()`;
  if (!row || (row.used_at && !options.allowUsed)) return null;
  return row;
}
