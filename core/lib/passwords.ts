/**
 * Password hashing with scrypt (r=8, p=1, N=2^PASSWORD_HASH_LOG_N: 2^17 in production) from
 * node:crypto, off the event loop. Format: scrypt$N$r$p$salt$hash (base64url): a hash keeps its own
 * parameters, so verifying uses the stored N whatever the configured one is, and N can be raised later.
 *
 * node:crypto's scrypt runs on libuv's thread pool (4 threads), which file reads, DNS lookups and
 * zlib share: eight sign-ins at once would hold all four threads for ~0.4 s each, round after round,
 * and a static file would wait behind them. So at most HASHES_AT_ONCE hashes run at a time; the rest
 * wait in a queue on the event loop (costing nothing), leaving the other threads for I/O.
 *
 * That queue is what a burst of guesses fills, so it is bounded and ordered
 * (docs/decisions/037-sign-in-hashing-bounded-by-time.md):
 * - by time: a hash that could not finish within HASH_WITHIN_MS (estimated from the recent hashes'
 *   speed and the work queued ahead of it) is refused at once with 429 and Retry-After, and one
 *   still waiting when it can no longer finish in time is refused then;
 * - by priority: requests from clients and for accounts with recent failed sign-ins queue behind
 *   clean ones, and a client's guesses never take the last free slot, so a guessing burst delays
 *   mostly itself and a clean sign-in waits for at most one hash already running.
 * The queue is hand-written (docs/decisions/040-hash-queue-not-p-limit.md): p-limit is a FIFO that
 * counts entries, so it has no priorities, cannot tell how much work waits ahead of a new entry (which
 * the bound needs), cannot take one jumped entry out of its line, and a nested limit for guesses
 * would hold an outer slot while it waits; p-queue's priorities fail the bound and the kept slot the
 * same way.
 */
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { tooManyRequests } from './errors';

const R = 8;
const P = 1;
const KEY_LENGTH = 32;
/** scrypt holds 128 * N * r bytes; a stored N above 2^20 (1 GiB) is refused as malformed. */
const MAX_STORED_N = 2 ** 20;
const memoryFor = (n: number, r: number) => 128 * n * r;

/** Concurrent scrypt hashes per process: half of libuv's default pool of 4. */
export const HASHES_AT_ONCE = 2;
/** A hash that could not finish within this (queue wait included) is refused with 429 (decision 013's 5 s). */
export const HASH_WITHIN_MS = 5_000;

/**
 * Where a hash waits: the lower, the sooner. Clean requests first; then an account being guessed at
 * (its owner signing in from a clean address); then clients that have guessed wrong themselves.
 */
export const HashPriority = { clean: 0, guessedAccount: 1, guessingClient: 2 } as const;
export type HashPriority = (typeof HashPriority)[keyof typeof HashPriority];

export type HashOptions = { priority?: HashPriority };

/** The shop's password hashing: one per process (built in createContext), with its queue. */
export type PasswordHasher = {
  /** log2 of N for new hashes. */
  readonly logN: number;
  /** Hashes a password for storage. */
  hash(password: string, options?: HashOptions): Promise<string>;
  /** True when `password` matches `stored` (at the stored cost); false for any malformed hash. */
  verify(password: string, stored: string, options?: HashOptions): Promise<boolean>;
  /** A hash of a random password: compare against it when the account is unknown, for equal timing. */
  dummyHash(): Promise<string>;
};

type Waiting = { priority: number; cost: number; start: (slot: Running) => void; refuse: (error: Error) => void; timer?: NodeJS.Timeout };
type Running = { cost: number; priority: number; startedAt: number };

/** Recent hashes' speed, in milliseconds per unit of cost (N·r·p), over the last RECENT hashes. */
const RECENT = 8;

/**
 * At most `hashesAtOnce` hashes at a time, by priority then arrival; refuses a hash that could not
 * finish within `withinMs`. `msPerCost` seeds the speed before the first hash is measured
 * (~0.4 s for N=2^17, r=8 on a current server core).
 */
export function createHashQueue({ hashesAtOnce = HASHES_AT_ONCE, withinMs = HASH_WITHIN_MS, msPerCost = 400 / 2 ** 20 } = {}) {
  const running = new Set<Running>();
  const waiting: Waiting[] = [];
  const recent: number[] = [];
  const speed = () => (recent.length === 0 ? msPerCost : recent.reduce((a, b) => a + b, 0) / recent.length);

  /** Guesses (clients with failed sign-ins) never take the last free slot: it stays for clean requests. */
  const guessSlots = Math.max(1, hashesAtOnce - 1);
  const isGuess = (priority: number) => priority >= HashPriority.guessingClient;
  const guessesRunning = () => [...running].filter((r) => isGuess(r.priority)).length;
  const mayStart = (priority: number) => running.size < hashesAtOnce && (!isGuess(priority) || guessesRunning() < guessSlots);

  /**
   * When a hash of `cost` at `priority` would finish if it joined the line at `position`: each slot it
   * may use frees when its running hash ends (as estimated), and those ahead take the earliest slot.
   */
  function finishesAt(position: number, cost: number, priority: number, now: number): number {
    const ms = speed();
    const guess = isGuess(priority);
    const slots = [...running].filter((r) => !guess || isGuess(r.priority)).map((r) => Math.max(now, r.startedAt + r.cost * ms));
    while (slots.length < (guess ? guessSlots : hashesAtOnce)) slots.push(now);
    for (const ahead of waiting.slice(0, position)) {
      slots.sort((a, b) => a - b);
      slots[0] += ahead.cost * ms;
    }
    return Math.min(...slots) + cost * ms;
  }

  function refusal(estimatedMs: number): Error {
    const seconds = Math.max(1, Math.ceil((estimatedMs - withinMs) / 1000));
    return tooManyRequests(`Too many sign-ins at once. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`, seconds);
  }

  /** Hands free slots to the first in line; the slot is taken here, so one hand-over per slot. */
  function startNext(): void {
    // The line is in priority order: when its first may not start (a guess, the guesses' slots full), none after it may.
    while (waiting.length > 0 && mayStart(waiting[0].priority)) {
      const next = waiting.shift() as Waiting;
      clearTimeout(next.timer);
      const slot: Running = { cost: next.cost, priority: next.priority, startedAt: Date.now() };
      running.add(slot);
      next.start(slot);
    }
  }

  /** Runs `work` (a hash of `cost`) in turn, or throws 429 when it could not finish in time. */
  async function run<T>(cost: number, priority: number, work: () => Promise<T>): Promise<T> {
    const now = Date.now();
    let slot: Running;
    if (waiting.length === 0 && mayStart(priority)) {
      slot = { cost, priority, startedAt: now };
      running.add(slot);
    } else {
      let position = waiting.findIndex((w) => w.priority > priority);
      if (position < 0) position = waiting.length;
      const finish = finishesAt(position, cost, priority, now);
      if (finish - now > withinMs) throw refusal(finish - now);
      slot = await new Promise<Running>((resolve, reject) => {
        const entry: Waiting = { priority, cost, start: resolve, refuse: reject };
        waiting.splice(position, 0, entry);
        // Clean requests may jump ahead of this one: if it can no longer finish in time, it is refused
        // when it would have to start, not left waiting past the promise.
        const latestStart = Math.max(0, withinMs - cost * speed());
        entry.timer = setTimeout(() => {
          const index = waiting.indexOf(entry);
          if (index < 0) return;
          waiting.splice(index, 1);
          entry.refuse(refusal(finishesAt(index, cost, priority, Date.now()) - Date.now()));
        }, latestStart);
        entry.timer.unref();
        // A clean request may start at once beside waiting guesses (they may not take the last slot).
        startNext();
      });
    }
    try {
      return await work();
    } finally {
      running.delete(slot);
      recent.push((Date.now() - slot.startedAt) / cost);
      if (recent.length > RECENT) recent.shift();
      startNext();
    }
  }

  return { run, waitingCount: () => waiting.length, runningCount: () => running.size };
}

export type HashQueue = ReturnType<typeof createHashQueue>;

/** A password hasher whose new hashes cost N=2^logN, sharing `queue` (one per process). */
export function createPasswordHasher(logN: number, queue: HashQueue = createHashQueue()): PasswordHasher {
  const n = 2 ** logN;

  function scrypt(
    password: string,
    salt: Buffer,
    keylen: number,
    options: ScryptOptions & { N: number; r: number; p: number },
    priority: number,
  ): Promise<Buffer> {
    const maxmem = 2 * memoryFor(options.N, options.r);
    return queue.run(
      options.N * options.r * options.p,
      priority,
      () => new Promise((resolve, reject) => scryptCb(password, salt, keylen, { ...options, maxmem }, (error, key) => (error ? reject(error) : resolve(key)))),
    );
  }

  async function hash(password: string, options: HashOptions = {}): Promise<string> {
    const salt = randomBytes(16);
    const key = await scrypt(password, salt, KEY_LENGTH, { N: n, r: R, p: P }, options.priority ?? HashPriority.clean);
    return `scrypt$${n}$${R}$${P}$${salt.toString('base64url')}$${key.toString('base64url')}`;
  }

  let dummy: Promise<string> | null = null;

  return {
    logN,
    hash,
    dummyHash() {
      dummy ??= hash(randomBytes(16).toString('hex'));
      return dummy;
    },
    async verify(password, stored, options = {}) {
      const parts = stored.split('$');
      if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
      const [, nText, rText, pText, saltB64, keyB64] = parts;
      const [storedN, r, p] = [Number(nText), Number(rText), Number(pText)];
      const wellFormed =
        Number.isSafeInteger(storedN) && storedN > 1 && storedN <= MAX_STORED_N && (storedN & (storedN - 1)) === 0 && r >= 1 && r <= 32 && p >= 1 && p <= 16;
      if (!wellFormed) return false;
      const expected = Buffer.from(keyB64, 'base64url');
      if (expected.length === 0) return false;
      const key = await scrypt(password, Buffer.from(saltB64, 'base64url'), expected.length, { N: storedN, r, p }, options.priority ?? HashPriority.clean);
      return key.length === expected.length && timingSafeEqual(key, expected);
    },
  };
}
