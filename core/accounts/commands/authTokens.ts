/**
 * One-time tokens sent by email (set password, reset password, verify email, order lookup, firm
 * invite): issued, then used once. Only a SHA-256 of the token is stored (core/lib/tokens.ts reads
 * them); the raw token exists in the email alone.
 */
import { randomBytes } from 'node:crypto';
import type { Queryable } from '../../lib/db';
import { hashToken, type TokenKind } from '../../lib/tokens';

/** Issues a token valid for `ttlMs`; returns the raw token to put in a link. */
export async function issueAuthToken(db: Queryable, input: { kind: TokenKind; ttlMs: number; userId?: string | null; email?: string | null }): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db`
    insert into auth_tokens (kind, token_hash, user_id, email, expires_at)
    values (${input.kind}, ${hashToken(token)}, ${input.userId ?? null}, ${input.email ?? null}, ${new Date(Date.now() + input.ttlMs)})`;
  return token;
}

/** Marks a token used; returns false when it was already used (a second click, a race). */
export async function consumeAuthToken(db: Queryable, id: string): Promise<boolean> {
  const rows = await db`update auth_tokens set used_at = now() where id = ${id} and used_at is null returning id`;
  return rows.length === 1;
}

/** Retires every unused password link (reset or set) of the account: a new password makes them moot. */
export async function retirePasswordLinks(db: Queryable, input: { userId: string }): Promise<void> {
  await db`update auth_tokens set used_at = now() where user_id = ${input.userId} and kind in ('reset_password', 'set_password') and used_at is null`;
}
