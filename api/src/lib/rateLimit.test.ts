import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../test/helpers/shop';
import { AUTH_REQUESTS_PER_MINUTE, FAILED_SIGN_INS_PER_ACCOUNT } from './rateLimit';

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(() => shop.close());

describe('sign-in rate limits', () => {
  it('refuses failed sign-ins for an account after 10 (429), counts only failures, leaves other accounts alone', async () => {
    const c = shop.client();
    const email = 'target@example.com';
    await c.post('/api/auth/register', { email, password: 'the right one', firstName: 'T', lastName: 'Arget' });
    await c.post('/api/auth/register', { email: 'bystander@example.com', password: 'the right one', firstName: 'B', lastName: 'Y' });

    // Failures before a success do not carry over past it.
    for (let i = 0; i < FAILED_SIGN_INS_PER_ACCOUNT - 1; i++) expect((await c.post('/api/auth/login', { email, password: `wrong ${i}` })).status).toBe(401);
    expect((await c.post('/api/auth/login', { email, password: 'the right one' })).status).toBe(200);

    for (let i = 0; i < FAILED_SIGN_INS_PER_ACCOUNT; i++) {
      expect((await c.post('/api/auth/login', { email: email.toUpperCase(), password: `wrong ${i}` })).status).toBe(401);
    }
    const limited = await c.post('/api/auth/login', { email, password: 'the right one' });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(/Too many failed sign-in attempts/);
    expect(limited.headers.get('ratelimit-policy')).toBeTruthy();
    // Another account from the same client still signs in.
    expect((await shop.client().post('/api/auth/login', { email: 'bystander@example.com', password: 'the right one' })).status).toBe(200);
  }, 120_000); // about 22 scrypt hashes (N=2^17) on a machine that may be busy

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
