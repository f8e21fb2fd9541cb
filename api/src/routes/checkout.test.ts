/**
 * Checkout through the HTTP API with the built-in providers: server-side pricing and tax, stored
 * shipping quotes, re-pricing, the demo card, reconciliation, receipt, email and order access.
 */
import { describe, expect, it } from 'vitest';
import { shopForFile, type TestShop } from '#test/helpers/shop';
import { buildUpload, buildUser } from '#test/helpers/factories';
import { giveAnonymousSession } from '#test/helpers/sessions';
import { ADDRESSES, browserWithUpload, CUSTOMER, pickupBody, shippingOrder } from '#test/helpers/checkout';

let shop: TestShop;
shopForFile((s) => (shop = s));

const cents = (dollars: number) => Math.round(dollars * 100);

describe('pricing and tax through the API', () => {
  it('prices pickup with New Jersey tax from the upload, not from the client', async () => {
    const { client, upload } = await browserWithUpload(shop, { pages: 3 });
    const res = await client.post('/api/create-payment-intent', pickupBody(upload.id));
    expect(res.status).toBe(201);
    expect(res.body.provider).toBe('demo');
    expect(typeof res.body.clientSecret).toBe('string');
    // 3 x $5.99 = $17.97; NJ 6.63% of 17.97 = 1.1914 → $1.19.
    expect(res.body.amounts).toMatchObject({ subtotal: 17.97, rushFee: 0, shippingCost: 0, tax: 1.19, total: 19.16 });
    const [order] = await shop.sql`select * from orders where id = ${res.body.orderId}`;
    expect(order).toMatchObject({ page_count: 3, total_cents: 1916, tax_state: 'NJ', tax_rate_millipercent: 6630, payment_status: 'unpaid' });
    expect(order.access_token.length).toBeGreaterThanOrEqual(32);
    expect(order.payment_intent_id).toMatch(/^demo_pi_/);
  });

  it('prints each sheet on its own paper when printSize is left out (asDrawn, the default)', async () => {
    const { client, upload } = await browserWithUpload(shop, { pages: 2 });
    const { printSize: _left, ...body } = pickupBody(upload.id);
    const res = await client.post('/api/create-payment-intent', body);
    expect(res.status).toBe(201);
    const [order] = await shop.sql`select print_size from orders where id = ${res.body.orderId}`;
    expect(order.print_size).toBe('asDrawn');
    // 2 ARCH D sheets on 24" x 36" paper: 2 x $5.99 = $11.98.
    expect(res.body.amounts.subtotal).toBe(11.98);
    const rates = await client.post('/api/shipping-rates', { toAddress: ADDRESSES.NY, pageCount: 2 });
    expect(rates.status).toBe(200);
  });

  it('ignores tampered amounts and page counts', async () => {
    const { client, upload } = await browserWithUpload(shop, { pages: 4 });
    const res = await client.post(
      '/api/create-payment-intent',
      pickupBody(upload.id, { printType: 'color', pageCount: 1, totalAmount: 0.01, pricePerPage: 0.01, shippingCost: -5, tax: 0, fileName: 'x.pdf' }),
    );
    expect(res.status).toBe(201);
    // 4 x $14.99 = $59.96, + 6.63% = 3.975 → $3.98.
    expect(res.body.amounts).toMatchObject({ subtotal: 59.96, tax: 3.98, total: 63.94 });
  });

  it('adds the $20 rush fee and taxes it', async () => {
    const { client, upload } = await browserWithUpload(shop, { pages: 3 });
    const res = await client.post('/api/create-payment-intent', pickupBody(upload.id, { rushOrder: true }));
    // (17.97 + 20) x 6.63% = 2.5174 → $2.52.
    expect(res.body.amounts).toMatchObject({ subtotal: 17.97, rushFee: 20, tax: 2.52, total: 40.49 });
  });

  it('ships to New York at 8% on prints plus shipping', async () => {
    const { client, upload } = await browserWithUpload(shop, { pages: 3 });
    const { rates, rate, intent } = await shippingOrder(client, upload.id, ADDRESSES.NY);
    expect(rates.length).toBeGreaterThanOrEqual(3);
    expect(rates.map((r: { cost: number }) => r.cost)).toEqual([...rates.map((r: { cost: number }) => r.cost)].sort((a, b) => a - b));
    for (const r of rates) {
      expect(r).toEqual(
        expect.objectContaining({ rateId: expect.any(String), service: expect.any(String), serviceName: expect.any(String), cost: expect.any(Number) }),
      );
      expect(r.deliveryDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect([0, 6]).not.toContain(new Date(`${r.deliveryDate}T12:00:00Z`).getUTCDay());
    }
    expect(new Set(rates.map((r: { service: string }) => r.service))).toEqual(new Set(['ground', '2day', 'overnight']));
    expect(intent.status).toBe(201);
    const shipping = cents(rate.cost);
    const tax = Math.floor(((1797 + shipping) * 8) / 100 + 0.5);
    expect(intent.body.amounts).toMatchObject({
      subtotal: 17.97,
      shippingCost: rate.cost,
      tax: tax / 100,
      total: (1797 + shipping + tax) / 100,
      taxState: 'NY',
    });
  });

  it('charges no tax in Oregon', async () => {
    const { client, upload } = await browserWithUpload(shop, { pages: 3 });
    const { rate, intent } = await shippingOrder(client, upload.id, ADDRESSES.OR);
    expect(intent.body.amounts).toMatchObject({ tax: 0, total: (1797 + cents(rate.cost)) / 100 });
  });

  it('refuses an unknown state, a bad ZIP and a ZIP from another state with 400', async () => {
    const { client } = await browserWithUpload(shop);
    for (const toAddress of [
      { ...ADDRESSES.NY, state: 'ZZ' },
      { ...ADDRESSES.NY, zipCode: '1220' },
      { ...ADDRESSES.NY, zipCode: 'abcde' },
      { ...ADDRESSES.NY, zipCode: '94105' },
      { ...ADDRESSES.NY, zipCode: '00000' },
      { ...ADDRESSES.NJ, zipCode: '00100' },
      { ...ADDRESSES.NY, street1: '' },
    ]) {
      const res = await client.post('/api/shipping-rates', { toAddress, printSize: '24x36', pageCount: 3 });
      expect(res.status, JSON.stringify(toAddress)).toBe(400);
      expect(typeof res.body.message).toBe('string');
    }
    expect((await client.post('/api/shipping-rates', { printSize: '24x36', pageCount: 3 })).status).toBe(400);
    expect((await client.post('/api/shipping-rates', { toAddress: ADDRESSES.NY, printSize: '11x17', pageCount: 3 })).status).toBe(400);
    // The lowest ZIP in use, in Holtsville, NY, is a ZIP like any other.
    expect(
      (await client.post('/api/shipping-rates', { toAddress: { ...ADDRESSES.NY, city: 'Holtsville', zipCode: '00501' }, printSize: '24x36', pageCount: 3 }))
        .status,
    ).toBe(200);
  });

  it('weighs the tube: more sheets and the bigger tube cost more', async () => {
    const { client } = await browserWithUpload(shop);
    const cost = async (printSize: string, pageCount: number) =>
      (await client.post('/api/shipping-rates', { toAddress: ADDRESSES.CA, printSize, pageCount })).body[0].cost as number;
    const small = await cost('24x36', 1);
    const many = await cost('24x36', 60);
    expect(many).toBeGreaterThan(small);
    expect(await cost('30x42', 60)).toBeGreaterThan(many);
  });
});

describe('what create-payment-intent refuses', () => {
  it('refuses an upload that is not ready (400) and one of another browser (404)', async () => {
    const { client, sid } = await browserWithUpload(shop);
    const analyzing = await buildUpload(shop, { sessionSid: sid });
    await shop.sql`update uploads set status = 'analyzing', page_count = null where id = ${analyzing.id}`;
    const res = await client.post('/api/create-payment-intent', pickupBody(analyzing.id));
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/analy/i);
    const other = await buildUpload(shop, { sessionSid: null });
    expect((await client.post('/api/create-payment-intent', pickupBody(other.id))).status).toBe(404);
    expect((await client.post('/api/create-payment-intent', pickupBody('not-a-uuid'))).status).toBe(400);
    const count = await shop.sql`select count(*)::int as n from orders where session_sid = ${sid}`;
    expect(count[0].n).toBe(0);
  });

  it('uses only a stored quote of this browser that matches the order', async () => {
    const a = await browserWithUpload(shop, { pages: 3 });
    const b = await browserWithUpload(shop, { pages: 3 });
    const rates = await a.client.post('/api/shipping-rates', { toAddress: ADDRESSES.NY, printSize: '24x36', pageCount: 3 });
    const rateId = rates.body[0].rateId;
    const ship = (client: typeof a.client, uploadId: string, extra: Record<string, unknown>) =>
      client.post('/api/create-payment-intent', pickupBody(uploadId, { shippingMethod: 'shipping', rateId, shippingAddress: ADDRESSES.NY, ...extra }));
    expect((await ship(b.client, b.upload.id, {})).status).toBe(400); // another browser's quote
    expect((await ship(a.client, a.upload.id, { shippingAddress: ADDRESSES.NJ })).status).toBe(400); // another address
    expect((await ship(a.client, a.upload.id, { printSize: '30x42' })).status).toBe(400); // another tube
    expect((await ship(a.client, a.upload.id, { rateId: null })).status).toBe(400);
    expect((await ship(a.client, a.upload.id, { rateId: 'nonsense' })).status).toBe(400);
    // A quote asked for 1 sheet cannot price an order of 3.
    const light = await a.client.post('/api/shipping-rates', { toAddress: ADDRESSES.NY, printSize: '24x36', pageCount: 1 });
    expect((await ship(a.client, a.upload.id, { rateId: light.body[0].rateId })).status).toBe(400);
    expect((await ship(a.client, a.upload.id, {})).status).toBe(201);
  });

  it('re-prices the same order and the same intent with updateOnly', async () => {
    const { client, upload } = await browserWithUpload(shop, { pages: 2 });
    const first = await client.post('/api/create-payment-intent', pickupBody(upload.id));
    const { orderId, clientSecret } = first.body;
    const rates = await client.post('/api/shipping-rates', { toAddress: ADDRESSES.NY, printSize: '24x36', pageCount: 2 });
    const again = await client.post(
      '/api/create-payment-intent',
      pickupBody(upload.id, {
        orderId,
        updateOnly: true,
        rushOrder: true,
        shippingMethod: 'shipping',
        rateId: rates.body[0].rateId,
        shippingAddress: ADDRESSES.NY,
        ...CUSTOMER,
      }),
    );
    expect(again.status).toBe(200);
    expect(again.body.orderId).toBe(orderId);
    expect(again.body.clientSecret).toBe(clientSecret);
    expect(again.body.amounts.rushFee).toBe(20);
    expect(again.body.amounts.taxState).toBe('NY');
    const [order] = await shop.sql`select * from orders where id = ${orderId}`;
    const [intent] = await shop.sql`select * from demo_payment_intents where id = ${order.payment_intent_id}`;
    expect(intent.amount_cents).toBe(order.total_cents);
    expect(order.total_cents).toBe(cents(again.body.amounts.total));
    expect(order.customer_email).toBe('grace@example.com');
    expect(await shop.sql`select count(*)::int as n from demo_payment_intents where order_id = ${orderId}`).toEqual([{ n: 1 }]);
    // Someone else cannot re-price it.
    const stranger = shop.client();
    await giveAnonymousSession(shop, stranger);
    expect((await stranger.post('/api/create-payment-intent', pickupBody(upload.id, { orderId, updateOnly: true }))).status).toBe(404);
    // An orderId without updateOnly makes a new order and leaves this one alone.
    const fresh = await client.post('/api/create-payment-intent', pickupBody(upload.id, { orderId }));
    expect(fresh.status).toBe(201);
    expect(fresh.body.orderId).not.toBe(orderId);
    expect((await shop.sql`select rush_order from orders where id = ${orderId}`)[0].rush_order).toBe(true);
    expect((await client.post('/api/create-payment-intent', pickupBody(upload.id, { updateOnly: true }))).status).toBe(400);
  });
});

describe('paying with the built-in card provider', () => {
  it('needs real customer details, declines the decline card, then pays once with one receipt and one email', async () => {
    const { client, upload } = await browserWithUpload(shop, { pages: 3 });
    const { orderId } = (await client.post('/api/create-payment-intent', pickupBody(upload.id))).body;

    const missing = await client.post('/api/payments/demo/confirm', { orderId, cardNumber: '4242 4242 4242 4242' });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/first name, last name and a valid email/);

    await client.post('/api/create-payment-intent', pickupBody(upload.id, { orderId, updateOnly: true, ...CUSTOMER }));
    const declined = await client.post('/api/payments/demo/confirm', { orderId, cardNumber: '4000 0000 0000 0002' });
    expect(declined.status).toBe(200);
    expect(declined.body.status).toBe('declined');
    expect((await client.post('/api/payments/demo/confirm', { orderId, cardNumber: '1234 5678 9012 3456' })).status).toBe(400);
    expect((await client.post('/api/payments/demo/confirm', { orderId })).status).toBe(400);

    const stranger = shop.client();
    expect((await stranger.post('/api/payments/demo/confirm', { orderId, cardNumber: '4242424242424242' })).status).toBe(404);

    const ok = await client.post('/api/payments/demo/confirm', { orderId, cardNumber: '4242 4242 4242 4242' });
    expect(ok.body).toEqual({ status: 'succeeded' });
    expect((await client.post('/api/payments/demo/confirm', { orderId, cardNumber: '4242424242424242' })).body).toEqual({ status: 'succeeded' });
    expect((await client.get(`/api/orders/${orderId}`)).body.paymentStatus).toBe('unpaid'); // reconciliation is queued

    await shop.runJobs();
    await shop.runJobs();
    const order = (await client.get(`/api/orders/${orderId}`)).body;
    expect(order).toMatchObject({
      paymentStatus: 'paid',
      status: 'pending',
      cardLast4: '4242',
      totalAmount: 19.16,
      orderNumber: orderId.slice(-8).toUpperCase(),
    });

    const emails = await shop.sql`select * from emails where order_id = ${orderId}`;
    expect(emails).toHaveLength(1);
    const [row] = await shop.sql`select access_token, receipt_key from orders where id = ${orderId}`;
    expect(emails[0]).toMatchObject({ kind: 'order_confirmation', status: 'sent', to_address: 'grace@example.com' });
    expect(emails[0].text_body).toContain(`${shop.url}/order-success/${orderId}?token=${row.access_token}`);
    expect(emails[0].attachments[0]).toMatchObject({ storageKey: row.receipt_key, contentType: 'application/pdf' });

    // A replayed confirmation and a re-run of every job change nothing.
    await client.post('/api/payments/demo/confirm', { orderId, cardNumber: '4242424242424242' });
    await shop.sql`select graphile_worker.add_job('orders__render_receipt', json_build_object('orderId', ${orderId}::text))`;
    await shop.runJobs();
    expect(await shop.sql`select count(*)::int as n from emails where order_id = ${orderId}`).toEqual([{ n: 1 }]);
  });

  it('answers an order and its receipt only to the placing browser, the token or the admin', async () => {
    const { client, upload } = await browserWithUpload(shop, { pages: 2 });
    const { orderId } = (await client.post('/api/create-payment-intent', pickupBody(upload.id, CUSTOMER))).body;
    expect((await client.get(`/api/orders/${orderId}/receipt`)).status).toBe(409); // unpaid: no receipt yet
    await client.post('/api/payments/demo/confirm', { orderId, cardNumber: '4242424242424242' });
    await shop.runJobs();
    const [{ access_token: token }] = await shop.sql`select access_token from orders where id = ${orderId}`;

    const stranger = shop.client();
    expect((await stranger.get(`/api/orders/${orderId}`)).status).toBe(404);
    expect((await stranger.get(`/api/orders/${orderId}/receipt`)).status).toBe(404);
    expect((await stranger.get(`/api/orders/${orderId}?token=wrong`)).status).toBe(404);
    expect((await stranger.get('/api/orders/not-an-id')).status).toBe(404);
    expect((await stranger.get('/api/orders/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await stranger.get(`/api/orders/${orderId}?token=${token}`)).status).toBe(200);

    const pdf = await stranger.bytes(`/api/orders/${orderId}/receipt?token=${token}`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.body.subarray(0, 5).toString()).toBe('%PDF-');
    const mine = await client.bytes(`/api/orders/${orderId}/receipt`);
    expect(mine.status).toBe(200);

    const admin = shop.client();
    const login = await admin.post('/api/admin/login', { username: shop.ctx.env.ADMIN_USERNAME, password: shop.ctx.env.ADMIN_PASSWORD });
    if (login.status === 200) expect((await admin.get(`/api/orders/${orderId}`)).status).toBe(200);
  });

  it('creates an account after payment when asked, and leaves an existing one alone', async () => {
    const { client, upload } = await browserWithUpload(shop, { pages: 1 });
    const body = pickupBody(upload.id, { ...CUSTOMER, customerEmail: 'New.Customer@Example.com', createAccount: true });
    const { orderId } = (await client.post('/api/create-payment-intent', body)).body;
    await client.post('/api/payments/demo/confirm', { orderId, cardNumber: '4242424242424242' });
    await shop.runJobs();
    const [user] = await shop.sql`select * from users where email = 'new.customer@example.com'`;
    expect(user).toBeDefined();
    expect(user.password_hash).toMatch(/^scrypt\$/);
    const [order] = await shop.sql`select user_id from orders where id = ${orderId}`;
    expect(order.user_id).toBe(user.id);
    const [mail] = await shop.sql`select * from emails where kind = 'account_created' and user_id = ${user.id}`;
    expect(mail.text_body).toMatch(new RegExp(`${shop.url}/reset-password\\?token=[A-Za-z0-9_-]{20,}`));
    expect(await shop.sql`select count(*)::int as n from auth_tokens where user_id = ${user.id} and kind = 'set_password'`).toEqual([{ n: 1 }]);

    const existing = await buildUser(shop, { email: 'taken@example.com', passwordHash: 'keep-me' });
    const second = await browserWithUpload(shop, { pages: 1 });
    const o2 = (
      await second.client.post(
        '/api/create-payment-intent',
        pickupBody(second.upload.id, { ...CUSTOMER, customerEmail: 'taken@example.com', createAccount: true }),
      )
    ).body;
    await second.client.post('/api/payments/demo/confirm', { orderId: o2.orderId, cardNumber: '4242424242424242' });
    await shop.runJobs();
    const [still] = await shop.sql`select password_hash from users where id = ${existing.id}`;
    expect(still.password_hash).toBe('keep-me');
    expect(await shop.sql`select count(*)::int as n from emails where kind = 'account_created' and to_address = 'taken@example.com'`).toEqual([{ n: 0 }]);
  });

  it('cleans up unpaid orders older than 24 hours but keeps paid ones', async () => {
    const { client, upload } = await browserWithUpload(shop, { pages: 1 });
    const stale = (await client.post('/api/create-payment-intent', pickupBody(upload.id))).body.orderId;
    const paid = (await client.post('/api/create-payment-intent', pickupBody(upload.id, CUSTOMER))).body.orderId;
    await client.post('/api/payments/demo/confirm', { orderId: paid, cardNumber: '4242424242424242' });
    await shop.runJobs();
    await shop.sql`update orders set created_at = now() - interval '25 hours' where id in ${shop.sql([stale, paid])}`;
    await shop.sql`select graphile_worker.add_job('orders__cleanup_unpaid', '{}'::json)`;
    await shop.runJobs();
    const left = await shop.sql`select id from orders where id in ${shop.sql([stale, paid])}`;
    expect(left.map((r) => r.id)).toEqual([paid]);
  });
});
