/**
 * Paying on account through the API: the counter opens Net 30 terms with a credit limit; a member
 * places orders on the firm's account within the limit (invoiced, printed like paid, an invoice and
 * its PDF emailed), is refused over it (409 with what is left) and while an invoice is overdue; the
 * counter marks an invoice paid, or the owner pays one by card (the built-in provider here, the
 * Stripe fake and its webhook below). Outsiders get 404 on every firm invoice route; a member
 * paying (an owner's part) gets 403.
 */
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopForFile, startTestShop, type TestShop } from '#test/helpers/shop';
import { adminClient } from '#test/helpers/adminTestKit';
import type { TestClient } from '#test/helpers/client';
import { browserWithUpload, CUSTOMER, pickupBody } from '#test/helpers/checkout';
import { firmOnAccount, orderOnAccount, signedInPerson } from '#test/helpers/onAccount';
import { pdfText } from '#test/helpers/pdfText';
import { startFakeStripe } from '#test/helpers/providerFakes';
import { dollarsToCents } from '#shared/money';
import { addJob } from '#core/lib/db';

let shop: TestShop;
let admin: TestClient;
shopForFile((s) => (shop = s));
beforeAll(async () => {
  admin = await adminClient(shop);
});

/** The total of the 3-sheet pickup order the fixtures place, in cents (priced once by the server). */
async function orderTotalCents(): Promise<number> {
  const { member } = await firmOnAccount(shop, { creditLimitCents: 1_000_000 });
  const placed = await orderOnAccount(shop, member);
  expect(placed.status, placed.text).toBe(201);
  return dollarsToCents(placed.body.amounts.total);
}

describe('the counter opens terms', () => {
  it('takes Net 30 with a limit in dollars, refuses a bad limit, and closes terms', async () => {
    const { firmId, owner } = await firmOnAccount(shop);
    const path = `/api/admin/firms/${firmId}`;
    expect((await admin.patch(path, { terms: 'net30' })).status).toBe(400);
    expect((await admin.patch(path, { terms: 'net30', creditLimit: -5 })).status).toBe(400);
    expect((await admin.patch(path, { terms: 'net30', creditLimit: 100_000.01 })).status).toBe(400);
    expect((await admin.patch(path, { terms: 'net60', creditLimit: 10 })).status).toBe(400);
    expect((await owner.client.patch(path, { terms: 'net30', creditLimit: 10 })).status).toBe(401);

    const opened = await admin.patch(path, { terms: 'net30', creditLimit: 2500.5 });
    expect(opened.status, opened.text).toBe(200);
    expect(opened.body).toMatchObject({ firmId, terms: 'net30', creditLimit: '2500.50', openBalance: '0.00', available: '2500.50' });
    const [row] = await shop.sql<{ credit_limit_cents: number }[]>`select credit_limit_cents from firms where id = ${firmId}`;
    expect(row.credit_limit_cents).toBe(250_050);
    expect((await owner.client.get(`/api/firms/${firmId}`)).body.terms).toEqual({
      terms: 'net30',
      creditLimit: '2500.50',
      openBalance: '0.00',
      available: '2500.50',
    });
    const listed = await admin.get('/api/admin/firms');
    expect(listed.body.find((f: { id: string }) => f.id === firmId)).toMatchObject({ terms: 'net30', ownerEmail: owner.email, members: 2 });

    expect((await admin.patch(path, { terms: null })).body).toMatchObject({ terms: null, creditLimit: null, available: null });
    expect((await admin.patch('/api/admin/firms/00000000-0000-4000-8000-000000000000', { terms: null })).status).toBe(404);
  });
});

describe('an order on the firm account', () => {
  it('is refused (403) without terms, without a firm and signed out', async () => {
    const { member } = await firmOnAccount(shop);
    const noTerms = await orderOnAccount(shop, member);
    expect(noTerms.status).toBe(403);
    expect(noTerms.body.message).toMatch(/no account with us/);
    const loner = await signedInPerson(shop);
    expect((await orderOnAccount(shop, loner)).status).toBe(403);
    const guest = await browserWithUpload(shop);
    const anonymous = await guest.client.post('/api/create-payment-intent', pickupBody(guest.upload.id, { ...CUSTOMER, paymentMethod: 'invoice' }));
    expect(anonymous.status).toBe(403);
    expect(anonymous.body.message).toMatch(/signed-in members of a firm/);
    expect((await guest.client.post('/api/create-payment-intent', pickupBody(guest.upload.id, { paymentMethod: 'cheque' }))).status).toBe(400);
  });

  it('within the limit is placed invoiced with its invoice; over it is a 409 with what is left', async () => {
    const total = await orderTotalCents();
    const limit = total * 2 + 1234;
    const { firmId, owner, member } = await firmOnAccount(shop, { creditLimitCents: limit });

    const first = await orderOnAccount(shop, member);
    expect(first.status, first.text).toBe(201);
    expect(first.body).toMatchObject({
      clientSecret: null,
      provider: null,
      paymentStatus: 'invoiced',
      invoice: { number: expect.stringMatching(/^INV-\d{6}$/) },
    });
    expect(first.body.message).toMatch(/No card payment is needed/);
    const order = await member.client.get(`/api/orders/${first.body.orderId}`);
    expect(order.body).toMatchObject({ paymentStatus: 'invoiced', firmId });
    expect(order.body.statusText).toMatch(/^Invoiced to your firm/);
    const [invoice] = await shop.sql<{ amount_cents: number; due_on: string; issued_on: string }[]>`
      select amount_cents, to_char(due_on, 'YYYY-MM-DD') as due_on, to_char((issued_at at time zone 'America/New_York')::date, 'YYYY-MM-DD') as issued_on
      from invoices where order_id = ${first.body.orderId}`;
    expect(invoice.amount_cents).toBe(total);
    const issued = new Date(`${invoice.issued_on}T00:00:00Z`);
    expect((new Date(`${invoice.due_on}T00:00:00Z`).getTime() - issued.getTime()) / 86_400_000).toBe(30);
    expect(first.body.invoice.dueOn).toBe(invoice.due_on);

    // Printed like a paid order: the counter moves it on, and its ticket prints.
    expect((await admin.patch(`/api/orders/${first.body.orderId}/status`, { status: 'processing' })).status).toBe(200);
    expect((await admin.get(`/api/admin/job-ticket/${first.body.orderId}`)).status).toBe(200);

    // The invoice PDF and its email to the owner and the placer, each once.
    await shop.runJobs();
    await shop.runJobs();
    const emails = await shop.sql<{ to_address: string; attachments: { filename: string }[]; subject: string }[]>`
      select to_address, attachments, subject from emails where order_id = ${first.body.orderId} and kind = 'invoice_issued' order by to_address`;
    expect(emails.map((e) => e.to_address).sort()).toEqual([owner.email, member.email].sort());
    expect(emails[0].attachments[0].filename).toBe(`invoice-${first.body.invoice.number}.pdf`);
    expect(emails[0].subject).toContain(first.body.invoice.number);
    const [confirmation] = await shop.sql<{ text_body: string }[]>`
      select text_body from emails where order_id = ${first.body.orderId} and kind = 'order_confirmation'`;
    expect(confirmation.text_body).toContain("It is on your firm's account (Net 30)");

    const second = await orderOnAccount(shop, member);
    expect(second.status).toBe(201);
    const over = await orderOnAccount(shop, owner);
    expect(over.status).toBe(409);
    expect(over.body.available).toBe('12.34');
    expect(over.body.message).toMatch(/\$12\.34 left/);

    const firm = await owner.client.get(`/api/firms/${firmId}`);
    expect(firm.body.terms.openBalance).toBe(((total * 2) / 100).toFixed(2));
    expect(firm.body.terms.available).toBe('12.34');
    expect(firm.body.invoices.map((i: { orderId: string }) => i.orderId)).toEqual([first.body.orderId, second.body.orderId]);
  });

  it('is refused while an invoice of the firm is overdue, naming it; the counter lists it', async () => {
    const { firmId, member } = await firmOnAccount(shop, { creditLimitCents: 1_000_000 });
    const first = await orderOnAccount(shop, member);
    expect(first.status).toBe(201);
    // The due day itself is not overdue.
    await shop.sql`update invoices set due_on = (now() at time zone 'America/New_York')::date where order_id = ${first.body.orderId}`;
    expect((await orderOnAccount(shop, member)).status).toBe(201);
    await shop.sql`update invoices set due_on = due_on - 1 where order_id = ${first.body.orderId}`;
    const blocked = await orderOnAccount(shop, member);
    expect(blocked.status).toBe(409);
    expect(blocked.body.message).toContain(`Invoice ${first.body.invoice.number} was due on`);
    expect(blocked.body.invoiceNumber).toBe(first.body.invoice.number);
    const overdue = await admin.get('/api/admin/invoices?status=overdue');
    expect(overdue.body.filter((i: { firmId: string }) => i.firmId === firmId).map((i: { number: string }) => i.number)).toEqual([first.body.invoice.number]);
    expect((await admin.get('/api/admin/invoices?status=late')).status).toBe(400);
    // A card order is still welcome.
    expect((await orderOnAccount(shop, member, { paymentMethod: 'card' })).status).toBe(201);
  });
});

describe('settling an invoice', () => {
  it('by the counter makes the order paid, once, and frees the limit', async () => {
    const { firmId, owner, member } = await firmOnAccount(shop, { creditLimitCents: 1_000_000 });
    const placed = await orderOnAccount(shop, member);
    const invoiceId: string = placed.body.invoice.id;
    expect((await owner.client.post(`/api/admin/invoices/${invoiceId}/mark-paid`)).status).toBe(401);
    // A reference that is not text is refused with a sentence, and nothing is marked.
    const bad = await admin.post(`/api/admin/invoices/${invoiceId}/mark-paid`, { reference: 4417 });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/Payment reference must be text/);
    const paid = await admin.post(`/api/admin/invoices/${invoiceId}/mark-paid`, { reference: ' Check 4417 ' });
    expect(paid.status, paid.text).toBe(200);
    // The counter's reference is recorded with the payment.
    expect(paid.body).toMatchObject({ id: invoiceId, status: 'paid', paidBy: 'admin', paymentReference: 'Check 4417' });
    expect((await admin.post(`/api/admin/invoices/${invoiceId}/mark-paid`)).status).toBe(409);
    expect((await member.client.get(`/api/orders/${placed.body.orderId}`)).body.paymentStatus).toBe('paid');
    const firm = await owner.client.get(`/api/firms/${firmId}`);
    expect(firm.body.terms.openBalance).toBe('0.00');
    expect(firm.body.invoices).toEqual([]);
    const paidList = await admin.get('/api/admin/invoices?status=paid');
    expect(paidList.body.map((i: { id: string }) => i.id)).toContain(invoiceId);
    const text = await pdfText((await owner.client.bytes(`/api/firms/${firmId}/invoices/${invoiceId}/pdf`)).body);
    expect(text).toContain('Total (paid)');
  });

  it('by the owner with a card (built-in provider), reconciled once; members and outsiders cannot', async () => {
    const { firmId, owner, member } = await firmOnAccount(shop, { creditLimitCents: 1_000_000 });
    const placed = await orderOnAccount(shop, member);
    const invoiceId: string = placed.body.invoice.id;
    const pay = `/api/firms/${firmId}/invoices/${invoiceId}/pay`;
    const pdf = `/api/firms/${firmId}/invoices/${invoiceId}/pdf`;

    expect((await member.client.post(pay, {})).status).toBe(403);
    const stranger = await signedInPerson(shop);
    const other = await firmOnAccount(shop, { creditLimitCents: 1_000_000 });
    for (const outsider of [shop.client(), stranger.client, other.owner.client, admin]) {
      expect((await outsider.post(pay, {})).status).toBe(404);
      expect((await outsider.get(pdf)).status).toBe(404);
    }
    // Another firm's invoice id under one's own firm is not found either.
    expect((await other.owner.client.get(`/api/firms/${other.firmId}/invoices/${invoiceId}/pdf`)).status).toBe(404);

    const memberPdf = await member.client.get(pdf);
    expect(memberPdf.status).toBe(200);
    expect(memberPdf.headers.get('content-type')).toBe('application/pdf');

    const intent = await owner.client.post(pay, {});
    expect(intent.status, intent.text).toBe(200);
    expect(intent.body).toMatchObject({ invoiceId, provider: 'demo', clientSecret: expect.any(String), amount: placed.body.amounts.total.toFixed(2) });
    expect((await owner.client.post(pay, {})).body.clientSecret).toBe(intent.body.clientSecret);
    expect((await owner.client.post(pay, { cardNumber: '4000 0000 0000 0002' })).body).toMatchObject({ status: 'declined' });
    expect((await owner.client.post(pay, { cardNumber: '4242 4242 4242 4242' })).body).toEqual({ invoiceId, status: 'succeeded' });
    await shop.runJobs();
    expect((await member.client.get(`/api/orders/${placed.body.orderId}`)).body.paymentStatus).toBe('paid');
    const [invoice] = await shop.sql<{ paid_by: string }[]>`select paid_by from invoices where id = ${invoiceId}`;
    expect(invoice.paid_by).toBe('card');
    expect((await owner.client.post(pay, {})).status).toBe(409);
    expect((await admin.post(`/api/admin/invoices/${invoiceId}/mark-paid`)).status).toBe(409);
  });
});

describe('a cancelled order on account', () => {
  it('makes its invoice void: not owed, not payable, not counted against the limit; undoing the cancel brings it back', async () => {
    const { firmId, owner, member } = await firmOnAccount(shop, { creditLimitCents: 1_000_000 });
    const placed = await orderOnAccount(shop, member);
    const invoiceId: string = placed.body.invoice.id;
    expect((await owner.client.get(`/api/firms/${firmId}`)).body.terms.openBalance).not.toBe('0.00');
    expect((await admin.patch(`/api/orders/${placed.body.orderId}/status`, { status: 'failed' })).status).toBe(200);
    const firm = await owner.client.get(`/api/firms/${firmId}`);
    expect(firm.body.terms.openBalance).toBe('0.00');
    expect(firm.body.invoices).toEqual([]);
    expect((await owner.client.post(`/api/firms/${firmId}/invoices/${invoiceId}/pay`, {})).body.message).toMatch(/void/);
    expect((await admin.post(`/api/admin/invoices/${invoiceId}/mark-paid`)).status).toBe(409);
    expect((await admin.patch(`/api/orders/${placed.body.orderId}/status`, { status: 'pending' })).status).toBe(200);
    expect((await owner.client.get(`/api/firms/${firmId}`)).body.invoices.map((i: { id: string }) => i.id)).toEqual([invoiceId]);
  });

  it('takes a limit sent back as the dollar string the API sends', async () => {
    const { firmId } = await firmOnAccount(shop);
    const opened = await admin.patch(`/api/admin/firms/${firmId}`, { terms: 'net30', creditLimit: '1500.25' });
    expect(opened.body.creditLimit).toBe('1500.25');
    expect((await admin.patch(`/api/admin/firms/${firmId}`, { terms: 'net30', creditLimit: '1,500' })).status).toBe(400);
  });
});

describe('the owner pays by card through Stripe', () => {
  const WEBHOOK_SECRET = 'whsec_invoice_test';
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

  /** Stripe's signed `payment_intent.succeeded` for `intentId`, answered 200, then the jobs it queued run. */
  async function succeededWebhook(intentId: string, eventId: string): Promise<void> {
    const payload = JSON.stringify({
      id: eventId,
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

  it('settles the invoice once from its webhook, however often it comes', async () => {
    const { firmId, owner, member } = await firmOnAccount(stripeShop, { creditLimitCents: 1_000_000 });
    const placed = await orderOnAccount(stripeShop, member);
    expect(placed.status, placed.text).toBe(201);
    const invoiceId: string = placed.body.invoice.id;
    const intent = await owner.client.post(`/api/firms/${firmId}/invoices/${invoiceId}/pay`, {});
    expect(intent.body).toMatchObject({ provider: 'stripe', clientSecret: expect.stringMatching(/^pi_/) });
    expect((await owner.client.post(`/api/firms/${firmId}/invoices/${invoiceId}/pay`, { cardNumber: '4242424242424242' })).status).toBe(400);
    const [{ payment_intent_id: intentId }] = await stripeShop.sql<
      { payment_intent_id: string }[]
    >`select payment_intent_id from invoices where id = ${invoiceId}`;
    expect(fakeStripe.intents.get(intentId)?.metadata).toMatchObject({ invoiceId, orderId: placed.body.orderId });

    fakeStripe.succeed(intentId, { brand: 'visa', last4: '4242' });
    for (let i = 0; i < 3; i++) await succeededWebhook(intentId, 'evt_invoice_paid');
    const [order] = await stripeShop.sql<{ payment_status: string; card_last4: string; payment_intent_id: string }[]>`
      select payment_status, card_last4, payment_intent_id from orders where id = ${placed.body.orderId}`;
    expect(order).toEqual({ payment_status: 'paid', card_last4: '4242', payment_intent_id: intentId });
    const [invoice] = await stripeShop.sql<{ paid_by: string; paid_at: Date }[]>`select paid_by, paid_at from invoices where id = ${invoiceId}`;
    expect(invoice.paid_by).toBe('card');
    const events = await stripeShop.sql`select id from payment_events where payment_intent_id = ${intentId} and processed_at is not null`;
    expect(events.length).toBe(1);
    // The card settled it, so this payment is no duplicate: the refund task, queued anyway, gives
    // nothing back and tells no one.
    await addJob(stripeShop.sql, 'invoices__refund_duplicate', { invoiceId, paymentIntentId: intentId });
    await stripeShop.runJobs();
    expect(fakeStripe.intents.get(intentId)?.latest_charge?.refunded).toBeFalsy();
    expect(await stripeShop.sql`select id from emails where order_id = ${placed.body.orderId} and kind = 'invoice_payment_returned'`).toEqual([]);
  });

  it('gives back a card payment that lands after the counter marked the invoice paid, once', async () => {
    const { firmId, owner, member } = await firmOnAccount(stripeShop, { creditLimitCents: 1_000_000 });
    const placed = await orderOnAccount(stripeShop, member);
    const invoiceId: string = placed.body.invoice.id;
    expect((await owner.client.post(`/api/firms/${firmId}/invoices/${invoiceId}/pay`, {})).status).toBe(200);
    const [{ payment_intent_id: intentId }] = await stripeShop.sql<{ payment_intent_id: string }[]>`
      select payment_intent_id from invoices where id = ${invoiceId}`;
    // The counter takes a check while the owner's card form is still open; then the card goes through.
    const stripeAdmin = await adminClient(stripeShop);
    expect((await stripeAdmin.post(`/api/admin/invoices/${invoiceId}/mark-paid`)).status).toBe(200);
    fakeStripe.succeed(intentId, { brand: 'visa', last4: '4242' });
    for (let i = 0; i < 2; i++) await succeededWebhook(intentId, `evt_late_${i}`);
    expect(fakeStripe.intents.get(intentId)?.latest_charge?.refunded).toBe(true);
    // Reconciling the refunded intent afterwards does nothing more: no second refund, no second email.
    await succeededWebhook(intentId, 'evt_after_refund');
    // The counter's record stands: the invoice paid by the counter, the order paid and not refunded.
    const [invoice] = await stripeShop.sql<{ paid_by: string }[]>`select paid_by from invoices where id = ${invoiceId}`;
    expect(invoice.paid_by).toBe('admin');
    const [order] = await stripeShop.sql<{ payment_status: string; payment_intent_id: string | null }[]>`
      select payment_status, payment_intent_id from orders where id = ${placed.body.orderId}`;
    expect(order).toEqual({ payment_status: 'paid', payment_intent_id: null });
    // The owner who paid is told, once, however often the webhook came.
    const told = await stripeShop.sql<{ to_address: string; subject: string; text_body: string }[]>`
      select to_address, subject, text_body from emails where order_id = ${placed.body.orderId} and kind = 'invoice_payment_returned'`;
    expect(told.map((e) => e.to_address)).toEqual([owner.email.toLowerCase()]);
    expect(told[0].subject).toBe(`Your card payment for invoice ${placed.body.invoice.number} was refunded`);
    expect(told[0].text_body).toContain(`card payment of $${placed.body.amounts.total.toFixed(2)}`);
  });
});
