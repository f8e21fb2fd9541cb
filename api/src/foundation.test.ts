import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { shopForFile, type TestShop } from '#test/helpers/shop';
import { queueEmail } from '#core/services/email/index';
import { startWeb } from './server';

let shop: TestShop;
shopForFile((s) => (shop = s));

describe('health', () => {
  it('answers ok when the database is migrated', async () => {
    const res = await shop.client().get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
  });

  it('waits for the built client when the process serves it, and only then', async () => {
    const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-client-'));
    const serving = await startWeb(shop.ctx, 0, { clientDir });
    const apiAlone = await startWeb(shop.ctx, 0, { serveClient: false, clientDir });
    try {
      const health = (port: number) => fetch(`http://127.0.0.1:${port}/api/health`);
      const before = await health(serving.port);
      expect(before.status).toBe(503);
      expect(before.headers.get('cache-control')).toBe('no-store');
      expect(await before.json()).toEqual({ status: 'starting', message: "The shop's pages are still being built. Try again in a moment." });
      // A process serving no client is ready on the database alone, and has no pages to serve.
      expect(await (await health(apiAlone.port)).json()).toEqual({ status: 'ok' });
      expect((await fetch(`http://127.0.0.1:${apiAlone.port}/`, { headers: { accept: 'text/html' } })).status).toBe(404);

      fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><div id="root"></div>');
      const after = await health(serving.port);
      expect(after.status).toBe(200);
      expect(await after.json()).toEqual({ status: 'ok' });
      expect(await (await fetch(`http://127.0.0.1:${serving.port}/`, { headers: { accept: 'text/html' } })).text()).toContain('<div id="root">');
      // A build empties the folder again: not ready while it writes.
      fs.rmSync(path.join(clientDir, 'index.html'));
      expect((await health(serving.port)).status).toBe(503);
    } finally {
      await serving.close();
      await apiAlone.close();
      fs.rmSync(clientDir, { recursive: true, force: true });
    }
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
