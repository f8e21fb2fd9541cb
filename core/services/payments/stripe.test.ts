/**
 * The Stripe adapter with the real `stripe` SDK against a local fake of the PaymentIntents API, and
 * the webhook: signed and forged, duplicated, concurrent, before the order row exists, refunds, and
 * a lost webhook found by the recheck cron.
 */
import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopForFile, startTestShop, type TestShop } from '#test/helpers/shop';
import { browserWithUpload, CUSTOMER, pickupBody } from '#test/helpers/checkout';
import { startFakeStripe } from '#test/helpers/providerFakes';

const WEBHOOK_SECRET = 'whsec_test_secret_for_blueprint_shop';
let shop: TestShop;
let fake: Awaited<ReturnType<typeof startFakeStripe>>;
const stripe = new Stripe('sk_test_x', { telemetry: false });

beforeAll(async () => {
  fake = await startFakeStripe();
});
afterAll(async () => {
  await fake?.close();
});
shopForFile(
  (s) => (shop = s),
  () => ({
    env: { STRIPE_SECRET_KEY: 'sk_test_fake', STRIPE_PUBLISHABLE_KEY: 'pk_test_fake', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: fake.url },
  }),
);

function event(type: string, object: Record<string, unknown>, id = `evt_${randomUUID().replace(/-/g, '')}`) {
  return JSON.stringify({ id, object: 'event', api_version: '2025-01-01', created: Math.floor(Date.now() / 1000), type, data: { object } });
}

function sendWebhook(payload: string, signature = stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET })) {
  return fetch(`${shop.url}/api/webhooks/stripe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body: payload,
  });
}

async function stripeOrder(pages = 2) {
  const { client, upload } = await browserWithUpload(shop, { pages });
  const res = await client.post('/api/create-payment-intent', pickupBody(upload.id, CUSTOMER));
  expect(res.status).toBe(201);
  const [order] = await shop.sql`select * from orders where id = ${res.body.orderId}`;
  return { client, res, order };
}

/** Makes retries that are waiting on their back-off due now. */
async function retryNow() {
  await shop.sql`update graphile_worker._private_jobs set run_at = now() where locked_at is null`;
}

describe('Stripe adapter', () => {
  it('creates one intent per order with automatic payment methods and re-prices the same intent', async () => {
    const { client, res, order } = await stripeOrder(2);
    expect(res.body.provider).toBe('stripe');
    const intent = fake.intents.get(order.payment_intent_id)!;
    expect(res.body.clientSecret).toBe(intent.client_secret);
    expect(intent.amount).toBe(order.total_cents);
    expect(intent.metadata.orderId).toBe(order.id);
    const create = fake.requests.find((r) => r.method === 'POST' && r.path === '/v1/payment_intents' && r.idempotencyKey === `order:${order.id}:intent`);
    expect(create).toBeDefined();

    const again = await client.post(
      '/api/create-payment-intent',
      pickupBody(order.upload_id, { ...CUSTOMER, orderId: order.id, updateOnly: true, rushOrder: true }),
    );
    expect(again.status).toBe(200);
    expect(again.body.clientSecret).toBe(intent.client_secret);
    expect(fake.intents.get(order.payment_intent_id)!.amount).toBe(Math.round(again.body.amounts.total * 100));

    const config = await client.get('/api/config');
    expect(config.body).toMatchObject({ paymentProvider: 'stripe', stripePublishableKey: 'pk_test_fake' });
    // The demo confirmation does not exist with Stripe.
    expect((await client.post('/api/payments/demo/confirm', { orderId: order.id, cardNumber: '4242424242424242' })).status).toBe(404);
  });
});

describe('Stripe webhook', () => {
  it('refuses forged, unsigned and tampered events with 400 and changes nothing', async () => {
    const { order } = await stripeOrder();
    fake.succeed(order.payment_intent_id);
    const payload = event('payment_intent.succeeded', { id: order.payment_intent_id, object: 'payment_intent' });
    const forged = stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_wrong' });
    expect((await sendWebhook(payload, forged)).status).toBe(400);
    const unsigned = await fetch(`${shop.url}/api/webhooks/stripe`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: payload });
    expect(unsigned.status).toBe(400);
    expect(typeof (await unsigned.json()).message).toBe('string');
    const signed = stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    expect((await sendWebhook(payload.replace('payment_intent.succeeded', 'payment_intent.canceled'), signed)).status).toBe(400);
    // Cross-site browsers may post here (Stripe does); the signature is what counts.
    const crossSite = await fetch(`${shop.url}/api/webhooks/stripe`, {
      method: 'POST',
      headers: { 'stripe-signature': forged, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      body: payload,
    });
    expect(crossSite.status).toBe(400);
    await shop.runJobs();
    expect(await shop.sql`select count(*)::int as n from payment_events`).toEqual([{ n: 0 }]);
    expect((await shop.sql`select payment_status from orders where id = ${order.id}`)[0].payment_status).toBe('unpaid');
  });

  it('pays the order once for ten copies of the same event sent at once', async () => {
    const { client, order } = await stripeOrder(3);
    fake.succeed(order.payment_intent_id, { brand: 'mastercard', last4: '4444' });
    const payload = event('payment_intent.succeeded', { id: order.payment_intent_id, object: 'payment_intent', status: 'succeeded' });
    const answers = await Promise.all(Array.from({ length: 10 }, () => sendWebhook(payload)));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    // A different event for the same payment, and the charge event, too.
    expect((await sendWebhook(event('charge.succeeded', { id: 'ch_1', object: 'charge', payment_intent: order.payment_intent_id }))).status).toBe(200);
    await shop.runJobs();
    await shop.runJobs();
    expect(await shop.sql`select count(*)::int as n from payment_events where payment_intent_id = ${order.payment_intent_id}`).toEqual([{ n: 2 }]);
    const json = (await client.get(`/api/orders/${order.id}`)).body;
    expect(json).toMatchObject({ paymentStatus: 'paid', cardLast4: '4444', hasReceipt: true });
    expect(await shop.sql`select count(*)::int as n from emails where order_id = ${order.id}`).toEqual([{ n: 1 }]);
    const [{ n }] =
      await shop.sql`select count(*)::int as n from payment_events where payment_intent_id = ${order.payment_intent_id} and processed_at is not null`;
    expect(n).toBe(2);
  });

  it('runs concurrent reconciliations with a real worker and still sends one email', async () => {
    const { order } = await stripeOrder(1);
    fake.succeed(order.payment_intent_id);
    const worker = await shop.startWorker({ concurrency: 8 });
    const ids = Array.from({ length: 10 }, (_, i) => `evt_conc_${i}_${order.id.slice(0, 8)}`);
    await Promise.all(ids.map((id) => sendWebhook(event('payment_intent.succeeded', { id: order.payment_intent_id, object: 'payment_intent' }, id))));
    // Also enqueue reconciliations under different job keys so they really run side by side.
    await Promise.all(
      ids.map(
        (id) =>
          shop.sql`select graphile_worker.add_job('orders__reconcile_payment', json_build_object('paymentIntentId', ${order.payment_intent_id}::text, 'eventId', ${id}::text))`,
      ),
    );
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline) {
      const [row] = await shop.sql`select count(*)::int as n from emails where order_id = ${order.id} and status = 'sent'`;
      const [jobs] = await shop.sql`select count(*)::int as n from graphile_worker._private_jobs`;
      if (row.n === 1 && jobs.n === 0) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    await worker.stop();
    expect(await shop.sql`select count(*)::int as n from emails where order_id = ${order.id}`).toEqual([{ n: 1 }]);
    expect((await shop.sql`select payment_status from orders where id = ${order.id}`)[0].payment_status).toBe('paid');
  });

  it('records a payment whose webhook arrives before the order row is committed', async () => {
    const { order } = await stripeOrder(2);
    // The order row "is not there yet": take it out, deliver the event, put it back.
    await shop.sql`delete from orders where id = ${order.id}`;
    fake.succeed(order.payment_intent_id);
    expect((await sendWebhook(event('payment_intent.succeeded', { id: order.payment_intent_id, object: 'payment_intent' }))).status).toBe(200);
    await shop.runJobs();
    // The failure is recorded asynchronously by graphile-worker: wait for it.
    let job: { attempts: number; last_error: string | null } | undefined;
    for (let i = 0; i < 50 && !job?.last_error; i++) {
      [job] = await shop.sql<{ attempts: number; last_error: string | null }[]>`
        select attempts, last_error from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id
        where t.identifier = 'orders__reconcile_payment' and j.payload->>'paymentIntentId' = ${order.payment_intent_id}`;
      if (!job?.last_error) await new Promise((r) => setTimeout(r, 100));
    }
    expect(job?.attempts).toBe(1);
    expect(job?.last_error).toMatch(/no order yet/);
    await shop.sql`insert into orders ${shop.sql({ ...order, payment_intent_id: null })}`;
    await retryNow();
    await shop.runJobs();
    await shop.runJobs();
    const [row] = await shop.sql`select payment_status, payment_intent_id from orders where id = ${order.id}`;
    expect(row).toEqual({ payment_status: 'paid', payment_intent_id: order.payment_intent_id });
    expect(await shop.sql`select count(*)::int as n from emails where order_id = ${order.id}`).toEqual([{ n: 1 }]);
  });

  it('marks a refunded payment refunded', async () => {
    const { client, order } = await stripeOrder(1);
    fake.succeed(order.payment_intent_id);
    await sendWebhook(event('payment_intent.succeeded', { id: order.payment_intent_id, object: 'payment_intent' }));
    await shop.runJobs();
    fake.refund(order.payment_intent_id);
    expect(
      (await sendWebhook(event('charge.refunded', { id: 'ch_x', object: 'charge', payment_intent: order.payment_intent_id, refunded: true }))).status,
    ).toBe(200);
    await shop.runJobs();
    expect((await client.get(`/api/orders/${order.id}`)).body.paymentStatus).toBe('refunded');
  });

  it('refunds, once, a payment that arrives for an order the counter had cancelled', async () => {
    const { order } = await stripeOrder(1);
    const admin = shop.client();
    await admin.post('/api/admin/login', { username: shop.ctx.env.ADMIN_USERNAME, password: shop.ctx.env.ADMIN_PASSWORD });
    expect((await admin.patch(`/api/orders/${order.id}/status`, { status: 'failed' })).status).toBe(200);
    fake.succeed(order.payment_intent_id);
    await sendWebhook(event('payment_intent.succeeded', { id: order.payment_intent_id, object: 'payment_intent' }));
    await shop.runJobs();
    await shop.runJobs();
    const refunds = fake.requests.filter((r) => r.path === '/v1/refunds');
    expect(refunds).toHaveLength(1);
    expect(refunds[0].idempotencyKey).toBe(`order:${order.id}:refund`);
    const [row] = await shop.sql`select status, payment_status from orders where id = ${order.id}`;
    expect(row).toEqual({ status: 'failed', payment_status: 'refunded' });
    // The adapter itself: a second refund of a refunded payment is not an error.
    const { StripePayments } = await import('./stripe');
    const adapter = new StripePayments({ secretKey: 'sk_test_fake', publishableKey: 'pk', webhookSecret: WEBHOOK_SECRET, apiBase: fake.url });
    await expect(adapter.refund(shop.sql, order.payment_intent_id, 'another-key')).resolves.toBeUndefined();
    // The customer hears of it once: no confirmation, one refund notice.
    expect(await shop.sql`select kind from emails where order_id = ${order.id}`).toEqual([{ kind: 'order_cancelled_refund' }]);
  });

  it('finds a paid order whose webhook was lost (recheck cron)', async () => {
    const { order } = await stripeOrder(1);
    fake.succeed(order.payment_intent_id);
    await shop.sql`update orders set updated_at = now() - interval '2 minutes' where id = ${order.id}`;
    await shop.sql`select graphile_worker.add_job('orders__recheck_unpaid', '{}'::json)`;
    await shop.runJobs();
    await shop.runJobs();
    expect((await shop.sql`select payment_status from orders where id = ${order.id}`)[0].payment_status).toBe('paid');
  });
});

describe('Stripe unreachable', () => {
  it('answers 503 with a message, and the order without an intent is left for the clean-up', async () => {
    const down = await startTestShop({
      env: {
        STRIPE_SECRET_KEY: 'sk_test_fake',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_fake',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_BASE: 'http://127.0.0.1:9',
      },
    });
    try {
      const { client, upload } = await browserWithUpload(down, { pages: 1 });
      const res = await client.post('/api/create-payment-intent', pickupBody(upload.id, CUSTOMER));
      expect(res.status).toBe(503);
      expect(res.body.message).toMatch(/payment provider/i);
      const rows = await down.sql`select payment_intent_id, payment_status from orders where upload_id = ${upload.id}`;
      expect(rows).toEqual([{ payment_intent_id: null, payment_status: 'unpaid' }]);
    } finally {
      await down.close();
    }
  });
});
