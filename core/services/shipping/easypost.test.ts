/** EasyPost adapter with the real @easypost/api SDK against a local fake, through POST /api/shipping-rates. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopForFile, type TestShop } from '#test/helpers/shop';
import { ADDRESSES, browserWithUpload, CUSTOMER, pickupBody } from '#test/helpers/checkout';
import { startFakeEasyPost } from '#test/helpers/providerFakes';

let shop: TestShop;
let fake: Awaited<ReturnType<typeof startFakeEasyPost>>;
beforeAll(async () => {
  fake = await startFakeEasyPost();
});
afterAll(async () => {
  await fake?.close();
});
shopForFile(
  (s) => (shop = s),
  () => ({ env: { EASYPOST_API_KEY: 'EZTK_test', EASYPOST_BASE_URL: `${fake.url}/v2/` } }),
);

describe('EasyPost rates', () => {
  it('quotes the right tube and weight, cheapest first, and stores the shipment and rate ids', async () => {
    const { client, upload } = await browserWithUpload(shop, { pages: 10, size: '30x42' });
    const res = await client.post('/api/shipping-rates', { toAddress: ADDRESSES.CA, printSize: '30x42', pageCount: 10 });
    expect(res.status).toBe(200);
    const sent = fake.shipments.at(-1)!;
    expect(sent.params.parcel).toMatchObject({ length: 30, width: 3, height: 3 });
    expect(sent.params.parcel.weight).toBeCloseTo(11 + 2.15 * 10, 0);
    expect(sent.params.from_address).toMatchObject({ city: 'Paramus', state: 'NJ', zip: '07652' });
    expect(sent.params.to_address).toMatchObject({ zip: '94105', state: 'CA' });
    expect(Buffer.from(String(sent.auth).replace('Basic ', ''), 'base64').toString()).toBe('EZTK_test:');
    const costs = res.body.map((r: { cost: number }) => r.cost);
    expect(costs).toEqual([...costs].sort((a: number, b: number) => a - b));
    expect(res.body[0].serviceName).toBe('USPS Ground Advantage');
    const [quote] = await shop.sql`select * from shipping_quotes where id = ${res.body[0].rateId}`;
    expect(quote).toMatchObject({ provider: 'easypost', provider_shipment_id: sent.id, print_size: '30x42', page_count: 10 });
    expect(quote.provider_rate_id).toMatch(/^rate_/);
    // And the checkout can use it.
    const intent = await client.post(
      '/api/create-payment-intent',
      pickupBody(upload.id, { printSize: '30x42', shippingMethod: 'shipping', rateId: res.body[0].rateId, shippingAddress: ADDRESSES.CA, ...CUSTOMER }),
    );
    expect(intent.status).toBe(201);
    expect(intent.body.amounts.shippingCost).toBe(res.body[0].cost);
  });

  it('turns an address EasyPost cannot verify into a 400', async () => {
    const { client } = await browserWithUpload(shop);
    const res = await client.post('/api/shipping-rates', { toAddress: { ...ADDRESSES.NY, zipCode: '00000', state: 'NY' }, printSize: '24x36', pageCount: 2 });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/address/i);
  });
});
