/**
 * GET /api/orders/:id, the page a customer keeps open: the owner's session, the order's token and
 * nobody else; a signed-out session is dropped from the cookie, a forged cookie is nobody's.
 */
import { describe, expect, it } from 'vitest';
import { buildOrder } from '#test/helpers/factories';
import { giveAnonymousSession } from '#test/helpers/sessions';
import { shopForFile, type TestShop } from '#test/helpers/shop';

let shop: TestShop;
shopForFile((s) => (shop = s));

/** The headers an order read carries. */
function headersOf(res: { headers: Headers }) {
  const h = res.headers;
  return {
    csp: h.get('content-security-policy'),
    nosniff: h.get('x-content-type-options'),
    frame: h.get('x-frame-options'),
    cache: h.get('cache-control'),
    type: h.get('content-type'),
    poweredBy: h.get('x-powered-by'),
  };
}

describe('GET /api/orders/:id', () => {
  it('answers the owner (any case of the id) and a token, with the security and cache headers', async () => {
    const client = shop.client();
    const sid = await giveAnonymousSession(shop, client);
    const order = await buildOrder(shop, { sessionSid: sid });
    const fast = await client.get(`/api/orders/${order.id}`);
    const full = await client.get(`/api/orders/${order.id.toUpperCase()}`);
    expect(fast.status).toBe(200);
    expect(full.status).toBe(200);
    expect(fast.body).toEqual(full.body);
    expect(fast.body).toMatchObject({ id: order.id, orderNumber: order.id.slice(-8).toUpperCase() });
    expect(headersOf(fast)).toEqual(headersOf(full));
    expect(headersOf(fast)).toMatchObject({ cache: 'private, no-store', type: 'application/json; charset=utf-8', nosniff: 'nosniff', poweredBy: null });
    expect(headersOf(fast).csp).toContain("default-src 'self'");
    expect(fast.headers.getSetCookie()).toEqual([]);

    const stranger = shop.client();
    const byToken = await stranger.get(`/api/orders/${order.id}?token=${encodeURIComponent(order.access_token)}`);
    expect(byToken.status).toBe(200);
    expect(byToken.body).toEqual(fast.body);
    expect((await stranger.get(`/api/orders/${order.id}`)).status).toBe(404);
    expect((await stranger.get(`/api/orders/${order.id}?token=wrong`)).status).toBe(404);
    expect((await stranger.get(`/api/orders/${order.id}?token=a&token=b`)).status).toBe(404);
  });

  it('drops a signed-out session from the cookie and still answers the token', async () => {
    const client = shop.client();
    const sid = await giveAnonymousSession(shop, client);
    const order = await buildOrder(shop, { sessionSid: sid });
    await shop.sql`delete from sessions where sid = ${sid}`;
    const res = await client.get(`/api/orders/${order.id}?token=${encodeURIComponent(order.access_token)}`);
    expect(res.status).toBe(200);
    // cookie-session writes the cookie again without the dead id.
    const written = res.headers.getSetCookie().find((c) => c.startsWith('bp.session='));
    expect(written).toBeDefined();
    const value = written!.split(';')[0].slice('bp.session='.length);
    expect(JSON.parse(Buffer.from(value, 'base64').toString('utf8'))).not.toHaveProperty('sid');
    expect((await client.get(`/api/orders/${order.id}`)).status).toBe(404);
  });

  it('does not take a cookie whose signature does not match', async () => {
    const client = shop.client();
    const sid = await giveAnonymousSession(shop, client);
    const order = await buildOrder(shop, { sessionSid: sid });
    const header = client.cookieHeader().replace(/bp\.session\.sig=[^;]*/, 'bp.session.sig=forged');
    const forged = await shop.client().get(`/api/orders/${order.id}`, { cookie: header });
    expect(forged.status).toBe(404);
    expect(forged.body.message).toBe('Order not found.');
    // Without the signature at all: also nobody.
    const unsigned = await shop.client().get(`/api/orders/${order.id}`, { cookie: header.replace(/; bp\.session\.sig=[^;]*/, '') });
    expect(unsigned.status).toBe(404);
  });

  it('slides the session idle expiry when it answers', async () => {
    const client = shop.client();
    const sid = await giveAnonymousSession(shop, client);
    const order = await buildOrder(shop, { sessionSid: sid });
    // A session a day from expiry: reading the order pushes it back to the full idle time.
    await shop.sql`update sessions set expire = now() + interval '1 day' where sid = ${sid}`;
    expect((await client.get(`/api/orders/${order.id}`)).status).toBe(200);
    const [row] = await shop.sql<{ days: number }[]>`select extract(epoch from expire - now()) / 86400 as days from sessions where sid = ${sid}`;
    expect(Number(row.days)).toBeGreaterThan(13);
  });
});
