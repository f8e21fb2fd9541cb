/**
 * The counters behind the rate limits (api/src/http/rateLimit.ts), one row per key in
 * `rate_limit_hits`, so every web process behind a load balancer shares them.
 */
import type { Queryable } from '../../lib/db';

/** A counter as it stands after a change. */
export type RateLimitCount = { hits: number; resetAt: Date };

/**
 * Counts one hit for `key` in a window of `windowSeconds`; a counter whose window has passed starts
 * again at 1 in a new window. One upsert, so concurrent hits are all counted.
 */
export async function recordRateLimitHit(db: Queryable, input: { key: string; windowSeconds: number }): Promise<RateLimitCount> {
  const [row] = await db<{ hits: number; reset_at: Date }[]>`
    insert into rate_limit_hits (key, hits, reset_at)
    values (${input.key}, 1, now() + make_interval(secs => ${input.windowSeconds}))
    on conflict (key) do update set
      hits = case when rate_limit_hits.reset_at <= now() then 1 else rate_limit_hits.hits + 1 end,
      reset_at = case when rate_limit_hits.reset_at <= now() then excluded.reset_at else rate_limit_hits.reset_at end
    returning hits, reset_at`;
  return { hits: row.hits, resetAt: row.reset_at };
}

/** Gives one hit back (a request that should not have counted), never below zero. */
export async function takeBackRateLimitHit(db: Queryable, input: { key: string }): Promise<void> {
  await db`update rate_limit_hits set hits = greatest(hits - 1, 0) where key = ${input.key}`;
}

/** Forgets the counter for `key` (a successful sign-in clears the account's failures). */
export async function clearRateLimitHits(db: Queryable, input: { key: string }): Promise<void> {
  await db`delete from rate_limit_hits where key = ${input.key}`;
}

/** Deletes counters whose window ended over an hour ago and that no one came back for. */
export async function sweepStaleRateLimitHits(db: Queryable): Promise<void> {
  await db`delete from rate_limit_hits where reset_at < now() - interval '1 hour'`;
}
