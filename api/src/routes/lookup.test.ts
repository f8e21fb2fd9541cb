import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestShop, type TestShop } from '../../../test/helpers/shop';
import { buildOrder } from '../../../test/helpers/factories';
import { LOOKUP_ANSWER } from './orders';
import { LOOKUP_EMAILS_PER_HOUR } from '../../../worker/src/tasks/users__send_order_lookup';

// Every account costs scrypt hashes (N=2^17), slow on a busy machine.
vi.setConfig({ testTimeout: 90_000 });

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(() => shop.close());

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
        createdAt: newer.created_at.toISOString(),
        fileName: newer.file_name,
        totalAmount: newer.total_cents / 100,
        url: `/order-success/${newer.id}?token=${encodeURIComponent(newer.access_token)}`,
      },
      {
        id: older.id,
        orderNumber: older.id.slice(-8).toUpperCase(),
        status: 'completed',
        createdAt: older.created_at.toISOString(),
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
    expect(hit.body).toEqual([{ orderNumber: number, status: 'processing', createdAt: order.created_at.toISOString() }]);
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
