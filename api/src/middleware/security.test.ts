import { afterAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '#test/helpers/shop';
import { AUTH_REQUESTS_PER_MINUTE } from '../http/rateLimit';
import { startWeb } from '../server';

const shops: TestShop[] = [];
afterAll(async () => {
  for (const shop of shops) await shop.close();
});

async function shopWith(env: Record<string, string>): Promise<TestShop> {
  const shop = await startTestShop({ env });
  shops.push(shop);
  return shop;
}

/** Spends one client address's whole auth budget (bad bodies: each is counted, then refused with a 400). */
async function spendAuthBudget(shop: TestShop, ip: string): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < AUTH_REQUESTS_PER_MINUTE; i += 25) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(25, AUTH_REQUESTS_PER_MINUTE - i) }, () =>
        shop.client().request('POST', '/api/auth/forgot-password', { json: {}, headers: { 'x-forwarded-for': ip } }),
      ),
    );
    statuses.push(...batch.map((r) => r.status));
  }
  return statuses;
}

const forgot = (shop: TestShop, ip: string) => shop.client().request('POST', '/api/auth/forgot-password', { json: {}, headers: { 'x-forwarded-for': ip } });

describe('behind a proxy: TRUST_PROXY and COOKIE_SECURE', () => {
  it('behind a plain-HTTP proxy, each customer keeps their own rate limit and a cookie the browser sends back over HTTP', { timeout: 60_000 }, async () => {
    const shop = await shopWith({ TRUST_PROXY: 'true', COOKIE_SECURE: 'false' });
    expect((await spendAuthBudget(shop, '203.0.113.5')).every((s) => s === 400)).toBe(true);
    expect((await forgot(shop, '203.0.113.5')).status).toBe(429);
    // Another customer behind the same proxy is not refused for the first one's requests.
    expect((await forgot(shop, '198.51.100.77')).status).toBe(400);

    const customer = shop.client();
    const account = { email: 'plain-http@example.com', password: 'a good password' };
    expect((await customer.post('/api/auth/register', { ...account, firstName: 'P', lastName: 'H' })).status).toBe(201);
    const res = await customer.post('/api/auth/login', account);
    expect(res.status).toBe(200);
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/bp\.session=/);
    expect(cookie).not.toMatch(/;\s*secure/i);
    expect(res.headers.get('strict-transport-security')).toBeNull();
    expect((await customer.get('/api/auth/user')).status).toBe(200);
  });

  it('behind an HTTPS proxy (TRUST_PROXY alone), cookies are Secure and HSTS is sent', { timeout: 60_000 }, async () => {
    const shop = await shopWith({ TRUST_PROXY: 'true' });
    const account = { email: 'https@example.com', password: 'a good password' };
    const headers = { 'x-forwarded-proto': 'https', 'x-forwarded-for': '198.51.100.9' };
    const customer = shop.client();
    expect((await customer.request('POST', '/api/auth/register', { json: { ...account, firstName: 'H', lastName: 'S' }, headers })).status).toBe(201);
    const res = await customer.request('POST', '/api/auth/login', { json: account, headers });
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toMatch(/bp\.session=.*;\s*secure/i);
    expect(res.headers.get('strict-transport-security')).toMatch(/max-age=/);
  });

  it('without TRUST_PROXY, forwarded addresses are ignored: every request through a proxy shares one budget', { timeout: 60_000 }, async () => {
    const shop = await shopWith({});
    await spendAuthBudget(shop, '203.0.113.5');
    expect((await forgot(shop, '198.51.100.77')).status).toBe(429);
  });
});

describe('HOST', () => {
  it('binds the web process to that address, and says where it listens', { timeout: 60_000 }, async () => {
    const shop = await shopWith({});
    const everywhere = await startWeb(shop.ctx, 0);
    try {
      expect(everywhere.address).toMatch(/^(\[::\]|0\.0\.0\.0):\d+ \(every interface\)$/);
    } finally {
      await everywhere.close();
    }
    shop.ctx.env.HOST = '127.0.0.1';
    const loopback = await startWeb(shop.ctx, 0, { healthWaitsForClient: false });
    try {
      expect(loopback.address).toBe(`127.0.0.1:${loopback.port}`);
      expect(loopback.server.address()).toMatchObject({ address: '127.0.0.1', family: 'IPv4' });
      expect((await fetch(`http://127.0.0.1:${loopback.port}/api/health`)).status).toBe(200);
    } finally {
      await loopback.close();
      shop.ctx.env.HOST = undefined;
    }
  });
});
