/**
 * A shipping address whose state does not own its ZIP is refused wherever an address is priced
 * (shipping rates, checkout, re-pricing, the address book), with a sentence naming both states; a
 * right address is taxed in the state that owns its ZIP.
 */
import { describe, expect, it } from 'vitest';
import { shopForFile, type TestShop } from '#test/helpers/shop';
import { buildUser } from '#test/helpers/factories';
import { customerClient } from '#test/helpers/adminTestKit';
import { browserWithUpload, CUSTOMER, pickupBody } from '#test/helpers/checkout';

let shop: TestShop;
shopForFile((s) => (shop = s));

const cents = (dollars: number) => Math.round(dollars * 100);

/** A real address with a wrong state, the state that owns its ZIP, and what the shop answers. */
const WRONG_STATES = [
  { city: 'Paramus', zipCode: '07652', typed: 'NH', owner: 'NJ', sentence: 'ZIP 07652 is in New Jersey, not New Hampshire.' },
  { city: 'New York', zipCode: '10118', typed: 'DE', owner: 'NY', sentence: 'ZIP 10118 is in New York, not Delaware.' },
  { city: 'Philadelphia', zipCode: '19107', typed: 'DE', owner: 'PA', sentence: 'ZIP 19107 is in Pennsylvania, not Delaware.' },
  { city: 'Minneapolis', zipCode: '55401', typed: 'MT', owner: 'MN', sentence: 'ZIP 55401 is in Minnesota, not Montana.' },
  { city: 'Los Angeles', zipCode: '90012', typed: 'OR', owner: 'CA', sentence: 'ZIP 90012 is in California, not Oregon.' },
  { city: 'Seattle', zipCode: '98101', typed: 'AK', owner: 'WA', sentence: 'ZIP 98101 is in Washington, not Alaska.' },
];

const address = (city: string, state: string, zipCode: string) => ({ street1: '1 Main St', street2: '', city, state, zipCode });

describe('an address whose state does not own its ZIP', () => {
  it('gets no shipping rates: 400 naming the state that owns the ZIP, and no quote is kept', async () => {
    const { client, sid } = await browserWithUpload(shop);
    for (const c of WRONG_STATES) {
      const res = await client.post('/api/shipping-rates', { toAddress: address(c.city, c.typed, c.zipCode), printSize: '24x36', pageCount: 3 });
      expect(res.status, c.zipCode).toBe(400);
      expect(res.body.message).toBe(c.sentence);
    }
    expect(await shop.sql`select count(*)::int as n from shipping_quotes where session_sid = ${sid}`).toEqual([{ n: 0 }]);
  });

  it('cannot be paid: create-payment-intent answers 400 with the sentence and places no order', async () => {
    const { client, sid, upload } = await browserWithUpload(shop);
    for (const c of WRONG_STATES) {
      // A quote for the same street and ZIP in the right state: only the state is wrong at checkout.
      const rates = await client.post('/api/shipping-rates', { toAddress: address(c.city, c.owner, c.zipCode), printSize: '24x36', pageCount: 3 });
      expect(rates.status, c.zipCode).toBe(200);
      for (const paymentMethod of ['card', 'invoice']) {
        const res = await client.post(
          '/api/create-payment-intent',
          pickupBody(upload.id, {
            shippingMethod: 'shipping',
            rateId: rates.body[0].rateId,
            shippingAddress: address(c.city, c.typed, c.zipCode),
            paymentMethod,
            ...CUSTOMER,
          }),
        );
        expect(res.status, `${c.zipCode} ${paymentMethod}`).toBe(400);
        expect(res.body.message).toBe(c.sentence);
      }
    }
    expect(await shop.sql`select count(*)::int as n from orders where session_sid = ${sid}`).toEqual([{ n: 0 }]);
  });

  it('cannot re-price an order: updateOnly answers 400 and the order keeps its tax and total', async () => {
    const { client, upload } = await browserWithUpload(shop);
    const placed = await client.post('/api/create-payment-intent', pickupBody(upload.id));
    expect(placed.status).toBe(201);
    const { orderId } = placed.body;
    const [before] = await shop.sql`select tax_state, tax_cents, total_cents, shipping_method from orders where id = ${orderId}`;
    const rates = await client.post('/api/shipping-rates', { toAddress: address('Paramus', 'NJ', '07652'), printSize: '24x36', pageCount: 3 });
    const res = await client.post(
      '/api/create-payment-intent',
      pickupBody(upload.id, {
        orderId,
        updateOnly: true,
        shippingMethod: 'shipping',
        rateId: rates.body[0].rateId,
        shippingAddress: address('Paramus', 'NH', '07652'),
        ...CUSTOMER,
      }),
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('ZIP 07652 is in New Jersey, not New Hampshire.');
    expect(await shop.sql`select tax_state, tax_cents, total_cents, shipping_method from orders where id = ${orderId}`).toEqual([before]);
  });

  it('is not saved to the address book', async () => {
    const user = await buildUser(shop);
    const client = await customerClient(shop, user.id);
    const res = await client.post('/api/addresses', address('Paramus', 'NH', '07652'));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('ZIP 07652 is in New Jersey, not New Hampshire.');
    expect((await client.get('/api/addresses')).body).toEqual([]);
  });
});

describe('a right address', () => {
  it.each([
    { city: 'Paramus', state: 'New Jersey', zipCode: '07652', taxState: 'NJ', millipercent: 6630 },
    { city: 'Philadelphia', state: 'pa', zipCode: '19107', taxState: 'PA', millipercent: 6000 },
    { city: 'Seattle', state: 'WA', zipCode: '98101-1234', taxState: 'WA', millipercent: 6500 },
  ])('is taxed in the state that owns ZIP $zipCode, typed $state', async ({ city, state, zipCode, taxState, millipercent }) => {
    const { client, upload } = await browserWithUpload(shop, { pages: 3 });
    const toAddress = address(city, state, zipCode);
    const rates = await client.post('/api/shipping-rates', { toAddress, printSize: '24x36', pageCount: 3 });
    expect(rates.status).toBe(200);
    const rate = rates.body[0];
    const intent = await client.post(
      '/api/create-payment-intent',
      pickupBody(upload.id, { shippingMethod: 'shipping', rateId: rate.rateId, shippingAddress: toAddress, ...CUSTOMER }),
    );
    expect(intent.status).toBe(201);
    // 3 x $5.99 = $17.97 plus shipping, taxed at the state's rate, half up.
    const tax = Math.floor(((1797 + cents(rate.cost)) * millipercent) / 100_000 + 0.5);
    expect(intent.body.amounts).toMatchObject({ taxState, tax: tax / 100 });
    const [order] = await shop.sql`select tax_state, tax_cents, shipping_address from orders where id = ${intent.body.orderId}`;
    expect(order).toMatchObject({ tax_state: taxState, tax_cents: tax, shipping_address: { state: taxState, zipCode } });
  });
});
