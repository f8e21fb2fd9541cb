/**
 * A member's card order over the firm's approval limit, through the API: it waits with no card
 * intent (nothing can pay it: the demo confirmation, the re-price and the order page's Pay refuse
 * it with a sentence); an approver's yes lets its placer, and only its placer, pay it by card from
 * the order page, after which it is in the print queue with one receipt and one confirmation email.
 * A declined one is never paid; an approved one left unpaid for 7 days is cancelled. With Stripe, a
 * payment that lands for an order that still waits is refunded and the order keeps waiting.
 */
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopForFile, startTestShop, type TestShop } from '#test/helpers/shop';
import { buildUpload } from '#test/helpers/factories';
import { adminClient } from '#test/helpers/adminTestKit';
import type { TestClient } from '#test/helpers/client';
import { CUSTOMER, pickupBody } from '#test/helpers/checkout';
import { firmOnAccount, signedInPerson, type FirmPerson } from '#test/helpers/onAccount';
import { startFakeStripe } from '#test/helpers/providerFakes';
import { addJob } from '#core/lib/db';
import type { OrderJson } from '#shared/orderJson';

let shop: TestShop;
let admin: TestClient;
shopForFile((s) => (shop = s));
beforeAll(async () => {
  admin = await adminClient(shop);
});

/** A firm (no Net 30 terms: card only) whose members' orders over $1.00 wait, with an owner, an approver and a member. */
async function cardFirm(on: TestShop = shop) {
  const firm = await firmOnAccount(on);
  const approver = await signedInPerson(on, 'Ada');
  await on.sql`insert into firm_members (user_id, firm_id, role) values (${approver.id}, ${firm.firmId}, 'approver')`;
  const rules = await firm.owner.client.patch(`/api/firms/${firm.firmId}`, { rules: { approvalOverDollars: 1 } });
  expect(rules.status, rules.text).toBe(200);
  return { ...firm, approver };
}

/** The page's load (placeholders), then its Pay (the re-price with the customer's details). */
async function cardCheckout(on: TestShop, who: FirmPerson) {
  const upload = await buildUpload(on, { userId: who.id });
  const loaded = await who.client.post('/api/create-payment-intent', pickupBody(upload.id));
  expect(loaded.status, loaded.text).toBe(201);
  const paid = await who.client.post(
    '/api/create-payment-intent',
    pickupBody(upload.id, { ...CUSTOMER, customerEmail: who.email, orderId: loaded.body.orderId, updateOnly: true, poNumber: 'PO-7731' }),
  );
  return { upload, loaded, paid };
}

/** A member's card order sent for approval: its id. */
async function waitingCardOrder(on: TestShop, who: FirmPerson): Promise<string> {
  const { paid } = await cardCheckout(on, who);
  expect(paid.status, paid.text).toBe(201);
  expect(paid.body).toMatchObject({ paymentStatus: 'awaiting_approval', clientSecret: null, invoice: null });
  return paid.body.orderId as string;
}

const emailsOf = (on: TestShop, orderId: string, kind: string) =>
  on.sql<{ to_address: string; subject: string; text_body: string }[]>`
    select to_address, subject, text_body from emails where order_id = ${orderId} and kind = ${kind} order by to_address`;
const demoIntents = async (orderId: string) =>
  (await shop.sql<{ n: number }[]>`select count(*)::int as n from demo_payment_intents where order_id = ${orderId}`)[0].n;
const approve = (firmId: string, who: FirmPerson, orderId: string) => who.client.post(`/api/firms/${firmId}/approvals/${orderId}`, { decision: 'approve' });

describe('a member’s card order over the approval limit', () => {
  it('waits with no intent to confirm, its approvers are asked, and nothing can pay it', async () => {
    const { owner, approver, member } = await cardFirm();
    const { upload, loaded, paid } = await cardCheckout(shop, member);
    // At load (placeholders) it is only priced: no intent, and the page is told whose yes it needs.
    expect(loaded.body).toMatchObject({
      clientSecret: null,
      provider: 'demo',
      paymentStatus: 'unpaid',
      approvalRequired: { waitsFor: 'Olive Builder or Ada Builder' },
    });
    expect(paid.status, paid.text).toBe(201);
    expect(paid.body).toMatchObject({ orderId: loaded.body.orderId, paymentStatus: 'awaiting_approval', clientSecret: null, provider: 'demo' });
    expect(paid.body.message).toContain('waits for Olive Builder or Ada Builder to approve it. Once approved, you pay by card on its order page');
    const orderId = paid.body.orderId as string;
    expect(await demoIntents(orderId)).toBe(0);

    const order = (await member.client.get(`/api/orders/${orderId}`)).body as OrderJson;
    expect(order).toMatchObject({
      paymentStatus: 'awaiting_approval',
      approval: { state: 'waiting', payBy: 'card', waitsFor: 'Olive Builder or Ada Builder' },
    });
    expect(order.statusText).toBe(
      'Awaiting approval — waiting for Olive Builder or Ada Builder to approve it; you pay by card here once it is approved. Nothing is charged or printed until then.',
    );
    expect((await admin.get(`/api/orders/${orderId}`)).status).toBe(404);
    const asked = await emailsOf(shop, orderId, 'approval_request');
    expect(asked.map((e) => e.to_address).sort()).toEqual([approver.email, owner.email].sort());
    expect(asked[0].text_body).toContain('to be paid by card');

    // The demo confirmation, the re-price and the order page's Pay all refuse it, with a sentence.
    const confirm = await member.client.post('/api/payments/demo/confirm', { orderId, cardNumber: '4242 4242 4242 4242' });
    expect(confirm.status).toBe(409);
    expect(confirm.body.message).toContain('waits for approval by Olive Builder or Ada Builder');
    for (const details of [{}, { ...CUSTOMER, customerEmail: member.email, poNumber: 'PO-1' }]) {
      const again = await member.client.post('/api/create-payment-intent', pickupBody(upload.id, { ...details, orderId, updateOnly: true }));
      expect(again.status, again.text).toBe(409);
      expect(again.body.message).toContain('waits for approval by Olive Builder or Ada Builder');
    }
    const pay = await member.client.post(`/api/orders/${orderId}/pay`, {});
    expect(pay.status).toBe(409);
    expect(pay.body.message).toContain('it can be paid by card from its order page once it is approved');
    const [row] = await shop.sql`select payment_status, approval_state, payment_intent_id, total_cents from orders where id = ${orderId}`;
    expect(row).toMatchObject({ payment_status: 'unpaid', approval_state: 'waiting', payment_intent_id: null });
    expect(await demoIntents(orderId)).toBe(0);
  });

  it('an approver’s own card order, and a member’s under the limit, are paid at once as before', async () => {
    const { firmId, owner, approver, member } = await cardFirm();
    for (const who of [owner, approver]) {
      const { loaded, paid } = await cardCheckout(shop, who);
      expect(loaded.body.clientSecret).toMatch(/^demo_pi_/);
      expect(paid.status, paid.text).toBe(200);
      expect(paid.body.clientSecret).toBe(loaded.body.clientSecret);
    }
    expect((await owner.client.patch(`/api/firms/${firmId}`, { rules: { approvalOverDollars: 100000 } })).status).toBe(200);
    const { loaded, paid } = await cardCheckout(shop, member);
    expect(loaded.body.clientSecret).toMatch(/^demo_pi_/);
    expect(paid.status).toBe(200);
    expect(paid.body.approvalRequired).toBeUndefined();
  });

  it('priced under the limit at load and over it at Pay: a new order waits, the load’s order keeps its price', async () => {
    const { firmId, owner, member } = await cardFirm();
    expect((await owner.client.patch(`/api/firms/${firmId}`, { rules: { approvalOverDollars: 100000 } })).status).toBe(200);
    const upload = await buildUpload(shop, { userId: member.id });
    const loaded = await member.client.post('/api/create-payment-intent', pickupBody(upload.id));
    expect(loaded.body.clientSecret).toMatch(/^demo_pi_/);
    // The limit is now the load's total: not over it, but a rush of four sets is.
    expect((await owner.client.patch(`/api/firms/${firmId}`, { rules: { approvalOverDollars: loaded.body.amounts.total } })).status).toBe(200);
    const before = (await shop.sql<{ total_cents: number }[]>`select total_cents from orders where id = ${loaded.body.orderId}`)[0].total_cents;
    // While the customer types (no details yet): only priced, the order and its intent as they were.
    const rush = pickupBody(upload.id, { rushOrder: true, sets: 4, orderId: loaded.body.orderId, updateOnly: true });
    const typing = await member.client.post('/api/create-payment-intent', rush);
    expect(typing.status, typing.text).toBe(200);
    expect(typing.body).toMatchObject({ clientSecret: null, approvalRequired: { waitsFor: 'Olive Builder or Ada Builder' } });
    expect(typing.body.amounts.total).toBeGreaterThan(loaded.body.amounts.total);
    expect((await shop.sql`select total_cents from orders where id = ${loaded.body.orderId}`)[0].total_cents).toBe(before);
    const sent = await member.client.post('/api/create-payment-intent', { ...rush, ...CUSTOMER, customerEmail: member.email });
    expect(sent.status, sent.text).toBe(201);
    expect(sent.body.paymentStatus).toBe('awaiting_approval');
    expect(sent.body.orderId).not.toBe(loaded.body.orderId);
    expect(await demoIntents(sent.body.orderId)).toBe(0);
  });
});

describe('a distribution list by card over the limit', () => {
  it('waits as one order with its packages, and is paid once approved', async () => {
    const { firmId, approver, member } = await cardFirm();
    const upload = await buildUpload(shop, { userId: member.id });
    const { shippingMethod: _m, rateId: _r, shippingAddress: _a, ...rest } = pickupBody(upload.id, { ...CUSTOMER, customerEmail: member.email });
    const list = [
      { name: 'Owner', company: 'Client Co', delivery: 'pickup' },
      { name: 'Site office', delivery: 'pickup', sets: 2 },
    ];
    const placed = await member.client.post('/api/create-payment-intent', { ...rest, recipients: list });
    expect(placed.status, placed.text).toBe(201);
    expect(placed.body).toMatchObject({ paymentStatus: 'awaiting_approval', clientSecret: null });
    expect(placed.body.amounts.recipients.map((r: { name: string }) => r.name)).toEqual(['Owner', 'Site office']);
    const orderId = placed.body.orderId as string;
    expect((await member.client.get(`/api/orders/${orderId}`)).body.recipients).toHaveLength(2);
    expect(await demoIntents(orderId)).toBe(0);
    expect((await approve(firmId, approver, orderId)).status).toBe(200);
    const pay = await member.client.post(`/api/orders/${orderId}/pay`, {});
    expect(pay.body.amount).toBe(placed.body.amounts.total);
    expect((await member.client.post('/api/payments/demo/confirm', { orderId, cardNumber: '4242 4242 4242 4242' })).body.status).toBe('succeeded');
    await shop.runJobs();
    expect((await member.client.get(`/api/orders/${orderId}`)).body.paymentStatus).toBe('paid');
  });
});

describe('approved, its placer pays by card from the order page', () => {
  it('once: only the placer, at the approved total; then it is in the print queue with one receipt and one confirmation', async () => {
    const { firmId, owner, approver, member } = await cardFirm();
    const orderId = await waitingCardOrder(shop, member);
    const answers = await Promise.all([approve(firmId, owner, orderId), approve(firmId, approver, orderId)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers.map((a) => a.body.alreadyDecided).sort()).toEqual([false, true]);
    const decidedBy = answers.find((a) => !a.body.alreadyDecided)!.body.approval.decidedBy as string;
    // An approval by card issues no invoice and charges nothing; it cannot be declined after.
    expect(answers[0].body.order).toMatchObject({ paymentStatus: 'unpaid', status: 'pending', approval: { state: 'approved', payBy: 'card' } });
    expect((await shop.sql`select id from invoices where order_id = ${orderId}`).length).toBe(0);
    const late = await owner.client.post(`/api/firms/${firmId}/approvals/${orderId}`, { decision: 'decline', reason: 'No' });
    expect(late.body).toMatchObject({ alreadyDecided: true, approval: { state: 'approved' } });

    const order = (await member.client.get(`/api/orders/${orderId}`)).body as OrderJson;
    expect(order.statusText).toBe(`Approved by ${decidedBy} — pay by card to send it to print. Nothing is charged or printed until then.`);
    expect((await admin.get(`/api/orders/${orderId}`)).status).toBe(404);
    const told = await emailsOf(shop, orderId, 'approval_approved');
    expect(told).toHaveLength(1);
    expect(told[0].to_address).toBe(member.email);
    const [{ access_token: token }] = await shop.sql<{ access_token: string }[]>`select access_token from orders where id = ${orderId}`;
    expect(told[0].text_body).toContain(`/order-success/${orderId}?token=${encodeURIComponent(token)}`);
    expect(told[0].text_body).toContain('You can now pay it by card on its order page');

    // Someone else, the approver, or the emailed token alone cannot pay it.
    const stranger = await signedInPerson(shop);
    for (const client of [stranger.client, approver.client, shop.client()]) {
      const res = await client.post(`/api/orders/${orderId}/pay?token=${encodeURIComponent(token)}`, {});
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Order not found.');
    }
    // Two Pay presses at once: one intent, at the approved total.
    const pays = await Promise.all([member.client.post(`/api/orders/${orderId}/pay`, {}), member.client.post(`/api/orders/${orderId}/pay`, {})]);
    expect(pays.map((p) => p.status)).toEqual([200, 200]);
    expect(pays[0].body).toMatchObject({ orderId, provider: 'demo', amount: order.totalAmount, clientSecret: expect.stringMatching(/^demo_pi_/) });
    expect(pays[1].body.clientSecret).toBe(pays[0].body.clientSecret);
    expect(await demoIntents(orderId)).toBe(1);

    const declined = await member.client.post('/api/payments/demo/confirm', { orderId, cardNumber: '4000 0000 0000 0002' });
    expect(declined.body.status).toBe('declined');
    const confirmed = await member.client.post('/api/payments/demo/confirm', { orderId, cardNumber: '4242 4242 4242 4242' });
    expect(confirmed.status, confirmed.text).toBe(200);
    expect(confirmed.body.status).toBe('succeeded');
    await shop.runJobs();
    const paidOrder = (await member.client.get(`/api/orders/${orderId}`)).body as OrderJson;
    expect(paidOrder).toMatchObject({ paymentStatus: 'paid', cardLast4: '4242', hasReceipt: true });
    expect(paidOrder.statusText).toMatch(/^Paid — in the print queue/);
    const batches = ((await admin.get('/api/admin/production')).body as { orderId: string }[]).filter((b) => b.orderId === orderId);
    expect(batches.length).toBeGreaterThan(0);
    // However often the payment is reconciled: one receipt, one confirmation email.
    const [{ payment_intent_id: intentId }] = await shop.sql<{ payment_intent_id: string }[]>`select payment_intent_id from orders where id = ${orderId}`;
    await addJob(shop.sql, 'orders__reconcile_payment', { paymentIntentId: intentId });
    await shop.runJobs();
    expect(await emailsOf(shop, orderId, 'order_confirmation')).toHaveLength(1);
    expect((await shop.sql`select receipt_key from orders where id = ${orderId}`)[0].receipt_key).toEqual(expect.any(String));
    const again = await member.client.post(`/api/orders/${orderId}/pay`, {});
    expect(again.status).toBe(409);
    expect(again.body.message).toContain('is already paid');
  });

  it('a declined card order is never paid; an approved one left unpaid 7 days is cancelled, once', async () => {
    const { firmId, approver, member } = await cardFirm();
    const declinedId = await waitingCardOrder(shop, member);
    const no = await approver.client.post(`/api/firms/${firmId}/approvals/${declinedId}`, { decision: 'decline', reason: 'Half-size sets, please' });
    expect(no.body.order).toMatchObject({ status: 'failed', statusText: 'Cancelled — declined by Ada Builder: Half-size sets, please' });
    for (const res of [
      await member.client.post(`/api/orders/${declinedId}/pay`, {}),
      await member.client.post('/api/payments/demo/confirm', { orderId: declinedId, cardNumber: '4242 4242 4242 4242' }),
    ]) {
      expect(res.status).toBe(409);
      expect(res.body.message).toContain('was declined by Ada Builder, so it cannot be paid');
    }

    const unpaidId = await waitingCardOrder(shop, member);
    expect((await approve(firmId, approver, unpaidId)).status).toBe(200);
    expect((await member.client.post(`/api/orders/${unpaidId}/pay`, {})).status).toBe(200);
    await shop.sql`update orders set approval_decided_at = now() - interval '7 days 1 minute' where id = ${unpaidId}`;
    await shop.runCron('orders__expire_approvals');
    await shop.runCron('orders__expire_approvals');
    const [row] = await shop.sql`select status, approval_state, approval_decided_by_name from orders where id = ${unpaidId}`;
    expect(row).toEqual({ status: 'failed', approval_state: 'expired', approval_decided_by_name: 'Ada Builder' });
    expect((await member.client.get(`/api/orders/${unpaidId}`)).body.statusText).toBe(
      'Cancelled — approved by Ada Builder but not paid within 7 days. Nothing was charged or printed.',
    );
    const told = await emailsOf(shop, unpaidId, 'approval_expired');
    expect(told).toHaveLength(1);
    expect(told[0].subject).toContain('it was not paid');
    // Its intent was cancelled at the provider: the card form cannot pay it any more.
    const confirm = await member.client.post('/api/payments/demo/confirm', { orderId: unpaidId, cardNumber: '4242 4242 4242 4242' });
    expect(confirm.status).toBe(409);
    expect((await shop.sql`select status from demo_payment_intents where order_id = ${unpaidId}`)[0].status).toBe('canceled');
  });
});

describe('with Stripe', () => {
  const WEBHOOK_SECRET = 'whsec_card_approval_test';
  let stripeShop: TestShop;
  let fakeStripe: Awaited<ReturnType<typeof startFakeStripe>>;
  beforeAll(async () => {
    fakeStripe = await startFakeStripe();
    stripeShop = await startTestShop({
      env: {
        STRIPE_SECRET_KEY: 'sk_test_fake',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_fake',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_BASE: fakeStripe.url,
      },
    });
  });
  afterAll(async () => {
    await stripeShop?.close();
    await fakeStripe?.close();
  });

  async function succeededWebhook(intentId: string): Promise<void> {
    const payload = JSON.stringify({
      id: `evt_${intentId}_${Date.now()}`,
      object: 'event',
      api_version: '2025-01-01',
      created: Math.floor(Date.now() / 1000),
      type: 'payment_intent.succeeded',
      data: { object: { id: intentId, object: 'payment_intent', status: 'succeeded' } },
    });
    const signature = new Stripe('sk_test_x').webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const res = await fetch(`${stripeShop.url}/api/webhooks/stripe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
    });
    expect(res.status).toBe(200);
    await stripeShop.runJobs();
  }

  it('a payment that lands while the order waits is refunded and it keeps waiting; once approved it is paid from the order page', async () => {
    const { firmId, approver, member } = await cardFirm(stripeShop);
    const orderId = await waitingCardOrder(stripeShop, member);
    expect([...fakeStripe.intents.values()].filter((i) => i.metadata.orderId === orderId)).toEqual([]);
    // A client that made its own intent for the order and confirmed it: the money goes back.
    const rogue = fakeStripe.create(4200, { orderId });
    fakeStripe.succeed(rogue.id);
    await succeededWebhook(rogue.id);
    expect(fakeStripe.intents.get(rogue.id)?.latest_charge?.refunded).toBe(true);
    const [waiting] = await stripeShop.sql`select payment_status, approval_state from orders where id = ${orderId}`;
    expect(waiting).toEqual({ payment_status: 'unpaid', approval_state: 'waiting' });
    const told = await emailsOf(stripeShop, orderId, 'approval_payment_refunded');
    expect(told).toHaveLength(1);
    expect(told[0].text_body).toContain('still waits for approval');

    expect((await approve(firmId, approver, orderId)).status).toBe(200);
    const pay = await member.client.post(`/api/orders/${orderId}/pay`, {});
    expect(pay.status, pay.text).toBe(200);
    expect(pay.body).toMatchObject({ provider: 'stripe', clientSecret: expect.stringMatching(/^pi_/) });
    const [{ payment_intent_id: intentId, total_cents: total }] = await stripeShop.sql<{ payment_intent_id: string; total_cents: number }[]>`
      select payment_intent_id, total_cents from orders where id = ${orderId}`;
    expect(fakeStripe.intents.get(intentId)).toMatchObject({ amount: total, metadata: { orderId } });
    fakeStripe.succeed(intentId);
    await succeededWebhook(intentId);
    await succeededWebhook(intentId);
    const [paid] = await stripeShop.sql`select payment_status, card_last4 from orders where id = ${orderId}`;
    expect(paid).toEqual({ payment_status: 'paid', card_last4: '4242' });
    expect(await emailsOf(stripeShop, orderId, 'order_confirmation')).toHaveLength(1);
  });
});
