import { describe, expect, it } from 'vitest';
import { shopForFile, type TestShop } from '#test/helpers/shop';
import { queueEmail } from '#core/services/email/index';

let shop: TestShop;
shopForFile((s) => (shop = s));

describe('health', () => {
  it('answers ok when the database is migrated', async () => {
    const res = await shop.client().get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
  });
});

describe('API basics', () => {
  it('answers unknown /api routes with JSON 404', async () => {
    const res = await shop.client().get('/api/no-such-thing');
    expect(res.status).toBe(404);
    expect(res.body.message).toMatch(/not found/i);
  });

  it('answers malformed JSON with 400', async () => {
    const res = await shop.client().request('POST', '/api/no-such-thing', { body: '{"broken', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/not valid JSON/);
  });

  it('answers a body over the limit with 413', async () => {
    const res = await shop
      .client()
      .request('POST', '/api/no-such-thing', { body: JSON.stringify({ x: 'a'.repeat(200_000) }), headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(413);
  });

  it('refuses cross-site state-changing requests, lets API clients through', async () => {
    const c = shop.client();
    expect((await c.post('/api/no-such-thing', {}, { origin: 'https://evil.example' })).status).toBe(403);
    expect((await c.post('/api/no-such-thing', {}, { 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect((await c.post('/api/no-such-thing', {}, { origin: shop.url })).status).toBe(404);
    expect((await c.post('/api/no-such-thing', {})).status).toBe(404);
    expect((await c.get('/api/health', { origin: 'https://evil.example' })).status).toBe(200);
  });

  it('sends security headers', async () => {
    const res = await shop.client().get('/api/health');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('x-powered-by')).toBeNull();
  });

  it('serves the shop config with the support contact', async () => {
    const res = await shop.client().get('/api/config');
    expect(res.body.supportEmail).toBe(shop.ctx.env.SUPPORT_EMAIL);
  });
});

describe('email outbox', () => {
  it('stores an email once per idempotency key and sends it once', async () => {
    const first = await queueEmail(shop.sql, { idempotencyKey: 'test:1', to: 'a@example.com', kind: 'test', subject: 'Hi', text: 'Hello' });
    const second = await queueEmail(shop.sql, { idempotencyKey: 'test:1', to: 'a@example.com', kind: 'test', subject: 'Hi', text: 'Hello' });
    expect(first).toBeTruthy();
    expect(second).toBeNull();
    await shop.runJobs();
    await shop.runJobs();
    const rows = await shop.sql`select status, provider, provider_message_id from emails where idempotency_key = 'test:1'`;
    expect(rows).toEqual([{ status: 'sent', provider: 'outbox', provider_message_id: 'outbox:test:1' }]);
  });
});
