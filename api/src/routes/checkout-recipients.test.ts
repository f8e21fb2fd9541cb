import { beforeAll, describe, expect, it } from 'vitest';
import { shopForFile, type TestShop } from '#test/helpers/shop';
import type { TestClient } from '#test/helpers/client';
import { ADDRESSES, browserWithNumberedSet, CUSTOMER, pickupBody } from '#test/helpers/checkout';
import { DEFAULT_SHOP } from '#shared/shop';
import { priceOrder } from '#shared/pricing';
import { centsToDollars } from '#shared/money';
import type { OrderJson } from '#shared/orderJson';
import { adminClient } from '#test/helpers/adminTestKit';
import { pdfText } from '#test/helpers/pdfText';
import { firmOnAccount } from '#test/helpers/onAccount';
import { buildUpload } from '#test/helpers/factories';
import { orderById } from '#core/orders/queries';
import { withRecipients } from '#core/orders/recipients';
import { renderReceipt } from '#core/services/receipts/index';
import { mkdir, writeFile } from 'node:fs/promises';

let shop: TestShop;
shopForFile((s) => (shop = s));

const SET = ['A-101', 'A-102', 'S-101', 'S-102', 'E-101', 'E-102'];
const PA = { street1: '1 Penn Sq', street2: '', city: 'Philadelphia', state: 'PA', zipCode: '19107' };

/** The three recipients of the issue: the whole set by pickup, the S sheets to PA, the E sheets half size to NJ. */
const THREE = [
  { name: 'Owner', company: 'Client Co', delivery: 'pickup' },
  { name: 'Keystone Steel', email: 'pm@keystone.test', delivery: 'shipping', address: PA, sheets: ['S'] },
  { name: 'Volt Electric', delivery: 'shipping', address: ADDRESSES.NJ, sheets: ['E'], sets: 0, halfSets: 1 },
];

/** The checkout page's body with recipients: no order-wide delivery or copies. */
const body = (uploadId: string, extra: Record<string, unknown> = {}) => {
  const { shippingMethod: _m, rateId: _r, shippingAddress: _a, ...rest } = pickupBody(uploadId, CUSTOMER);
  return { ...rest, ...extra };
};

/** What one package costs by the shop's own table, with the given shipping. */
function expected(o: { pages: number; sets?: number; halfSets?: number; ship?: { cents: number; state: string }; rush?: boolean }) {
  return priceOrder({
    pageCount: o.pages,
    printSize: '24x36',
    printType: 'bw',
    sets: o.sets ?? 1,
    halfSets: o.halfSets ?? 0,
    rushOrder: o.rush ?? false,
    shippingMethod: o.ship ? 'shipping' : 'pickup',
    shippingCostCents: o.ship?.cents ?? 0,
    cheapestShipping: true,
    state: o.ship?.state ?? null,
    shopState: DEFAULT_SHOP.state,
  });
}

const ordersCount = async () => (await shop.sql<{ n: number }[]>`select count(*)::int as n from orders`)[0].n;

describe('one order to several recipients', () => {
  let client: TestClient;
  let uploadId: string;

  beforeAll(async () => {
    const set = await browserWithNumberedSet(shop, SET);
    client = set.client;
    uploadId = set.upload.id;
  });

  it('quotes each shipping package in its own tube; a pickup has no rates', async () => {
    const res = await client.post('/api/shipping-rates', { uploadId, printSize: '24x36', printType: 'bw', recipients: THREE });
    expect(res.status).toBe(200);
    const [owner, steel, volt] = res.body.recipients;
    expect(owner).toMatchObject({ name: 'Owner', delivery: 'pickup', sheetCount: 6, rates: [] });
    expect(steel).toMatchObject({ name: 'Keystone Steel', sheetNumbers: ['S-101', 'S-102'], sheetCount: 2, subtotal: 11.98 });
    expect(volt).toMatchObject({ sheetNumbers: ['E-101', 'E-102'], subtotal: 2.98 });
    expect(steel.rates.length).toBeGreaterThan(0);
    // Each stored quote is for that recipient's own tube: 2 full sheets; 2 half sheets weigh as one.
    const tubes = await shop.sql<{ id: string; page_count: number; state: string }[]>`
      select id, page_count, to_address->>'state' as state from shipping_quotes where id = any(${[steel.rates[0].rateId, volt.rates[0].rateId]}::uuid[])`;
    expect(Object.fromEntries(tubes.map((t) => [t.state, t.page_count]))).toEqual({ PA: 2, NJ: 1 });
  });

  it('prices each package with its own shipping and tax, sums them and keeps every recipient', async () => {
    const rates = (await client.post('/api/shipping-rates', { uploadId, printSize: '24x36', printType: 'bw', recipients: THREE })).body.recipients;
    const paCents = Math.round(rates[1].rates[0].regularCost * 100);
    const njCents = Math.round(rates[2].rates[0].regularCost * 100);
    // No rateId: each shipping package takes its cheapest rate.
    const res = await client.post('/api/create-payment-intent', body(uploadId, { recipients: THREE, rushOrder: true }));
    expect(res.status).toBe(201);
    const owner = expected({ pages: 6, rush: true });
    const steel = expected({ pages: 2, ship: { cents: paCents, state: 'PA' } });
    const volt = expected({ pages: 2, sets: 0, halfSets: 1, ship: { cents: njCents, state: 'NJ' } });
    expect(owner.taxState).toBe('NJ');
    expect(steel.taxState).toBe('PA');
    const packages = [owner, steel, volt];
    const sum = (pick: (p: (typeof packages)[number]) => number) => centsToDollars(packages.reduce((t, p) => t + pick(p), 0));
    expect(res.body.amounts).toMatchObject({
      subtotal: sum((p) => p.subtotalCents),
      rushFee: 20,
      shippingCost: sum((p) => p.shippingCostCents),
      tax: sum((p) => p.taxCents),
      total: sum((p) => p.totalCents),
      taxState: null,
    });
    expect(res.body.amounts.recipients.map((r: { total: number; taxState: string }) => [r.taxState, r.total])).toEqual(
      packages.map((p) => [p.taxState, centsToDollars(p.totalCents)]),
    );
    // The one payment is the sum.
    const [intent] = await shop.sql<{ amount_cents: number }[]>`
      select d.amount_cents from demo_payment_intents d join orders o on o.payment_intent_id = d.id where o.id = ${res.body.orderId}`;
    expect(intent.amount_cents).toBe(owner.totalCents + steel.totalCents + volt.totalCents);

    const order = (await client.get(`/api/orders/${res.body.orderId}`)).body as OrderJson;
    expect(order.totalAmount).toBe(sum((p) => p.totalCents));
    expect(order.recipients.map((r) => [r.name, r.delivery, r.sheetNumbers, r.sets, r.halfSets, r.taxState])).toEqual([
      ['Owner', 'pickup', SET, 1, 0, 'NJ'],
      ['Keystone Steel', 'shipping', ['S-101', 'S-102'], 1, 0, 'PA'],
      ['Volt Electric', 'shipping', ['E-101', 'E-102'], 0, 1, 'NJ'],
    ]);
    expect(order.recipients[1]).toMatchObject({ positions: [3, 4], sheetCount: 2, address: { state: 'PA', zipCode: '19107' }, email: 'pm@keystone.test' });
    expect(order.recipients[1].shippingCost).toBe(centsToDollars(paCents));
    expect(order.recipients[1].shippingService).toBeTruthy();
    // Price lines name the recipient.
    expect(order.lines.map((l) => l.description)).toEqual([
      'Owner: 24" x 36" black and white',
      'Keystone Steel: 24" x 36" black and white',
      'Volt Electric: 12" x 18" half-size black and white',
    ]);
    // Each package's quote is stored, so its label is bought from it.
    const quotes = await shop.sql<{ shipping_quote_id: string | null }[]>`
      select shipping_quote_id from order_recipients where order_id = ${res.body.orderId} order by position`;
    expect(quotes.map((q) => q.shipping_quote_id !== null)).toEqual([false, true, true]);
  });

  it('charges the rate a recipient chose, and ships a package of $100 of prints free on its cheapest rate', async () => {
    const list = [
      { name: 'Big GC', delivery: 'shipping', address: ADDRESSES.NY, sets: 17, sheets: ['A-101..A-110'] },
      { name: 'Keystone Steel', delivery: 'shipping', address: PA, sheets: ['S-101', 4] },
    ];
    const rates = (await client.post('/api/shipping-rates', { uploadId, printSize: '24x36', printType: 'bw', recipients: list })).body.recipients;
    expect(rates[0].subtotal).toBe(203.66);
    expect(rates[0].rates[0]).toMatchObject({ free: true, cost: 0 });
    const dearer = rates[1].rates.find((r: { free: boolean; regularCost: number }) => r.regularCost > rates[1].rates[0].regularCost);
    expect(dearer).toBeDefined();
    const res = await client.post(
      '/api/create-payment-intent',
      body(uploadId, {
        recipients: [
          { ...list[0], rateId: rates[0].rates[0].rateId },
          { ...list[1], rateId: dearer.rateId },
        ],
      }),
    );
    expect(res.status).toBe(201);
    const [gc, steel] = res.body.amounts.recipients;
    expect(gc).toMatchObject({ shippingCost: 0, freeShipping: true, taxState: 'NY', sheetNumbers: ['A-101', 'A-102'] });
    expect(steel).toMatchObject({ shippingCost: dearer.regularCost, freeShipping: false, taxState: 'PA', sheetNumbers: ['S-101', 'S-102'] });
  });

  it('re-prices the same order with a new list, and without one it is the customer alone again', async () => {
    const placed = await client.post('/api/create-payment-intent', body(uploadId, { recipients: THREE }));
    const orderId = placed.body.orderId;
    const again = await client.post('/api/create-payment-intent', body(uploadId, { orderId, updateOnly: true, recipients: [THREE[0], THREE[1]] }));
    expect(again.status).toBe(200);
    let order = (await client.get(`/api/orders/${orderId}`)).body as OrderJson;
    expect(order.recipients.map((r) => r.name)).toEqual(['Owner', 'Keystone Steel']);
    expect(order.totalAmount).toBe(again.body.amounts.total);
    const plain = await client.post('/api/create-payment-intent', pickupBody(uploadId, { orderId, updateOnly: true }));
    expect(plain.status).toBe(200);
    order = (await client.get(`/api/orders/${orderId}`)).body as OrderJson;
    expect(order.recipients).toHaveLength(1);
    expect(order.recipients[0]).toMatchObject({ id: null, delivery: 'pickup', positions: [1, 2, 3, 4, 5, 6], total: order.totalAmount });
  });

  it('an order without recipients is one package to its customer', async () => {
    const res = await client.post('/api/create-payment-intent', pickupBody(uploadId, CUSTOMER));
    const order = (await client.get(`/api/orders/${res.body.orderId}`)).body as OrderJson;
    expect(order.recipients).toEqual([
      expect.objectContaining({
        id: null,
        name: 'Grace Hopper',
        email: 'grace@example.com',
        delivery: 'pickup',
        sets: 1,
        halfSets: 0,
        sheetCount: 6,
        subtotal: order.subtotal,
        taxAmount: order.taxAmount,
        trackingNumber: null,
      }),
    ]);
  });

  it('buys one label per shipping package, each with its own tracking number, to its own recipient', async () => {
    const placed = await client.post('/api/create-payment-intent', body(uploadId, { recipients: THREE }));
    const orderId = placed.body.orderId;
    expect((await client.post('/api/payments/demo/confirm', { orderId, cardNumber: '4242 4242 4242 4242' })).body).toEqual({ status: 'succeeded' });
    await shop.runJobs();
    const admin = await adminClient(shop);
    const res = await admin.post(`/api/admin/generate-label/${orderId}`);
    expect(res.status).toBe(200);
    expect(res.body.labels.map((l: { name: string }) => l.name)).toEqual(['Keystone Steel', 'Volt Electric']);
    const [steel, volt] = res.body.labels as { trackingNumber: string; labelUrl: string }[];
    expect(steel.trackingNumber).toMatch(/^BP\d{16}$/);
    expect(volt.trackingNumber).not.toBe(steel.trackingNumber);
    expect(res.body.trackingNumber).toBe(steel.trackingNumber);
    const pdf = await admin.bytes(steel.labelUrl);
    expect(pdf.status).toBe(200);
    const text = await pdfText(pdf.body);
    expect(text).toContain('KEYSTONE STEEL');
    expect(text).toContain('PHILADELPHIA, PA 19107');
    expect(await pdfText((await admin.bytes(volt.labelUrl)).body)).toContain('HACKENSACK, NJ 07601');
    // Again: the same labels, none bought twice.
    const again = await admin.post(`/api/admin/generate-label/${orderId}`);
    expect(again.body.labels.map((l: { trackingNumber: string }) => l.trackingNumber)).toEqual([steel.trackingNumber, volt.trackingNumber]);
    const order = (await client.get(`/api/orders/${orderId}`)).body as OrderJson;
    expect(order.recipients.map((r) => r.trackingNumber)).toEqual([null, steel.trackingNumber, volt.trackingNumber]);
    expect(order.recipients[1].trackingUrl).toBeTruthy();
    expect((await admin.get(`/api/admin/shipping-label/${orderId}?recipientId=${orderId}`)).status).toBe(404);

    const pickups = await client.post('/api/create-payment-intent', body(uploadId, { recipients: [THREE[0]] }));
    await client.post('/api/payments/demo/confirm', { orderId: pickups.body.orderId, cardNumber: '4242 4242 4242 4242' });
    await shop.runJobs();
    const none = await admin.post(`/api/admin/generate-label/${pickups.body.orderId}`);
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('Pickup orders do not need a shipping label.');
  });

  it('tells a recipient with an email of their own package once it is true, with no prices and no receipt', async () => {
    const list = [
      { name: 'Owner', email: 'owner@client.test', delivery: 'pickup', sheets: ['A'] },
      { name: 'Keystone Steel', email: 'pm@keystone.test', delivery: 'shipping', address: PA, sheets: ['S'] },
      { name: 'Volt Electric', delivery: 'shipping', address: ADDRESSES.NJ, sheets: ['E'] },
    ];
    const placed = await client.post('/api/create-payment-intent', body(uploadId, { recipients: list, jobName: 'Harbor School' }));
    const orderId = placed.body.orderId;
    await client.post('/api/payments/demo/confirm', { orderId, cardNumber: '4242 4242 4242 4242' });
    await shop.runJobs();
    const admin = await adminClient(shop);
    const toRecipients = async () =>
      shop.sql<{ to_address: string; kind: string; subject: string; text_body: string }[]>`
        select to_address, kind, subject, text_body from emails where order_id = ${orderId} and kind like 'recipient_%' order by to_address`;
    // Labelled but not completed: nobody hears yet.
    expect((await admin.post(`/api/admin/generate-label/${orderId}`)).status).toBe(200);
    expect(await toRecipients()).toEqual([]);
    expect((await admin.patch(`/api/orders/${orderId}/status`, { status: 'completed' })).status).toBe(200);
    await shop.fastForwardJobs('orders__notify_status');
    await shop.runJobs();
    const sent = await toRecipients();
    expect(sent.map((e) => [e.to_address, e.kind])).toEqual([
      ['owner@client.test', 'recipient_ready'],
      ['pm@keystone.test', 'recipient_tracking'],
    ]);
    expect(sent[0].subject).toBe('Drawings from Grace Hopper are ready for pickup');
    expect(sent[0].text_body).toContain('1 set of 2 sheets (A-101, A-102) for Harbor School');
    expect(sent[1].text_body).toContain('1 set of 2 sheets (S-101, S-102)');
    expect(sent[1].text_body).toMatch(/Tracking number: BP\d{16}/);
    for (const e of sent) {
      expect(e.text_body).not.toContain('$');
      expect(e.text_body).not.toContain('token=');
    }
    // Again: nobody hears twice; the customer alone gets the receipt.
    await admin.post(`/api/admin/generate-label/${orderId}`);
    await shop.runJobs();
    expect(await toRecipients()).toHaveLength(2);
    const receipts = await shop.sql<{ to_address: string }[]>`select to_address from emails where order_id = ${orderId} and kind = 'order_confirmation'`;
    expect(receipts.map((r) => r.to_address)).toEqual(['grace@example.com']);
  });

  it("places a firm's list on account, with its PA certificate taking the tax off the PA package alone", async () => {
    const { firmId, member } = await firmOnAccount(shop, { creditLimitCents: 1_000_000 });
    await shop.sql`
      insert into firm_tax_certificates (firm_id, state, kind, number, status, file_key, file_name, content_type, file_size, decided_at)
      values (${firmId}, 'PA', 'resale', 'PA-77', 'verified', 'certs/x.pdf', 'x.pdf', 'application/pdf', 10, now())`;
    const upload = await buildUpload(shop, { userId: member.id, pages: SET.length });
    await shop.sql`
      insert into upload_sheets ${shop.sql(SET.map((sheetNumber, i) => ({ upload_id: upload.id, number: i + 1, width_in: 36, height_in: 24, sheet_number: sheetNumber })))}`;
    const res = await member.client.post(
      '/api/create-payment-intent',
      body(upload.id, { customerEmail: member.email, paymentMethod: 'invoice', recipients: [THREE[0], THREE[1]] }),
    );
    expect(res.status).toBe(201);
    expect(res.body.paymentStatus).toBe('invoiced');
    const [owner, steel] = res.body.amounts.recipients;
    expect(owner.taxState).toBe('NJ');
    expect(owner.tax).toBeGreaterThan(0);
    expect(steel).toMatchObject({ taxState: 'PA', tax: 0 });
    expect(res.body.amounts.taxExemption).toMatchObject({ state: 'PA', number: 'PA-77' });
    const rows = await shop.sql<{ name: string; tax_cents: number }[]>`
      select name, tax_cents from order_recipients where order_id = ${res.body.orderId} order by position`;
    expect(rows.map((r) => [r.name, r.tax_cents > 0])).toEqual([
      ['Owner', true],
      ['Keystone Steel', false],
    ]);
    const [invoice] = await shop.sql<{ amount_cents: number }[]>`select amount_cents from invoices where order_id = ${res.body.orderId}`;
    expect(invoice.amount_cents).toBe(Math.round(res.body.amounts.total * 100));
  });

  describe('refuses bad input with a sentence naming the recipient, and places nothing', () => {
    const many = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `Sub ${i + 1}`, delivery: 'pickup' }));
    const badZip = [...THREE, { name: 'Acme Steel', delivery: 'shipping', address: { ...PA, zipCode: '1910' } }];
    it.each([
      [
        'sets beside recipients',
        { recipients: THREE, sets: 2 },
        'sets',
        'With recipients, sets is given for each recipient, not for the whole order. Please send it inside each recipient.',
      ],
      [
        'the order delivery beside recipients',
        { recipients: THREE, shippingMethod: 'pickup', rateId: null },
        'shippingMethod',
        'With recipients, shippingMethod and rateId are given for each recipient, not for the whole order. Please send them inside each recipient.',
      ],
      ['no recipients', { recipients: [] }, 'recipients', 'Please list from 1 to 50 recipients (0 were sent).'],
      ['51 recipients', { recipients: many(51) }, 'recipients', 'Please list from 1 to 50 recipients (51 were sent).'],
      ['a bad ZIP', { recipients: badZip }, 'recipients[3].address.zipCode', 'Recipient 4 (Acme Steel): ZIP code must be 5 digits'],
      [
        'a shipping recipient without an address',
        { recipients: [{ name: 'Acme Steel', delivery: 'shipping' }] },
        'recipients[0].address',
        'Recipient 1 (Acme Steel): please give an address to ship to.',
      ],
      [
        'sheets that match no sheet',
        { recipients: [THREE[0], { name: 'Plumber', delivery: 'pickup', sheets: ['P'] }] },
        'recipients[1].sheets',
        'Recipient 2 (Plumber): "P" matches no sheet of the set.',
      ],
      [
        'a position out of range',
        { recipients: [{ name: 'Plumber', delivery: 'pickup', sheets: [1, 7] }] },
        'recipients[0].sheets',
        'Recipient 1 (Plumber): sheet position 7 is not in the set: positions go from 1 to 6.',
      ],
      [
        'a rate of another package',
        { recipients: [{ name: 'Plumber', delivery: 'shipping', address: PA, rateId: '00000000-0000-4000-8000-000000000000' }] },
        'recipients[0].rateId',
        'Recipient 1 (Plumber): that shipping rate no longer matches their package. Please choose a shipping rate again.',
      ],
    ])('%s', async (_case, extra, path, message) => {
      const before = await ordersCount();
      const quotesBefore = (await shop.sql<{ n: number }[]>`select count(*)::int as n from shipping_quotes`)[0].n;
      const res = await client.post('/api/create-payment-intent', body(uploadId, extra));
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
      expect(res.body.errors[path]).toBe(message);
      expect(await ordersCount()).toBe(before);
      expect((await shop.sql<{ n: number }[]>`select count(*)::int as n from shipping_quotes`)[0].n).toBe(quotesBefore);
    });

    it.each([
      ['reducedSets', { reducedSets: 1 }],
      ['finishing', { finishing: { fold: 'title_out', bind: 'none', holes: 0 } }],
      ['halfFinishing', { halfFinishing: { fold: 'none', bind: 'none', holes: 3 } }],
    ])('refuses %s beside recipients, naming it: each recipient gives their own', async (field, extra) => {
      const before = await ordersCount();
      const res = await client.post('/api/create-payment-intent', body(uploadId, { recipients: THREE, ...extra }));
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(`With recipients, ${field} is given for each recipient, not for the whole order. Please send it inside each recipient.`);
      expect(res.body.errors[field]).toBe(res.body.message);
      expect(await ordersCount()).toBe(before);
    });

    it('refuses the same on the shipping rates', async () => {
      const res = await client.post('/api/shipping-rates', { uploadId, printSize: '24x36', recipients: badZip });
      expect(res.status).toBe(400);
      expect(res.body.errors['recipients[3].address.zipCode']).toBe('Recipient 4 (Acme Steel): ZIP code must be 5 digits');
      const beside = await client.post('/api/shipping-rates', { uploadId, printSize: '24x36', toAddress: PA, recipients: THREE });
      expect(beside.status).toBe(400);
      expect(beside.body.message).toMatch(/^With recipients, toAddress is given for each recipient/);
    });
  });
});

/** The shop's published prices (cents), written out here so the test does not take them from the code it checks. */
const PUBLISHED = { bw24x36: 599, reducedBw: 99, foldPerSheet: 50, staplePerSet: 200 };
/** Half-up rounding of a tax in thousandths of a percent, on whole cents. */
const taxOf = (cents: number, millipercent: number) => Math.floor((cents * millipercent + 50_000) / 100_000);
const FOLD_STAPLE = { fold: 'title_out', bind: 'staple_left', holes: 0 };
const NONE = { fold: 'none', bind: 'none', holes: 0 };
const flat = (text: string) => text.replace(/\s+/g, ' ');

describe('finishing and reduced sets per recipient', () => {
  let client: TestClient;
  let uploadId: string;

  beforeAll(async () => {
    const set = await browserWithNumberedSet(shop, SET);
    client = set.client;
    uploadId = set.upload.id;
  });

  /** Two packages: the S sheets twice, folded, stapled and once reduced, shipped to PA; the whole set picked up as it is. */
  const TWO = [
    { name: 'Keystone Steel', company: 'Keystone', delivery: 'shipping', address: PA, sheets: ['S'], sets: 2, finishing: FOLD_STAPLE, reducedSets: 1 },
    { name: 'Owner', delivery: 'pickup' },
  ];

  it("prices each package's finishing on its own sheets and sets, taxed at its own rate; the order JSON, ticket and receipt say it per package", async () => {
    // The rates see the finished package: its prints and finishing (not yet $100) and its tube of 4 full-size sheets.
    const rates = await client.post('/api/shipping-rates', { uploadId, printSize: '24x36', printType: 'bw', recipients: TWO });
    expect(rates.status).toBe(200);
    const steelSubtotal = 4 * PUBLISHED.bw24x36 + 2 * PUBLISHED.reducedBw + 4 * PUBLISHED.foldPerSheet + 2 * PUBLISHED.staplePerSet;
    expect(steelSubtotal).toBe(3194);
    expect(rates.body.recipients[0]).toMatchObject({ sheetNumbers: ['S-101', 'S-102'], subtotal: 31.94 });
    const [cheapest] = rates.body.recipients[0].rates as { rateId: string; regularCost: number; free: boolean }[];
    expect(cheapest.free).toBe(false);
    const [tube] = await shop.sql<{ page_count: number }[]>`select page_count from shipping_quotes where id = ${cheapest.rateId}`;
    expect(tube.page_count).toBe(4);
    const shipCents = Math.round(cheapest.regularCost * 100);

    const res = await client.post('/api/create-payment-intent', body(uploadId, { recipients: [{ ...TWO[0], rateId: cheapest.rateId }, TWO[1]] }));
    expect(res.status).toBe(201);
    expect(res.body.amounts.lines).toEqual([
      { description: 'Keystone Steel: 24" x 36" black and white', quantity: 4, unitPrice: 5.99, amount: 23.96 },
      { description: 'Keystone Steel: 11" x 17" reduced black and white', quantity: 2, unitPrice: 0.99, amount: 1.98 },
      { description: 'Keystone Steel: Folding to 9" x 12", title block out (full-size sets)', quantity: 4, unitPrice: 0.5, amount: 2 },
      { description: 'Keystone Steel: Staple binding, left edge (full-size sets)', quantity: 2, unitPrice: 2, amount: 4 },
      { description: 'Owner: 24" x 36" black and white', quantity: 6, unitPrice: 5.99, amount: 35.94 },
    ]);
    // Keystone's package pays PA's 6% on its prints, finishing and shipping; the pickup NJ's 6.63% on its prints.
    const steelTax = taxOf(steelSubtotal + shipCents, 6000);
    const ownerSubtotal = 6 * PUBLISHED.bw24x36;
    const ownerTax = taxOf(ownerSubtotal, 6630);
    const [steel, owner] = res.body.amounts.recipients;
    expect(steel).toMatchObject({
      subtotal: centsToDollars(steelSubtotal),
      shippingCost: centsToDollars(shipCents),
      taxState: 'PA',
      tax: centsToDollars(steelTax),
      total: centsToDollars(steelSubtotal + shipCents + steelTax),
      reducedSets: 1,
      finishing: FOLD_STAPLE,
    });
    expect(owner).toMatchObject({ subtotal: 35.94, shippingCost: 0, taxState: 'NJ', tax: centsToDollars(ownerTax), reducedSets: 0, finishing: NONE });
    const totalCents = steelSubtotal + shipCents + steelTax + ownerSubtotal + ownerTax;
    expect(res.body.amounts).toMatchObject({
      subtotal: centsToDollars(steelSubtotal + ownerSubtotal),
      tax: centsToDollars(steelTax + ownerTax),
      total: centsToDollars(totalCents),
      reducedSets: 1,
      // Full-size and reduced prints are two prices a sheet: there is no one price per sheet.
      pricePerPage: null,
    });
    // One payment, the sum.
    const [intent] = await shop.sql<{ amount_cents: number }[]>`
      select d.amount_cents from demo_payment_intents d join orders o on o.payment_intent_id = d.id where o.id = ${res.body.orderId}`;
    expect(intent.amount_cents).toBe(totalCents);

    // Kept per recipient, and read back the same.
    const rows = await shop.sql<{ name: string; finishing: unknown; half_finishing: unknown; reduced_sets: number }[]>`
      select name, finishing, half_finishing, reduced_sets from order_recipients where order_id = ${res.body.orderId} order by position`;
    expect(rows).toEqual([
      { name: 'Keystone Steel', finishing: FOLD_STAPLE, half_finishing: NONE, reduced_sets: 1 },
      { name: 'Owner', finishing: NONE, half_finishing: NONE, reduced_sets: 0 },
    ]);
    const order = (await client.get(`/api/orders/${res.body.orderId}`)).body as OrderJson;
    expect(order.recipients.map((r) => [r.name, r.sets, r.finishing, r.halfFinishing, r.reducedSets])).toEqual([
      ['Keystone Steel', 2, FOLD_STAPLE, NONE, 1],
      ['Owner', 1, NONE, NONE, 0],
    ]);
    expect(order.reducedSets).toBe(1);
    expect(order.totalAmount).toBe(centsToDollars(totalCents));

    await client.post('/api/payments/demo/confirm', { orderId: res.body.orderId, cardNumber: '4242 4242 4242 4242' });
    await shop.runJobs();
    const admin = await adminClient(shop);
    const ticketPdf = (await admin.bytes(`/api/admin/job-ticket/${res.body.orderId}`)).body;
    // Kept for looking at (rendered to PNG when the ticket changes).
    await mkdir('test-results', { recursive: true });
    await writeFile('test-results/recipients-finishing-ticket.pdf', ticketPdf);
    const ticket = flat(await pdfText(ticketPdf));
    expect(ticket).toContain('Each package its own: see the packing lists');
    const [, lists] = ticket.split('PACKING LISTS');
    const [steelList, ownerList] = lists.split('2 of 2: Owner');
    expect(steelList).toContain('1 of 2: Keystone Steel');
    expect(steelList).toContain('2 sets + 1 reduced 11" x 17" set of 2 sheets: S-101, S-102');
    expect(steelList).toContain('Finishing: Full-size sets: fold to 9" x 12", title block facing out on the front; staple on the left edge');
    expect(steelList).toContain('Finishing: Reduced sets: 1 × every sheet fit to 11" x 17", "REDUCED — NOT TO SCALE" in the margin; no finishing');
    expect(ownerList).toContain('1 set of 6 sheets');
    expect(ownerList).not.toContain('Finishing');

    const [row] = await withRecipients(shop.sql, [(await orderById(shop.sql, res.body.orderId))!]);
    const receiptPdf = await renderReceipt(row, DEFAULT_SHOP);
    await writeFile('test-results/recipients-finishing-receipt.pdf', receiptPdf);
    const receipt = flat(await pdfText(receiptPdf));
    const recipients = receipt.slice(receipt.lastIndexOf('Recipients 1.'));
    expect(recipients).toContain('1. Keystone Steel (Keystone)');
    expect(recipients).toContain('2 sets + 1 reduced 11" x 17" set of 2 sheets: S-101, S-102');
    expect(recipients).toContain('Finishing: Full-size sets: fold to 9" x 12", title block facing out on the front; staple on the left edge');
    expect(receipt).toContain('Keystone Steel: Staple binding, left edge (full-size sets) 2 $2.00 $4.00');
  });

  it('takes a recipient of reduced sets alone, in a tube that weighs as the empty tube', async () => {
    const list = [{ name: 'Field Office', delivery: 'shipping', address: PA, sets: 0, reducedSets: 2, sheets: ['A'] }];
    const res = await client.post('/api/create-payment-intent', body(uploadId, { recipients: list }));
    expect(res.status).toBe(201);
    expect(res.body.amounts.recipients[0]).toMatchObject({ sets: 0, halfSets: 0, reducedSets: 2, subtotal: centsToDollars(4 * PUBLISHED.reducedBw) });
    const [quote] = await shop.sql<{ page_count: number }[]>`
      select q.page_count from shipping_quotes q join order_recipients r on r.shipping_quote_id = q.id where r.order_id = ${res.body.orderId}`;
    expect(quote.page_count).toBe(0);
  });

  it.each([
    [
      'holes on full-size sets',
      [{ name: 'Acme Steel', delivery: 'pickup', finishing: { fold: 'none', bind: 'none', holes: 3 } }],
      'recipients[0].finishing.holes',
      'Recipient 1 (Acme Steel): Three holes are punched only in half-size sets. Please choose no holes for the full-size sets.',
    ],
    [
      'binding a package of one sheet',
      [TWO[1], { name: 'Acme Steel', delivery: 'pickup', sheets: ['A-101'], finishing: FOLD_STAPLE }],
      'recipients[1].finishing.bind',
      'Recipient 2 (Acme Steel): A set of one sheet cannot be bound. Please choose no binding.',
    ],
    [
      'finishing half-size sets they do not get',
      [{ name: 'Acme Steel', delivery: 'pickup', halfFinishing: { fold: 'none', bind: 'none', holes: 3 } }],
      'recipients[0].halfFinishing',
      'Recipient 1 (Acme Steel): Finishing for half-size sets needs at least one half-size set. Please add a half-size set or choose no finishing.',
    ],
    [
      'an unknown fold',
      [{ name: 'Acme Steel', delivery: 'pickup', finishing: { fold: 'accordion', bind: 'none', holes: 0 } }],
      'recipients[0].finishing.fold',
      'Recipient 1 (Acme Steel): Fold must be none or title_out',
    ],
    [
      'reduced sets past 100',
      [TWO[1], TWO[1], TWO[1], { name: 'Acme Steel', delivery: 'pickup', reducedSets: 101 }],
      'recipients[3].reducedSets',
      'Recipient 4 (Acme Steel): Reduced sets must be a whole number from 0 to 100',
    ],
  ])('refuses %s, naming the recipient, and places nothing', async (_case, recipients, path, message) => {
    const before = await ordersCount();
    const res = await client.post('/api/create-payment-intent', body(uploadId, { recipients }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(res.body.errors[path]).toBe(message);
    expect(await ordersCount()).toBe(before);
  });
});
