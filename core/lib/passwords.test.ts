import { scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseEnv } from '#shared/env';
import { HttpError } from './errors';
import { createHashQueue, createPasswordHasher, HashPriority } from './passwords';

describe('password hashes', () => {
  it("a hash made with the default configuration has production's cost: scrypt N=2^17, r=8, 128 MiB and hundreds of milliseconds", async () => {
    // The test run sets PASSWORD_HASH_LOG_N=10 (vitest.config.ts); a configuration without it is production's.
    const env = parseEnv({});
    const passwords = createPasswordHasher(env.PASSWORD_HASH_LOG_N);
    const started = performance.now();
    const stored = await passwords.hash('the right one');
    const tookMs = performance.now() - started;

    const [scheme, n, r, p, salt] = stored.split('$');
    expect([scheme, Number(n), Number(r), Number(p)]).toEqual(['scrypt', 2 ** 17, 8, 1]);
    // scrypt holds 128·N·r bytes: 128 MiB. Node refuses to run it in any less memory.
    expect(128 * Number(n) * Number(r)).toBe(128 * 1024 * 1024);
    expect(() =>
      scryptSync('the right one', Buffer.from(salt, 'base64url'), 32, { N: Number(n), r: Number(r), p: Number(p), maxmem: 127 * 1024 * 1024 }),
    ).toThrow(/memory limit exceeded/i);
    // 2^20 rounds of Salsa20/8 over 1 KiB blocks cannot be cheap on any CPU (~0.4 s on a server core).
    expect(tookMs).toBeGreaterThan(100);
    expect(await passwords.verify('the right one', stored)).toBe(true);
    expect(await passwords.verify('the wrong one', stored)).toBe(false);
  }, 30_000);

  it('verifies a hash at the cost stored with it, whatever the configured cost, and refuses malformed ones', async () => {
    const production = createPasswordHasher(17);
    const cheap = createPasswordHasher(10);
    const strong = await production.hash('kept since 2026');
    expect(await cheap.verify('kept since 2026', strong)).toBe(true);
    const weak = await cheap.hash('a test password');
    expect(weak.split('$')[1]).toBe(String(2 ** 10));
    expect(await production.verify('a test password', weak)).toBe(true);
    for (const bad of [
      '',
      'bcrypt$x',
      weak.replace(`$${2 ** 10}$`, '$1000$'),
      weak.replace(`$${2 ** 10}$`, `$${2 ** 30}$`),
      `${weak.slice(0, weak.lastIndexOf('$'))}$`,
    ]) {
      expect(await cheap.verify('a test password', bad)).toBe(false);
    }
  }, 30_000);
});

/** A hash that runs until `finish()` is called: the queue's timing without scrypt's. */
function heldWork() {
  let finish = () => {};
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { finish, work: () => done };
}

/** Lets the queue's hand-over (a resolved promise) run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error,
  );

describe('the hash queue', () => {
  // Each hash costs 100 units at a seeded 1 ms a unit: 100 ms, two at a time, each answered within 300 ms.
  const options = { hashesAtOnce: 2, withinMs: 300, msPerCost: 1 };

  it('refuses at once, with 429 and Retry-After, a hash that could not finish within the time allowed', async () => {
    const queue = createHashQueue(options);
    const held = Array.from({ length: 6 }, heldWork);
    // Two run (done by 100 ms), four wait (done by 200, 200, 300, 300 ms): all within 300 ms.
    const admitted = held.map((h) => queue.run(100, HashPriority.clean, h.work));
    expect([queue.runningCount(), queue.waitingCount()]).toEqual([2, 4]);

    const started = performance.now();
    const refused = await refusal(queue.run(100, HashPriority.clean, async () => 'hashed'));
    expect(performance.now() - started).toBeLessThan(50);
    expect(refused).toBeInstanceOf(HttpError);
    const error = refused as HttpError;
    expect(error.status).toBe(429);
    expect(error.headers?.['Retry-After']).toBe('1');
    expect(error.message).toMatch(/try again in 1 second/);
    expect(queue.waitingCount()).toBe(4);

    for (const h of held) h.finish();
    await Promise.all(admitted);
    expect([queue.runningCount(), queue.waitingCount()]).toEqual([0, 0]);
  });

  it('keeps a slot free of guesses, starts clean requests and an account owner before queued guesses, and refuses a guess pushed past the time allowed', async () => {
    const queue = createHashQueue(options);
    const order: string[] = [];
    const hash = (name: string, priority: HashPriority) => {
      const h = heldWork();
      const result = queue.run(100, priority, () => {
        order.push(name);
        return h.work();
      });
      return { finish: h.finish, result };
    };
    // One guess runs; the next two wait though a slot is free (done by 200 and 300 ms); a fourth could not finish in time.
    const guesses = ['guess A', 'guess B', 'guess C'].map((name) => hash(name, HashPriority.guessingClient));
    expect([queue.runningCount(), queue.waitingCount()]).toEqual([1, 2]);
    expect(((await refusal(queue.run(100, HashPriority.guessingClient, async () => 'hashed'))) as HttpError).status).toBe(429);

    // A clean sign-in takes the free slot at once; the account's owner (from a clean address) goes ahead of the guesses.
    const customer = hash('customer', HashPriority.clean);
    const owner = hash('owner', HashPriority.guessedAccount);
    await settle();
    expect(order).toEqual(['guess A', 'customer']);
    guesses[0].finish();
    await guesses[0].result;
    await settle();
    expect(order).toEqual(['guess A', 'customer', 'owner']);
    customer.finish();
    await customer.result;
    await settle();
    expect(order).toEqual(['guess A', 'customer', 'owner', 'guess B']);

    // guess C can no longer start in time (its latest start: 200 ms after it queued): refused, not kept waiting.
    expect(((await refusal(guesses[2].result)) as HttpError).status).toBe(429);
    expect(queue.waitingCount()).toBe(0);
    owner.finish();
    guesses[1].finish();
    await Promise.all([owner.result, guesses[1].result]);
    expect(order).not.toContain('guess C');
  });
});
