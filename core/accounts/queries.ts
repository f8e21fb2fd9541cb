/**
 * The reads of accounts, sessions and rate-limit counters the HTTP side needs; the changes are in
 * ./commands/.
 */
import type { Queryable } from '../lib/db';
import type { UserRow } from './userRow';

/** The account with this address, or null. */
export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | null> {
  const [row] = await db<UserRow[]>`select * from users where email = ${email}`;
  return row ?? null;
}

/** The account with this id, or null (deleted since its session began). */
export async function findUserById(db: Queryable, id: string): Promise<UserRow | null> {
  const [row] = await db<UserRow[]>`select * from users where id = ${id}`;
  return row ?? null;
}

/** A `sessions` row as the session loader reads it. */
export type SessionRow = { sid: string; kind: string; user_id: string | null; expire: Date; created_at: Date; sess: { username?: string } | null };

/** The rows of `sids` whose idle expiry has not passed (the absolute lifetime is the caller's to check). */
export function liveSessions(db: Queryable, sids: string[]): Promise<SessionRow[]> {
  return db<SessionRow[]>`select sid, kind, user_id, expire, created_at, sess from sessions where sid in ${db(sids)} and expire > now()`;
}

/** The counter for `key` while its window lasts, or null. */
export async function liveRateLimitCount(db: Queryable, key: string): Promise<{ hits: number; resetAt: Date } | null> {
  const [row] = await db<{ hits: number; reset_at: Date }[]>`select hits, reset_at from rate_limit_hits where key = ${key} and reset_at > now()`;
  return row ? { hits: row.hits, resetAt: row.reset_at } : null;
}
