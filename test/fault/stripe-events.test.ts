/**
 * The same Stripe events delivered ten times each, all at once and out of order (the refund before
 * the success), while a real worker with several slots reconciles: one payment recorded, one receipt,
 * one confirmation email handed to the email provider, and the order ends `refunded`, as the
 * provider says. Stripe and Resend are local fakes driven by their real SDKs.
 */
import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../helpers/shop';
import { browserWithUpload, CUSTOMER, pickupBody } from '../helpers/checkout';
import { startFakeResend, startFakeStripe } from '../helpers/providerFakes';

const WEBHOOK_SECRET = 'whsec_fault_test_secret';
const stripe = new Stripe('sk_test_x', { telemetry: false });
let shop: TestShop;
let fakeStripe: Awaited<ReturnType<typeof startFakeStripe>>;
let fakeResend: Awaited<ReturnType<typeof startFakeResend>>;

beforeAll(async () => {
  fakeStripe = await startFakeStripe();
  fakeResend = await startFakeResend();
  shop = await startTestShop({
    env: {
      STRIPE_SECRET_KEY: 'sk_test_fake',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_fake',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: fakeStripe.url,
      RESEND_API_KEY: 're_test_fake',
      RESEND_BASE_URL: fakeResend.url,
    },
  });
});

afterAll(async () => {
  await shop?.close();
  await fakeStripe?.close();
  await fakeResend?.close();
});

function event(id: string, type: string, object: Record<string, unknown>): string {
  return JSON.stringify({ id, object: 'event', api_version: '2025-01-01', created: Math.floor(Date.now() / 1000), type, data: { object } });
}

function deliver(payload: string) {
  const signature = stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  return fetch(`${shop.url}/api/webhooks/stripe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body: payload,
  });
}

async function until(what: string, check: () => Promise<boolean>, ms = 20_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('the same Stripe events, ten times each, concurrently and out of order', () => {
  it('records one payment, one receipt, one email, and ends refunded', { timeout: 60_000 }, async () => {
    const { client, upload } = await browserWithUpload(shop, { pages: 2 });
    const created = await client.post('/api/create-payment-intent', pickupBody(upload.id, CUSTOMER));
    expect(created.status).toBe(201);
    const orderId: string = created.body.orderId;
    const [{ payment_intent_id: intentId }] = await shop.sql<{ payment_intent_id: string }[]>`select payment_intent_id from orders where id = ${orderId}`;

    // The customer paid and was then refunded before any webhook got through.
    const intent = fakeStripe.succeed(intentId, { brand: 'visa', last4: '4242' });
    fakeStripe.refund(intentId);
    const succeeded = event(`evt_ok_${randomUUID().slice(0, 8)}`, 'payment_intent.succeeded', { id: intentId, object: 'payment_intent', status: 'succeeded' });
    const refunded = event(`evt_rf_${randomUUID().slice(0, 8)}`, 'charge.refunded', {
      id: intent.latest_charge?.id,
      object: 'charge',
      payment_intent: intentId,
      refunded: true,
    });

    const worker = await shop.startWorker({ concurrency: 6 });
    // Refunds first, then successes, interleaved, all in flight at once.
    const deliveries: string[] = [...Array(10).fill(refunded), ...Array(10).fill(succeeded)];
    const answers = await Promise.all(deliveries.map((p) => deliver(p)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    // And reconciliations under separate job keys, so several really run side by side.
    await Promise.all(
      Array.from(
        { length: 6 },
        () => shop.sql`select graphile_worker.add_job('orders__reconcile_payment', json_build_object('paymentIntentId', ${intentId}::text))`,
      ),
    );

    await until('the confirmation email to be sent', async () => {
      const [row] = await shop.sql<{ status: string }[]>`select status from emails where order_id = ${orderId} and kind = 'order_confirmation'`;
      return row?.status === 'sent';
    });
    await until('the queue to drain', async () => {
      const [{ n }] = await shop.sql<{ n: number }[]>`select count(*)::int as n from graphile_worker.jobs`;
      return n === 0;
    });
    await worker.stop();

    const [order] = await shop.sql<
      { payment_status: string; paid_at: Date | null; refunded_at: Date | null; receipt_key: string | null; card_last4: string | null }[]
    >`
      select payment_status, paid_at, refunded_at, receipt_key, card_last4 from orders where id = ${orderId}`;
    expect(order.payment_status).toBe('refunded');
    expect(order.paid_at).not.toBeNull();
    expect(order.refunded_at).not.toBeNull();
    expect(order.receipt_key).not.toBeNull();
    // Two distinct events recorded once each, both processed.
    const events = await shop.sql<
      { id: string; processed_at: Date | null }[]
    >`select id, processed_at from payment_events where payment_intent_id = ${intentId}`;
    expect(events).toHaveLength(2);
    expect(events.every((e) => e.processed_at !== null)).toBe(true);
    // One email row, and exactly one email handed to the provider.
    const emails = await shop.sql`select kind from emails where order_id = ${orderId} and kind = 'order_confirmation'`;
    expect(emails).toHaveLength(1);
    const toProvider = fakeResend.emails.filter((e) => JSON.stringify(e.body.to).includes(CUSTOMER.customerEmail));
    expect(toProvider).toHaveLength(1);
    // One receipt file, readable by the customer.
    const receipt = await client.bytes(`/api/orders/${orderId}/receipt`);
    expect(receipt.status).toBe(200);
    expect(receipt.body.subarray(0, 5).toString()).toBe('%PDF-');
    const json = (await client.get(`/api/orders/${orderId}`)).body;
    expect(json.paymentStatus).toBe('refunded');

    // A late redelivery of either event changes nothing.
    expect((await deliver(succeeded)).status).toBe(200);
    expect((await deliver(refunded)).status).toBe(200);
    await shop.runJobs();
    const [again] = await shop.sql<{ payment_status: string }[]>`select payment_status from orders where id = ${orderId}`;
    expect(again.payment_status).toBe('refunded');
    expect(fakeResend.emails.filter((e) => JSON.stringify(e.body.to).includes(CUSTOMER.customerEmail))).toHaveLength(1);
  });
});
