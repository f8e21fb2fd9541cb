/**
 * Cross-site requests: every state-changing route the app mounts, sent by a signed-in customer-and-
 * admin browser from another site (an `Origin` of another host, or `Sec-Fetch-Site: cross-site`),
 * gets 403 with a message and changes nothing. The Stripe webhook is the one exemption. The same
 * requests from the shop's own origin are not refused for that reason.
 */
import { randomBytes } from 'node:crypto';
import type { Express } from 'express';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeApp } from '../../api/src/app';
import { shopForFile, type TestShop } from '../helpers/shop';
import type { TestClient } from '../helpers/client';
import { buildOrder } from '../helpers/factories';
import type { OrderRow } from '../../api/src/presenters/order';

type Layer = { route?: { path: string; methods: Record<string, boolean> }; handle?: { stack?: Layer[] } };

/** Every state-changing "METHOD /path" under /api that the app mounts. */
function stateChangingRoutes(app: Express): string[] {
  const found = new Set<string>();
  const walk = (stack: Layer[]) => {
    for (const layer of stack) {
      if (layer.route) {
        for (const [method, on] of Object.entries(layer.route.methods)) {
          if (on && ['post', 'patch', 'put', 'delete'].includes(method)) found.add(`${method.toUpperCase()} ${layer.route.path}`);
        }
      } else if (layer.handle?.stack) walk(layer.handle.stack);
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack);
  return [...found].filter((r) => r.split(' ')[1].startsWith('/api/')).sort();
}

let shop: TestShop;
let client: TestClient;
let order: OrderRow;

shopForFile((s) => (shop = s));
beforeAll(async () => {
  client = shop.client();
  const email = `xsite-${randomBytes(3).toString('hex')}@example.com`;
  expect((await client.post('/api/auth/register', { email, password: 'a-long-password-1', firstName: 'X', lastName: 'Site' })).status).toBe(201);
  expect((await client.post('/api/auth/login', { email, password: 'a-long-password-1' })).status).toBe(200);
  expect((await client.post('/api/admin/login', { username: 'admin', password: 'blueprint-admin' })).status).toBe(200);
  const [{ id }] = await shop.sql<{ id: string }[]>`select id from users where email = ${email}`;
  order = await buildOrder(shop, { userId: id });
});

describe('cross-site requests', () => {
  it('are refused with 403 on every state-changing route but the Stripe webhook, and change nothing', async () => {
    const routes = stateChangingRoutes(makeApp(shop.ctx, { serveClient: false }));
    expect(routes.length).toBeGreaterThan(15);
    const [before] = await shop.sql<{ n: number; updated: Date }[]>`
      select (select count(*)::int from orders) + (select count(*)::int from users) + (select count(*)::int from exports) as n,
             (select updated_at from orders where id = ${order.id}) as updated`;
    const wrong: string[] = [];
    for (const route of routes) {
      const [method, pattern] = route.split(' ');
      const path = pattern.replace(/:[A-Za-z]+/g, order.id);
      const hostile: Record<string, string>[] = [{ origin: 'https://evil.example' }, { 'sec-fetch-site': 'cross-site' }, { origin: 'null' }];
      for (const headers of hostile) {
        const res = await client.request(method, path, { json: { status: 'completed', orderIds: [order.id], email: 'a@b.c' }, headers });
        const exempt = route === 'POST /api/webhooks/stripe';
        if (exempt ? res.status === 403 : res.status !== 403 || typeof res.body?.message !== 'string') {
          wrong.push(`${route} with ${JSON.stringify(headers)}: ${res.status}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    const [after] = await shop.sql<{ n: number; updated: Date }[]>`
      select (select count(*)::int from orders) + (select count(*)::int from users) + (select count(*)::int from exports) as n,
             (select updated_at from orders where id = ${order.id}) as updated`;
    expect(after).toEqual(before);
  });

  it("are not refused from the shop's own origin", async () => {
    const res = await client.request('PATCH', `/api/orders/${order.id}/status`, {
      json: { status: 'processing' },
      headers: { origin: shop.url, 'sec-fetch-site': 'same-origin' },
    });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('processing');
  });
});
