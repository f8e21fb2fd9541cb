import { describe, expect, it } from 'vitest';
import { startTestShop } from '#test/helpers/shop';
import {
  AUTH_REQUESTS_PER_MINUTE,
  FAILED_SIGN_INS_BEFORE_ALERT,
  FAILED_SIGN_INS_PER_CLIENT,
  FREE_FAILED_SIGN_INS_PER_ACCOUNT,
  ACCOUNT_SIGN_IN_DELAY_MAX_MS,
  signInDelayMs,
  signInHashPriority,
} from './rateLimit';
import { HashPriority } from '#core/lib/passwords';

describe('sign-in rate limits', () => {
  it('never refuses the owner because a stranger guessed wrong: the account is slowed, the owner signs in and is emailed once', async () => {
    // Behind a proxy, so the stranger and the owner come from different addresses.
    const own = await startTestShop({ env: { TRUST_PROXY: 'true' } });
    try {
      const email = 'target@example.com';
      const owner = own.client();
      const stranger = own.client();
      const from = (ip: string) => ({ 'x-forwarded-for': ip });
      expect((await owner.post('/api/auth/register', { email, password: 'the right one', firstName: 'T', lastName: 'Arget' })).status).toBe(201);

      // A stranger's 15 wrong guesses (in parallel, as a script would send them): each is a 401, none a 429.
      const GUESSES = 15;
      expect(GUESSES).toBeGreaterThan(FAILED_SIGN_INS_BEFORE_ALERT);
      expect(signInDelayMs(GUESSES)).toBeGreaterThan(0);
      const guesses = await Promise.all(
        Array.from({ length: GUESSES }, (_, i) =>
          stranger.request('POST', '/api/auth/login', { json: { email: email.toUpperCase(), password: `wrong ${i}` }, headers: from('203.0.113.7') }),
        ),
      );
      expect(guesses.map((r) => r.status)).toEqual(guesses.map(() => 401));

      // The owner, from home, with the right password: slowed by the growing delay, but signed in.
      const started = Date.now();
      const signedIn = await owner.request('POST', '/api/auth/login', { json: { email, password: 'the right one' }, headers: from('198.51.100.20') });
      expect(signedIn.status).toBe(200);
      expect(Date.now() - started).toBeGreaterThanOrEqual(signInDelayMs(GUESSES) - 50);
      // (Behind TRUST_PROXY the cookie is Secure, so this plain-HTTP client cannot send it back: check the row.)
      const [session] = await own.sql`select 1 from sessions s join users u on u.id = s.user_id where u.email = ${email}`;
      expect(session).toBeTruthy();

      // The owner was told once (not once per guess), through the email queue.
      const alerts = await own.sql<{ to_address: string; text_body: string }[]>`select to_address, text_body from emails where kind = 'account_sign_in_alert'`;
      expect(alerts).toHaveLength(1);
      expect(alerts[0].to_address).toBe(email);
      expect(alerts[0].text_body).toMatch(/not locked/);
      // The good sign-in cleared the account's counter: the next attempt waits no more.
      const [counter] = await own.sql`select hits from rate_limit_hits where key = ${`auth-account:${email}`}`;
      expect(counter).toBeUndefined();
    } finally {
      await own.close();
    }
  }, 120_000);

  it("queues a client's hash last once it has failed or sent other sign-ins this minute, an attacked account's owner before it, clean requests first", () => {
    const clean = { otherRequestsThisMinute: 0, failures: 0 };
    expect(signInHashPriority(clean, 0)).toBe(HashPriority.clean);
    expect(signInHashPriority(clean, 25)).toBe(HashPriority.guessedAccount);
    // A guesser whose earlier guesses were refused (429 gives the failure back) is still busy signing in.
    expect(signInHashPriority({ otherRequestsThisMinute: 3, failures: 0 }, 0)).toBe(HashPriority.guessingClient);
    expect(signInHashPriority({ otherRequestsThisMinute: 0, failures: 1 }, 25)).toBe(HashPriority.guessingClient);
  });

  it('the delay grows with each failure after the free ones, up to a ceiling', () => {
    expect(signInDelayMs(0)).toBe(0);
    expect(signInDelayMs(FREE_FAILED_SIGN_INS_PER_ACCOUNT)).toBe(0);
    const steps = Array.from({ length: 12 }, (_, i) => signInDelayMs(FREE_FAILED_SIGN_INS_PER_ACCOUNT + 1 + i));
    for (let i = 1; i < steps.length; i++) expect(steps[i]).toBeGreaterThanOrEqual(steps[i - 1]);
    expect(steps[0]).toBeGreaterThan(0);
    expect(Math.max(...steps)).toBe(ACCOUNT_SIGN_IN_DELAY_MAX_MS);
    expect(signInDelayMs(1e9)).toBe(ACCOUNT_SIGN_IN_DELAY_MAX_MS);
  });

  it('limits failed sign-ins per client (429), without touching other clients or accounts', { timeout: 120_000 }, async () => {
    const own = await startTestShop({ env: { TRUST_PROXY: 'true' } });
    try {
      const c = own.client();
      const guesser = { 'x-forwarded-for': '203.0.113.9' };
      // Unknown addresses, so no account delay: only the client's budget is spent (8 at a time).
      for (let i = 0; i < FAILED_SIGN_INS_PER_CLIENT; i += 8) {
        const batch = await Promise.all(
          Array.from({ length: Math.min(8, FAILED_SIGN_INS_PER_CLIENT - i) }, (_, j) =>
            c.request('POST', '/api/auth/login', { json: { email: `nobody${i + j}@example.com`, password: 'wrong' }, headers: guesser }),
          ),
        );
        expect(batch.map((r) => r.status)).toEqual(batch.map(() => 401));
      }
      const limited = await c.request('POST', '/api/auth/login', { json: { email: 'nobody@example.com', password: 'wrong' }, headers: guesser });
      expect(limited.status).toBe(429);
      expect(limited.body.message).toMatch(/Too many failed sign-in attempts/);
      expect(limited.headers.get('ratelimit-policy')).toBeTruthy();
      // Someone else, elsewhere, signs in.
      const other = own.client();
      expect(
        (
          await other.request('POST', '/api/auth/register', {
            json: { email: 'bystander@example.com', password: 'the right one', firstName: 'B', lastName: 'Y' },
            headers: { 'x-forwarded-for': '198.51.100.30' },
          })
        ).status,
      ).toBe(201);
      expect(
        (
          await other.request('POST', '/api/auth/login', {
            json: { email: 'bystander@example.com', password: 'the right one' },
            headers: { 'x-forwarded-for': '198.51.100.30' },
          })
        ).status,
      ).toBe(200);
    } finally {
      await own.close();
    }
  });

  it('allows a busy office at least 60 sign-in requests a minute, then answers 429 JSON', async () => {
    const own = await startTestShop();
    try {
      const c = own.client();
      for (let i = 0; i < AUTH_REQUESTS_PER_MINUTE; i++) {
        // Malformed bodies are cheap (no scrypt) but still count against the client.
        expect((await c.post('/api/auth/login', { email: `person${i}@example`, password: '' })).status).toBe(400);
      }
      expect(AUTH_REQUESTS_PER_MINUTE).toBeGreaterThanOrEqual(60);
      const limited = await c.post('/api/auth/login', { email: 'someone@example.com', password: 'whatever' });
      expect(limited.status).toBe(429);
      expect(limited.headers.get('content-type')).toMatch(/application\/json/);
      expect(limited.body.message).toMatch(/Too many sign-in attempts/);
      expect((await c.post('/api/auth/register', { email: 'x@example.com', password: 'password1', firstName: 'X', lastName: 'Y' })).status).toBe(429);
      // The counter lives in PostgreSQL, so every web process sees it.
      const [row] = await own.sql<{ hits: number }[]>`select hits from rate_limit_hits where key like 'auth-client:%'`;
      expect(row.hits).toBeGreaterThan(AUTH_REQUESTS_PER_MINUTE);
      // Lookups have their own budget.
      expect((await c.get('/api/orders/lookup?email=a@example.com&orderNumber=ABCDEF12')).status).toBe(200);
    } finally {
      await own.close();
    }
  });
});
