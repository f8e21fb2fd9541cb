/** The Resend adapter with the real `resend` SDK against a local fake: idempotency key, attachments, errors. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeResend } from '#test/helpers/providerFakes';
import { shopForFile, type TestShop } from '#test/helpers/shop';
import { browserWithUpload, CUSTOMER, pickupBody } from '#test/helpers/checkout';
import { ResendSender } from './resend';

let fake: Awaited<ReturnType<typeof startFakeResend>>;
let shop: TestShop;
beforeAll(async () => {
  fake = await startFakeResend();
});
afterAll(async () => {
  await fake?.close();
});
shopForFile(
  (s) => (shop = s),
  () => ({ env: { RESEND_API_KEY: 're_test_key', RESEND_BASE_URL: fake.url, EMAIL_FROM: 'Blueprint Shop <orders@prints.example>' } }),
);

describe('Resend adapter', () => {
  it('sends with the idempotency key; the same key twice is one email', async () => {
    const sender = new ResendSender('re_test_key', fake.url);
    const email = {
      from: 'a@b.example',
      to: 'c@d.example',
      subject: 'Hi',
      text: 'Hello',
      attachments: [{ filename: 'r.pdf', content: Buffer.from('%PDF-1.4'), contentType: 'application/pdf' }],
      idempotencyKey: 'k-1',
    };
    const first = await sender.send(email);
    const second = await sender.send(email);
    expect(second.messageId).toBe(first.messageId);
    const sent = fake.emails.filter((e) => e.idempotencyKey === 'k-1');
    expect(sent).toHaveLength(1);
    expect(sent[0].auth).toBe('Bearer re_test_key');
    expect(sent[0].body.attachments[0].filename).toBe('r.pdf');
  });

  it('throws when Resend refuses, so the job retries', async () => {
    const sender = new ResendSender('re_test_key', fake.url);
    fake.failNextRequests(1);
    await expect(sender.send({ from: 'a@b.example', to: 'c@d.example', subject: 'x', text: 'x', attachments: [], idempotencyKey: 'k-2' })).rejects.toThrow(
      /Resend/,
    );
  });

  it('sends the order confirmation through Resend once, with the receipt attached', async () => {
    const { client, upload } = await browserWithUpload(shop, { pages: 2 });
    const { orderId } = (await client.post('/api/create-payment-intent', pickupBody(upload.id, CUSTOMER))).body;
    await client.post('/api/payments/demo/confirm', { orderId, cardNumber: '4242424242424242' });
    await shop.runJobs();
    await shop.runJobs();
    const mine = fake.emails.filter((e) => e.idempotencyKey === `order:${orderId}:confirmation`);
    expect(mine).toHaveLength(1);
    expect(mine[0].body.from).toBe('Blueprint Shop <orders@prints.example>');
    expect(mine[0].body.to).toEqual(['grace@example.com']);
    expect(mine[0].body.text).toContain(`/order-success/${orderId}?token=`);
    expect(Buffer.from(mine[0].body.attachments[0].content, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    const [row] = await shop.sql`select status, provider, provider_message_id from emails where order_id = ${orderId}`;
    expect(row).toMatchObject({ status: 'sent', provider: 'resend', provider_message_id: mine[0].id });
  });
});
