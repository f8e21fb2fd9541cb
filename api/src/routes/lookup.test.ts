import { describe, expect, it, vi } from 'vitest';
import { shopForFile, startTestShop, type TestShop } from '#test/helpers/shop';
import { buildOrder } from '#test/helpers/factories';
import { LOOKUP_ANSWER } from './orders';
import { LOOKUP_EMAILS_PER_HOUR } from '../../../worker/src/tasks/users__send_order_lookup';

// Every account costs scrypt hashes (cheap in tests: PASSWORD_HASH_LOG_N), and the machine may be busy.
vi.setConfig({ testTimeout: 90_000 });

let shop: TestShop;
shopForFile((s) => (shop = s));

let n = 0;
const uniqueEmail = (prefix = 'guest') => `${prefix}-${Date.now().toString(36)}-${n++}@example.com`;

async function lookupEmails(to: string) {
  await shop.runJobs();
  return shop.sql<{ text_body: string; status: string }[]>`
    select text_body, status from emails where to_address = ${to} and kind = 'order_lookup' order by created_at`;
}
const tokenOf = (text: string) => new URL(text.match(/https?:\/\/\S+/)?.[0] ?? 'http://x').searchParams.get('token');

describe('POST /api/orders/lookup', () => {
  it('answers the same 202 whether or not the address has orders, and emails a link only when it has paid ones', async () => {
    const withOrders = uniqueEmail('has');
    const onlyUnpaid = uniqueEmail('unpaid');
    const none = uniqueEmail('none');
    await buildOrder(shop, { email: withOrders });
    await buildOrder(shop, { email: onlyUnpaid, paymentStatus: 'unpaid' });
    const c = shop.client();
    const answers = [];
    for (const email of [withOrders, onlyUnpaid, none]) answers.push(await c.post('/api/orders/lookup', { email }));
    for (const a of answers) {
      expect(a.status).toBe(202);
      expect(a.body).toEqual({ message: LOOKUP_ANSWER });
    }
    const sent = await lookupEmails(withOrders);
    expect(sent).toHaveLength(1);
    expect(sent[0].status).toBe('sent');
    expect(sent[0].text_body).toContain(`${shop.url}/order-lookup?token=`);
    expect(await lookupEmails(onlyUnpaid)).toHaveLength(0);
    expect(await lookupEmails(none)).toHaveLength(0);
  });

  it('asks for a valid email (400) and caps the emails one address gets in an hour', async () => {
    const c = shop.client();
    const bad = await c.post('/api/orders/lookup', { email: 'no-at-sign' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Please enter a valid email address');
    const email = uniqueEmail('flood');
    await buildOrder(shop, { email });
    for (let i = 0; i < LOOKUP_EMAILS_PER_HOUR + 3; i++) {
      expect((await c.post('/api/orders/lookup', { email })).status).toBe(202);
      await shop.runJobs();
    }
    expect(await lookupEmails(email)).toHaveLength(LOOKUP_EMAILS_PER_HOUR);
  });
});

describe('GET /api/orders/lookup?token=', () => {
  it("lists that address's paid orders, newest first, with exactly the contract's fields", async () => {
    const email = uniqueEmail('list');
    const older = await buildOrder(shop, { email, createdAt: new Date(Date.now() - 86_400_000), status: 'completed' });
    const newer = await buildOrder(shop, { email: email.toUpperCase(), status: 'failed', rushOrder: true });
    await buildOrder(shop, { email, paymentStatus: 'unpaid' });
    await buildOrder(shop, { email: uniqueEmail('someone-else') });
    await shop.client().post('/api/orders/lookup', { email });
    const [mail] = await lookupEmails(email);
    const token = tokenOf(mail.text_body);
    const res = await shop.client().get(`/api/orders/lookup?token=${encodeURIComponent(token ?? '')}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      {
        id: newer.id,
        orderNumber: newer.id.slice(-8).toUpperCase(),
        status: 'failed',
        statusText: 'There was an issue with your order. Please contact support.',
        readyBy: null,
        readyByText: null,
        createdAt: newer.created_at.toISOString(),
        // Named as every screen names it: here, orders without sheet numbers, by their file.
        name: newer.file_name,
        fileName: newer.file_name,
        totalAmount: newer.total_cents / 100,
        url: `/order-success/${newer.id}?token=${encodeURIComponent(newer.access_token)}`,
      },
      {
        id: older.id,
        orderNumber: older.id.slice(-8).toUpperCase(),
        status: 'completed',
        statusText: 'Ready for pickup at the counter.',
        readyBy: null,
        readyByText: null,
        createdAt: older.created_at.toISOString(),
        // Named as every screen names it: here, orders without sheet numbers, by their file.
        name: older.file_name,
        fileName: older.file_name,
        totalAmount: older.total_cents / 100,
        url: `/order-success/${older.id}?token=${encodeURIComponent(older.access_token)}`,
      },
    ]);
    // The link works again within its 24 hours (a second look), and not after.
    expect((await shop.client().get(`/api/orders/lookup?token=${token}`)).status).toBe(200);
    await shop.sql`update auth_tokens set expires_at = now() - interval '1 second' where kind = 'order_lookup' and email = ${email}`;
    const expired = await shop.client().get(`/api/orders/lookup?token=${token}`);
    expect(expired.status).toBe(404);
    expect(expired.body.message).toMatch(/expired/);
  });

  it('answers 404 for a made-up token and for a token of another kind', async () => {
    expect((await shop.client().get('/api/orders/lookup?token=not-a-real-token')).status).toBe(404);
    const c = shop.client();
    const email = uniqueEmail('kind');
    await c.post('/api/auth/register', { email, password: 'password123', firstName: 'A', lastName: 'B' });
    await shop.runJobs();
    const [verify] = await shop.sql<{ text_body: string }[]>`select text_body from emails where to_address = ${email}`;
    expect((await c.get(`/api/orders/lookup?token=${tokenOf(verify.text_body)}`)).status).toBe(404);
  });
});

describe('GET /api/orders/lookup?email=&orderNumber=', () => {
  it('shows one order status when both match, else [] and nothing more', async () => {
    const email = uniqueEmail('quick');
    const order = await buildOrder(shop, { email, status: 'processing' });
    const unpaid = await buildOrder(shop, { email, paymentStatus: 'unpaid' });
    const number = order.id.slice(-8).toUpperCase();
    const c = shop.client();
    const hit = await c.get(`/api/orders/lookup?email=${encodeURIComponent(email.toUpperCase())}&orderNumber=${number.toLowerCase()}`);
    expect(hit.status).toBe(200);
    expect(hit.body).toEqual([
      {
        id: order.id,
        orderNumber: number,
        status: 'processing',
        statusText: 'Printing — your drawings are being printed.',
        readyBy: null,
        readyByText: null,
        createdAt: order.created_at.toISOString(),
        url: `/orders/${order.id}`,
      },
    ]);
    const misses = [
      `email=${encodeURIComponent(uniqueEmail())}&orderNumber=${number}`,
      `email=${encodeURIComponent(email)}&orderNumber=ABCDEF12`,
      `email=${encodeURIComponent(email)}&orderNumber=${unpaid.id.slice(-8)}`,
      `email=${encodeURIComponent(email)}&orderNumber=`,
      `email=${encodeURIComponent(email)}`,
      `email=nonsense&orderNumber=${number}`,
      `email=${encodeURIComponent(email)}&orderNumber=${encodeURIComponent("' or 1=1 --")}`,
    ];
    for (const q of misses) {
      const res = await c.get(`/api/orders/lookup?${q}`);
      expect(res.status, q).toBe(200);
      expect(res.body, q).toEqual([]);
    }
    expect((await c.get('/api/orders/lookup')).status).toBe(400);
  });
});

describe('the quick status: ready-by, "What\'s next" words and a link without the token', () => {
  it('shows the promise while the order is open and the same statusText as the order JSON, never the access token', async () => {
    const email = uniqueEmail('promise');
    const readyBy = new Date(Date.now() + 3 * 86_400_000);
    const c = shop.client();
    const quick = async (id: string) => {
      const res = await c.get(`/api/orders/lookup?email=${encodeURIComponent(email)}&orderNumber=${id.slice(-8)}`);
      expect(res.status).toBe(200);
      expect(res.body).toHaveLength(1);
      return res.body[0];
    };

    const queued = await buildOrder(shop, { email, status: 'pending', readyBy });
    const answer = await quick(queued.id);
    expect(answer.readyBy).toBe(readyBy.toISOString());
    expect(answer.readyByText).toMatch(/ by \d{1,2}:\d{2} [AP]M$/);
    expect(answer.statusText).toBe(`Paid — in the print queue, ready ${answer.readyByText}.`);
    expect(answer.url).toBe(`/orders/${queued.id}`);
    expect(JSON.stringify(answer)).not.toContain(queued.access_token);
    // The order page itself says the same words, and is not opened by the quick status's link alone.
    const page = await shop.client().get(`/api/orders/${queued.id}?token=${encodeURIComponent(queued.access_token)}`);
    expect(page.body.statusText).toBe(answer.statusText);
    expect((await shop.client().get(answer.url.replace('/orders/', '/api/orders/'))).status).toBe(404);

    // Shipped: no promise any more, the tracking number instead.
    const shipped = await buildOrder(shop, { email, status: 'completed', shippingMethod: 'shipping', readyBy });
    await shop.sql`update orders set tracking_number = '1Z999AA10123456784' where id = ${shipped.id}`;
    const done = await quick(shipped.id);
    expect(done).toMatchObject({ readyBy: null, readyByText: null, statusText: 'Shipped — on its way, tracking number 1Z999AA10123456784.' });
    const refunded = await buildOrder(shop, { email, status: 'pending', paymentStatus: 'refunded', readyBy });
    expect((await quick(refunded.id)).statusText).toMatch(/^Refunded/);
  });
});

describe('rate limits', () => {
  it('answers 429 with a message after 100 lookups a minute from one client', async () => {
    // Its own shop: the counters are per database.
    const own = await startTestShop();
    try {
      const c = own.client();
      const statuses: number[] = [];
      for (let i = 0; i < 100; i++) statuses.push((await c.get(`/api/orders/lookup?email=a@example.com&orderNumber=ABCDEF1${i % 10}`)).status);
      expect(statuses.every((s) => s === 200)).toBe(true);
      const limited = await c.post('/api/orders/lookup', { email: 'a@example.com' });
      expect(limited.status).toBe(429);
      expect(limited.body.message).toMatch(/Too many order lookups/);
      // Sign-in has its own budget.
      expect((await c.post('/api/auth/forgot-password', { email: 'a@example.com' })).status).toBe(202);
    } finally {
      await own.close();
    }
  });
});
