/**
 * The shop's promises (docs/decisions/010-promises-ready-by-and-free-shipping.md) through the HTTP API: the ready-by clock (GET /api/turnaround, readyBy fixed at
 * payment), free shipping from a $100 subtotal, the order page's status history and tracking link,
 * one order number, the shop facts in /api/config and the lookup results' order urls.
 */
import { describe, expect, it } from 'vitest';
import { shopForFile, startTestShop, type TestShop } from '#test/helpers/shop';
import { buildOrder } from '#test/helpers/factories';
import { adminClient } from '#test/helpers/adminTestKit';
import { ADDRESSES, browserWithUpload, CUSTOMER, pickupBody } from '#test/helpers/checkout';
import { readyBy } from '#shared/readyBy';
import { orderNumberOf } from '#shared/fields';
import { findAuthToken } from '#core/lib/tokens';
import type { OrderRow } from '#core/orders/orderRow';

let shop: TestShop;
shopForFile((s) => (shop = s));

describe('GET /api/turnaround', () => {
  it('answers both promises for a given instant, to anyone', async () => {
    const res = await shop.client().get('/api/turnaround?at=2026-11-23T10:00:00-05:00');
    expect(res.status).toBe(200);
    expect(res.body.regular).toEqual({ readyBy: '2026-11-23T23:00:00.000Z', text: 'Today by 6:00 PM' });
    expect(res.body.rush).toEqual({ readyBy: '2026-11-23T19:00:00.000Z', text: 'Today by 2:00 PM' });
    const saturday = await shop.client().get(`/api/turnaround?at=${encodeURIComponent('2026-11-28T16:00:00-05:00')}`);
    expect(saturday.body.rush).toEqual({ readyBy: '2026-11-30T17:00:00.000Z', text: 'Monday, Nov 30 by 12:00 PM' });
  });

  it('defaults to now and refuses a bad instant with 400', async () => {
    const now = await shop.client().get('/api/turnaround');
    expect(now.status).toBe(200);
    expect(Date.parse(now.body.regular.readyBy)).toBeGreaterThan(Date.now());
    for (const at of ['yesterday', '2026-13-45T10:00:00Z', '12345', '']) {
      const bad = await shop.client().get(`/api/turnaround?at=${encodeURIComponent(at)}`);
      expect(bad.status, at).toBe(400);
      expect(typeof bad.body.message).toBe('string');
    }
  });
});

describe('GET /api/turnaround outside the clock’s years', () => {
  it('answers 400 with a sentence for 9999-12-31T23:59:59Z, 0000-01-01 and 0001-01-01T00:00:00Z, never 500', async () => {
    for (const at of ['9999-12-31T23:59:59Z', '0000-01-01', '0001-01-01T00:00:00Z', '1999-12-31T23:59:59Z', '2101-01-01T00:00:00Z']) {
      const res = await shop.client().get(`/api/turnaround?at=${encodeURIComponent(at)}`);
      expect(res.status, at).toBe(400);
      expect(res.body.message, at).toBe('Please give a date between the years 2000 and 2100.');
    }
    const last = await shop.client().get(`/api/turnaround?at=${encodeURIComponent('2100-12-31T23:59:59Z')}`);
    expect(last.status).toBe(200);
  });
});

describe('GET /api/turnaround around Thanksgiving', () => {
  it('Wed Nov 25 2026 12:30 ET promises Friday: Thanksgiving is closed without any configuration', async () => {
    const res = await shop.client().get(`/api/turnaround?at=${encodeURIComponent('2026-11-25T12:30:00-05:00')}`);
    expect(res.status).toBe(200);
    expect(res.body.regular).toEqual({ readyBy: '2026-11-27T23:00:00.000Z', text: 'Friday, Nov 27 by 6:00 PM' });
    expect(res.body.rush).toEqual({ readyBy: '2026-11-25T21:30:00.000Z', text: 'Today by 4:30 PM' });
    expect(res.body.sameDayCutoff).toBeNull();
    // The same instant in UTC reads the same.
    const utc = await shop.client().get('/api/turnaround?at=2026-11-25T17:30:00Z');
    expect(utc.body).toEqual(res.body);
    const config = await shop.client().get('/api/config');
    expect(config.body.shop.holidays).toEqual(expect.arrayContaining(['2026-12-25', '2027-01-01']));
  });

  it('SHOP_HOLIDAYS closes more days and opens a federal one; SHOP_STATE taxes pickups', async () => {
    const other = await startTestShop({ env: { SHOP_HOLIDAYS: '2026-11-27,-2026-11-26', SHOP_STATE: 'NY', SHOP_CITY: 'New York', SHOP_ZIP: '10166' } });
    try {
      // A counter in New York taxes its pickups at New York's 8%: 3 B&W 24x36 sheets = $17.97 → $1.44.
      const { client, upload } = await browserWithUpload(other);
      const intent = await client.post('/api/create-payment-intent', pickupBody(upload.id, CUSTOMER));
      expect(intent.status).toBe(201);
      expect(intent.body.amounts).toMatchObject({ subtotal: 17.97, tax: 1.44 });
      const res = await other.client().get(`/api/turnaround?at=${encodeURIComponent('2026-11-25T12:30:00-05:00')}`);
      expect(res.body.regular.text).toBe('Thursday, Nov 26 by 6:00 PM');
      const later = await other.client().get(`/api/turnaround?at=${encodeURIComponent('2026-11-26T12:30:00-05:00')}`);
      expect(later.body.regular.text).toBe('Saturday, Nov 28 by 5:00 PM');
    } finally {
      await other.close();
    }
  });
});

describe('GET /api/config', () => {
  it('carries the one shop address, map link and hours', async () => {
    const res = await shop.client().get('/api/config');
    expect(res.body.shop).toMatchObject({
      address: '100 Route 17 North, Paramus, NJ 07652',
      hoursText: 'Mon-Fri 9AM-7PM, Sat 10AM-6PM, Sun closed',
      timeZone: 'America/New_York',
    });
    expect(res.body.shop.mapUrl).toMatch(/^https:\/\/www\.google\.com\/maps\//);
    expect(res.body.freeShippingThreshold).toBe(100);
  });
});

describe('free shipping', () => {
  it('makes the cheapest rate free at $100.00 and charges the others and tax on what is charged', async () => {
    // 7 x $14.99 = $104.93.
    const { client, upload } = await browserWithUpload(shop, { pages: 7 });
    const rates = await client.post('/api/shipping-rates', { toAddress: ADDRESSES.NY, printSize: '24x36', uploadId: upload.id, printType: 'color', sets: 1 });
    expect(rates.status).toBe(200);
    const [cheapest, ...others] = rates.body;
    expect(cheapest).toMatchObject({ free: true, cost: 0 });
    expect(cheapest.regularCost).toBeGreaterThan(0);
    for (const r of others) {
      expect(r.free).toBe(false);
      expect(r.cost).toBeGreaterThan(0);
    }
    const free = await client.post(
      '/api/create-payment-intent',
      pickupBody(upload.id, { printType: 'color', shippingMethod: 'shipping', rateId: cheapest.rateId, shippingAddress: ADDRESSES.NY, ...CUSTOMER }),
    );
    expect(free.status).toBe(201);
    // NY 8% of 104.93 = 8.3944 → 8.39.
    expect(free.body.amounts).toMatchObject({ subtotal: 104.93, shippingCost: 0, tax: 8.39, total: 113.32, freeShipping: true });
    const paid = await client.post(
      '/api/create-payment-intent',
      pickupBody(upload.id, { printType: 'color', shippingMethod: 'shipping', rateId: others[0].rateId, shippingAddress: ADDRESSES.NY, ...CUSTOMER }),
    );
    const shipping = Math.round(others[0].cost * 100);
    const tax = Math.floor(((10493 + shipping) * 8) / 100 + 0.5);
    expect(paid.body.amounts).toMatchObject({ shippingCost: others[0].cost, tax: tax / 100, total: (10493 + shipping + tax) / 100, freeShipping: false });
  });

  it('applies at checkout even when the rates request did not say what is ordered', async () => {
    const { client, upload } = await browserWithUpload(shop, { pages: 7 });
    const rates = await client.post('/api/shipping-rates', { toAddress: ADDRESSES.OR, printSize: '24x36', pageCount: 7 });
    expect(rates.body.every((r: { free: boolean }) => r.free === false)).toBe(true);
    const intent = await client.post(
      '/api/create-payment-intent',
      pickupBody(upload.id, { printType: 'color', shippingMethod: 'shipping', rateId: rates.body[0].rateId, shippingAddress: ADDRESSES.OR, ...CUSTOMER }),
    );
    expect(intent.body.amounts).toMatchObject({ subtotal: 104.93, shippingCost: 0, tax: 0, total: 104.93 });
  });

  it('counts sets and charges shipping below $100', async () => {
    // 3 x $5.99 = $17.97: not free; 6 sets = $107.82: free.
    const { client, upload } = await browserWithUpload(shop, { pages: 3 });
    const one = await client.post('/api/shipping-rates', { toAddress: ADDRESSES.NY, printSize: '24x36', uploadId: upload.id, printType: 'bw' });
    expect(one.body[0]).toMatchObject({ free: false });
    expect(one.body[0].cost).toBeGreaterThan(0);
    const six = await client.post('/api/shipping-rates', { toAddress: ADDRESSES.NY, printSize: '24x36', uploadId: upload.id, printType: 'bw', sets: 6 });
    expect(six.body[0]).toMatchObject({ free: true, cost: 0 });
    for (const sets of [0, 101, 1.5, 'x']) {
      expect(
        (await client.post('/api/shipping-rates', { toAddress: ADDRESSES.NY, printSize: '24x36', uploadId: upload.id, printType: 'bw', sets })).status,
      ).toBe(400);
    }
    const stranger = shop.client();
    expect((await stranger.post('/api/shipping-rates', { toAddress: ADDRESSES.NY, printSize: '24x36', uploadId: upload.id, printType: 'bw' })).status).toBe(
      404,
    );
  });
});

describe('the order JSON', () => {
  it('fixes readyBy at payment and starts the timeline with "pending"', async () => {
    const { client, upload } = await browserWithUpload(shop, { pages: 2 });
    const intent = await client.post('/api/create-payment-intent', pickupBody(upload.id, { rushOrder: true, ...CUSTOMER }));
    const before = await client.get(`/api/orders/${intent.body.orderId}`);
    expect(before.body.readyBy).toBeNull();
    expect((await client.post('/api/payments/demo/confirm', { orderId: intent.body.orderId, cardNumber: '4242 4242 4242 4242' })).body.status).toBe(
      'succeeded',
    );
    await shop.runJobs();
    const order = await client.get(`/api/orders/${intent.body.orderId}`);
    const [row] = await shop.sql<{ paid_at: Date }[]>`select paid_at from orders where id = ${intent.body.orderId}`;
    expect(order.body.readyBy).toBe(readyBy(row.paid_at, true).toISOString());
    expect(typeof order.body.readyByText).toBe('string');
    expect(order.body.orderNumber).toBe(orderNumberOf(intent.body.orderId));
    expect(order.body.statusHistory).toEqual([{ status: 'pending', at: row.paid_at.toISOString() }]);
    expect(order.body.trackingUrl).toBeNull();
  });

  it('lists every status change and, once a label exists, the carrier tracking link (emailed too)', async () => {
    const admin = await adminClient(shop);
    const order = await buildOrder(shop, { shippingMethod: 'shipping', email: 'track@example.com' });
    const client = shop.client();
    const url = `/api/orders/${order.id}?token=${order.access_token}`;
    await admin.patch(`/api/orders/${order.id}/status`, { status: 'processing' });
    const label = await admin.post(`/api/admin/generate-label/${order.id}`);
    expect(label.status).toBe(200);
    await admin.patch(`/api/orders/${order.id}/status`, { status: 'completed' });
    // The emails wait out the counter's undo window.
    await shop.fastForwardJobs();
    await shop.runJobs();
    const res = await client.get(url);
    expect(res.body.statusHistory.map((h: { status: string }) => h.status)).toEqual(['pending', 'processing', 'completed']);
    for (const h of res.body.statusHistory) expect(Number.isNaN(Date.parse(h.at))).toBe(false);
    expect(res.body.trackingNumber).toBe(label.body.trackingNumber);
    expect(res.body.trackingUrl).toBe(`https://www.ups.com/track?loc=en_US&tracknum=${label.body.trackingNumber}`);
    const emails = await shop.sql<{ kind: string; text_body: string }[]>`select kind, text_body from emails where order_id = ${order.id}`;
    const byKind = Object.fromEntries(emails.map((e) => [e.kind, e.text_body]));
    // A completed shipping order's email is the one "on its way" email, with the tracking link.
    expect(byKind.tracking).toContain(res.body.trackingUrl);
    // Processing then completed: each change that outlived its undo window is told.
    expect(Object.keys(byKind).sort()).toEqual(['status_processing', 'tracking']);
    // Generating the label again sends no second tracking email.
    await admin.post(`/api/admin/generate-label/${order.id}`);
    const [{ count }] = await shop.sql<{ count: number }[]>`select count(*)::int as count from emails where order_id = ${order.id} and kind = 'tracking'`;
    expect(count).toBe(1);
  });

  it('the pickup "ready" email gives the one shop address with a map link', async () => {
    const admin = await adminClient(shop);
    const order = await buildOrder(shop, { email: 'pickup15@example.com' });
    await admin.patch(`/api/orders/${order.id}/status`, { status: 'completed' });
    await shop.fastForwardJobs();
    await shop.runJobs();
    const [email] = await shop.sql<{ text_body: string }[]>`select text_body from emails where order_id = ${order.id} and kind = 'status_completed'`;
    expect(email.text_body).toContain('100 Route 17 North, Paramus, NJ 07652');
    expect(email.text_body).toContain('https://www.google.com/maps/');
  });
});

describe('the admin list sorted by due', () => {
  it('puts the soonest ready-by first and pages by cursor without gaps', async () => {
    const admin = await adminClient(shop);
    await shop.sql`delete from orders`;
    const base = Date.parse('2026-11-23T15:00:00Z');
    const made: OrderRow[] = [];
    // Placed in one order, due in the reverse order, two due at the same instant.
    for (let i = 0; i < 5; i++)
      made.push(await buildOrder(shop, { createdAt: new Date(base + i * 60_000), readyBy: new Date(base + (5 - Math.min(i, 3)) * 3600_000) }));
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res: { status: number; body: { orders: { id: string; readyBy: string }[]; nextCursor: string | null } } = await admin.get(
        `/api/admin/orders?sort=due&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(res.status).toBe(200);
      seen.push(...res.body.orders.map((o) => o.id));
      cursor = res.body.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(5);
    expect(new Set(seen).size).toBe(5);
    const due = seen.map((id) => made.find((m) => m.id === id)!.ready_by!.getTime());
    expect(due).toEqual([...due].sort((a, b) => a - b));
    expect(seen.slice(3).sort()).toEqual([made[0].id, made[1].id].sort());
    expect((await admin.get('/api/admin/orders?sort=late')).status).toBe(400);
    // A cursor of one sort is refused by the other.
    const first = await admin.get('/api/admin/orders?sort=due&limit=1');
    expect((await admin.get(`/api/admin/orders?limit=1&cursor=${first.body.nextCursor}`)).status).toBe(400);
  });
});

describe('the due list holds only open work', () => {
  it('leaves completed, cancelled and refunded orders out of "Due soonest", whatever their promise', async () => {
    const admin = await adminClient(shop);
    await shop.sql`delete from orders`;
    const soon = new Date(Date.now() + 3600_000);
    const open = await buildOrder(shop, { status: 'pending', readyBy: new Date(Date.now() + 7200_000) });
    const printing = await buildOrder(shop, { status: 'processing', readyBy: new Date(Date.now() + 9000_000) });
    await buildOrder(shop, { status: 'completed', readyBy: soon });
    await buildOrder(shop, { status: 'failed', readyBy: soon });
    await buildOrder(shop, { status: 'pending', paymentStatus: 'refunded', readyBy: soon });
    const res = await admin.get('/api/admin/orders?sort=due');
    expect(res.body.orders.map((o: { id: string }) => o.id)).toEqual([open.id, printing.id]);
    // Asked for by status, a finished order is still found.
    expect((await admin.get('/api/admin/orders?sort=due&status=completed')).body.orders).toHaveLength(1);
  });
});

describe('the due list puts rush first', () => {
  it('lists a rush order due later ahead of regular work due sooner, and pages through both groups', async () => {
    const admin = await adminClient(shop);
    await shop.sql`delete from orders`;
    const hour = 3600_000;
    const regularSoon = await buildOrder(shop, { readyBy: new Date(Date.now() + hour) });
    const regularLater = await buildOrder(shop, { readyBy: new Date(Date.now() + 3 * hour) });
    const rushTomorrow = await buildOrder(shop, { rushOrder: true, readyBy: new Date(Date.now() + 20 * hour) });
    const rushSooner = await buildOrder(shop, { rushOrder: true, readyBy: new Date(Date.now() + 18 * hour) });
    const all = await admin.get('/api/admin/orders?sort=due');
    expect(all.body.orders.map((o: { id: string }) => o.id)).toEqual([rushSooner.id, rushTomorrow.id, regularSoon.id, regularLater.id]);
    expect(all.body.orders[0].rushOrder).toBe(true);
    // One row a page: the cursor crosses from the rush group into the regular one without a gap.
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res: { body: { orders: { id: string }[]; nextCursor: string | null } } = await admin.get(
        `/api/admin/orders?sort=due&limit=1${cursor ? `&cursor=${cursor}` : ''}`,
      );
      seen.push(...res.body.orders.map((o) => o.id));
      cursor = res.body.nextCursor;
    } while (cursor);
    expect(seen).toEqual([rushSooner.id, rushTomorrow.id, regularSoon.id, regularLater.id]);
  });
});

describe('Track Orders', () => {
  it('gives each result of the emailed link its order page url with the access token', async () => {
    const order = await buildOrder(shop, { email: 'lookup15@example.com' });
    const c = shop.client();
    await c.post('/api/orders/lookup', { email: 'lookup15@example.com' });
    await shop.runJobs();
    const [email] = await shop.sql<{ text_body: string }[]>`select text_body from emails where to_address = 'lookup15@example.com' and kind = 'order_lookup'`;
    const token = new URL(email.text_body.match(/https?:\/\/\S+/)![0]).searchParams.get('token')!;
    expect(await findAuthToken(shop.sql, 'order_lookup', token, { allowUsed: true })).toBeTruthy();
    const res = await c.get(`/api/orders/lookup?token=${encodeURIComponent(token)}`);
    expect(res.body).toHaveLength(1);
    expect(res.body[0].url).toBe(`/order-success/${order.id}?token=${encodeURIComponent(order.access_token)}`);
    const page = await shop.client().get(`/api/orders/${order.id}?token=${encodeURIComponent(order.access_token)}`);
    expect(page.status).toBe(200);
  });
});
