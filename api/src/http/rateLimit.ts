/**
 * Rate limits (express-rate-limit) whose counters live in PostgreSQL, so every web process behind a
 * load balancer shares them. Sign-in and order lookup are limited per client (a busy office behind
 * one address still gets well over 60 a minute), and so are failed sign-ins. Failed sign-ins per
 * account are never refused (a stranger must not be able to lock the owner out): they are slowed
 * down, more with each failure, and the owner is emailed (docs/decisions/013-sign-in-throttling.md).
 */
import type { Request } from 'express';
import { ipKeyGenerator, rateLimit, type ClientRateLimitInfo, type Options, type RateLimitRequestHandler, type Store } from 'express-rate-limit';
import { clearRateLimitHits, recordRateLimitHit, sweepStaleRateLimitHits, takeBackRateLimitHit } from '#core/accounts/commands/rateLimitHits';
import { liveRateLimitCount } from '#core/accounts/queries';
import type { Sql } from '#core/lib/db';
import { tooManyRequests } from '#core/lib/errors';
import { HashPriority } from '#core/lib/passwords';

/** Per-client budget for sign-in style requests (login, register, password links, verification). */
export const AUTH_REQUESTS_PER_MINUTE = 100;
/** Per-client budget for order lookup requests (both forms). */
export const LOOKUP_REQUESTS_PER_MINUTE = 100;
/** The window in which failed sign-ins are counted, per client and per account. */
export const FAILED_SIGN_IN_WINDOW_MS = 15 * 60_000;
/**
 * Failed sign-ins per client (address) in the window before that client gets 429: at least the
 * contract's 60 sign-in requests a minute from one office, even if every one of them is mistyped.
 */
export const FAILED_SIGN_INS_PER_CLIENT = 60;
/** Failed sign-ins per account in the window that cost no delay (typos, a forgotten password). */
export const FREE_FAILED_SIGN_INS_PER_ACCOUNT = 10;
/** The delay after the free failures: doubles with each further failure, up to the maximum. */
export const SIGN_IN_DELAY_BASE_MS = 250;
export const SIGN_IN_DELAY_MAX_MS = 5_000;
/**
 * A customer's delay stops at 4 s: it runs alongside the password check (the hash queue answers
 * within HASH_WITHIN_MS), so the owner of an account under attack is answered within 013's 5 s,
 * with a second left for the database.
 */
export const ACCOUNT_SIGN_IN_DELAY_MAX_MS = 4_000;
/** Admin sign-in: wrong passwords per client, and from everyone together, in the window before 429. */
export const ADMIN_FAILED_SIGN_INS_PER_CLIENT = 10;
/** Wrong admin passwords from everyone together before every admin sign-in waits (never a refusal). */
export const ADMIN_FREE_FAILED_SIGN_INS_OVERALL = 10;
/** Wrong admin passwords from one address before its attempts wait. */
export const ADMIN_FREE_FAILED_SIGN_INS_PER_CLIENT = 3;
/** Wrong admin passwords in a window that email the counter, once per window. */
export const ADMIN_FAILED_SIGN_INS_BEFORE_ALERT = 10;
/** Failed sign-ins per account in the window at which the owner is emailed (once per window). */
export const FAILED_SIGN_INS_BEFORE_ALERT = 10;

/**
 * How long a sign-in for an account waits, before its password is checked, given the account's
 * failures in the window. Every attempt waits (the right password too), so a guesser cannot cut
 * a slow answer short and read a fast one as success; the owner is slowed, never refused.
 */
export function signInDelayMs(failures: number): number {
  const over = failures - FREE_FAILED_SIGN_INS_PER_ACCOUNT;
  if (over <= 0) return 0;
  return Math.min(ACCOUNT_SIGN_IN_DELAY_MAX_MS, SIGN_IN_DELAY_BASE_MS * 2 ** Math.min(over - 1, 20));
}

/** A client's sign-in requests in the windows, not counting the one being answered. */
export type ClientSignIns = {
  /** Other sign-in style requests (login, register, password links) in the last minute. */
  otherRequestsThisMinute: number;
  /** Failed sign-ins in the 15-minute window (those still being checked included). */
  failures: number;
};

/**
 * Where a customer's password hash queues (core/lib/passwords.ts). Last: a client with
 * failed sign-ins or other sign-in requests in the last minute (a guesser's every request after its
 * first; one refused 429 gives its failure back, so failures alone would let it look clean again).
 * Then an account with failed sign-ins (its owner, from a clean address). Clean requests first.
 */
export function signInHashPriority(client: ClientSignIns, accountFailures: number): HashPriority {
  if (client.failures > 0 || client.otherRequestsThisMinute > 0) return HashPriority.guessingClient;
  if (accountFailures > 0) return HashPriority.guessedAccount;
  return HashPriority.clean;
}

/**
 * How long an admin sign-in waits before its password is checked: the more wrong passwords from this
 * address or from everyone together in the window, the longer, up to SIGN_IN_DELAY_MAX_MS. The right
 * password waits too (so a fast answer does not mean success) and is never refused for others' guesses.
 */
export function adminSignInDelayMs(failuresFromClient: number, failuresOverall: number): number {
  const wait = (failures: number, free: number) => {
    const over = failures - free;
    return over <= 0 ? 0 : Math.min(SIGN_IN_DELAY_MAX_MS, SIGN_IN_DELAY_BASE_MS * 2 ** Math.min(over - 1, 20));
  };
  return Math.max(wait(failuresFromClient, ADMIN_FREE_FAILED_SIGN_INS_PER_CLIENT), wait(failuresOverall, ADMIN_FREE_FAILED_SIGN_INS_OVERALL));
}

/** A counter per key in `rate_limit_hits` (core/accounts/commands/rateLimitHits.ts); one upsert per request. */
export class PostgresRateLimitStore implements Store {
  prefix: string;
  constructor(
    private readonly sql: Sql,
    prefix: string,
    /** The window; express-rate-limit sets it through init() when the store backs a limiter. */
    private windowMs = 60_000,
  ) {
    this.prefix = prefix;
  }

  init(options: Options): void {
    this.windowMs = options.windowMs;
  }

  private k(key: string): string {
    return `${this.prefix}:${key}`;
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    const count = await liveRateLimitCount(this.sql, this.k(key));
    return count ? { totalHits: count.hits, resetTime: count.resetAt } : undefined;
  }

  async increment(key: string): Promise<ClientRateLimitInfo> {
    const count = await recordRateLimitHit(this.sql, { key: this.k(key), windowSeconds: this.windowMs / 1000 });
    // Expired counters are overwritten in place; now and then sweep those no one came back for.
    if (Math.random() < 0.01) await sweepStaleRateLimitHits(this.sql);
    return { totalHits: count.hits, resetTime: count.resetAt };
  }

  async decrement(key: string): Promise<void> {
    await takeBackRateLimitHit(this.sql, { key: this.k(key) });
  }

  async resetKey(key: string): Promise<void> {
    await clearRateLimitHits(this.sql, { key: this.k(key) });
  }
}

/** The client's address (IPv6 grouped by /56, as express-rate-limit recommends). */
export function clientKey(req: Request): string {
  return ipKeyGenerator(req.ip ?? req.socket.remoteAddress ?? 'unknown');
}

/** A limiter counted in PostgreSQL under `name`, answering 429 through the error handler. */
export function limiter(sql: Sql, name: string, options: Partial<Options>): RateLimitRequestHandler {
  return rateLimit({
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    store: new PostgresRateLimitStore(sql, name),
    // Our own store and key generators; the checks only warn about in-memory setups.
    validate: { singleCount: false, keyGeneratorIpFallback: false },
    passOnStoreError: true,
    handler: (_req, _res, next, used) => next(tooManyRequests(typeof used.message === 'string' ? used.message : undefined)),
    ...options,
  });
}

/** The limits one app uses; built once per app so a test shop has its own. */
export type RateLimits = {
  authPerClient: RateLimitRequestHandler;
  /** 429 for a client after FAILED_SIGN_INS_PER_CLIENT failures in the window (successes give their hit back). */
  failedSignInsPerClient: RateLimitRequestHandler;
  lookupPerClient: RateLimitRequestHandler;
  /** Failed sign-ins per account (keyed by the lower-cased email): read for the delay, never a refusal. */
  accountFailures: PostgresRateLimitStore;
  /**
   * The client's other sign-in requests this minute and failed sign-ins (authPerClient's and
   * failedSignInsPerClient's counters), for the hash queue's priority. `countedAsFailure`: this
   * request passed failedSignInsPerClient, which counts it as a failure until it succeeds.
   */
  clientSignIns(req: Request, countedAsFailure: boolean): Promise<ClientSignIns>;
  /** Key of the per-account counter for an email. */
  accountKeyFor(email: string): string;
};

export function createRateLimits(sql: Sql): RateLimits {
  const accountStore = new PostgresRateLimitStore(sql, 'auth-account', FAILED_SIGN_IN_WINDOW_MS);
  // The same counters as the limiters below (same names and keys), read for the hash queue's priority.
  const clientRequestStore = new PostgresRateLimitStore(sql, 'auth-client', 60_000);
  const clientFailureStore = new PostgresRateLimitStore(sql, 'auth-failed-client', FAILED_SIGN_IN_WINDOW_MS);
  return {
    authPerClient: limiter(sql, 'auth-client', {
      windowMs: 60_000,
      limit: AUTH_REQUESTS_PER_MINUTE,
      keyGenerator: clientKey,
      message: 'Too many sign-in attempts from this network. Please wait a minute and try again.',
    }),
    failedSignInsPerClient: limiter(sql, 'auth-failed-client', {
      windowMs: FAILED_SIGN_IN_WINDOW_MS,
      limit: FAILED_SIGN_INS_PER_CLIENT,
      // Only wrong passwords count (401): a sign-in that works, or a malformed one, takes its hit back.
      skipSuccessfulRequests: true,
      requestWasSuccessful: (_req, res) => res.statusCode !== 401,
      keyGenerator: clientKey,
      message: 'Too many failed sign-in attempts from this network. Please wait 15 minutes or reset your password.',
    }),
    lookupPerClient: limiter(sql, 'lookup-client', {
      windowMs: 60_000,
      limit: LOOKUP_REQUESTS_PER_MINUTE,
      keyGenerator: clientKey,
      message: 'Too many order lookups from this network. Please wait a minute and try again.',
    }),
    accountFailures: accountStore,
    async clientSignIns(req, countedAsFailure) {
      const key = clientKey(req);
      const [requests, failures] = await Promise.all([clientRequestStore.get(key), clientFailureStore.get(key)]);
      return {
        // authPerClient has counted this request.
        otherRequestsThisMinute: Math.max(0, (requests?.totalHits ?? 1) - 1),
        failures: Math.max(0, (failures?.totalHits ?? 0) - (countedAsFailure ? 1 : 0)),
      };
    },
    accountKeyFor: (email) => email.trim().toLowerCase(),
  };
}
