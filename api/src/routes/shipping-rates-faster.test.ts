/** The rates answer names the services that buy no time: a customer never pays more to arrive the same day. */
import { describe, expect, it } from 'vitest';
import { shopForFile, type TestShop } from '#test/helpers/shop';
import { ADDRESSES, browserWithUpload } from '#test/helpers/checkout';

let shop: TestShop;
shopForFile((s) => (shop = s));

type Rate = { serviceName: string; cost: number; deliveryDate: string | null; noFasterThan: string | null };

describe('POST /api/shipping-rates near the shop', () => {
  it('marks 2nd Day and Next Day as no faster than Ground when all three arrive the same day', async () => {
    const { client } = await browserWithUpload(shop);
    const res = await client.post('/api/shipping-rates', { toAddress: ADDRESSES.NJ, printSize: '24x36', pageCount: 3 });
    expect(res.status).toBe(200);
    const rates = res.body as Rate[];
    const ground = rates.find((r) => r.serviceName === 'UPS Ground') as Rate;
    expect(ground.noFasterThan).toBeNull();
    for (const rate of rates.filter((r) => r !== ground)) {
      // Ground reaches a New Jersey ZIP in one carrier day, as the air services do.
      expect(rate.deliveryDate).toBe(ground.deliveryDate);
      expect(rate.cost).toBeGreaterThan(ground.cost);
      expect(rate.noFasterThan, rate.serviceName).toBe('UPS Ground');
    }
  });

  it('leaves noFasterThan null on a service that does arrive sooner (far from the shop)', async () => {
    const { client } = await browserWithUpload(shop);
    const res = await client.post('/api/shipping-rates', { toAddress: ADDRESSES.CA, printSize: '24x36', pageCount: 3 });
    const rates = res.body as Rate[];
    const overnight = rates.find((r) => r.serviceName === 'UPS Next Day Air') as Rate;
    const ground = rates.find((r) => r.serviceName === 'UPS Ground') as Rate;
    expect(overnight.deliveryDate! < ground.deliveryDate!).toBe(true);
    expect(overnight.noFasterThan).toBeNull();
    // The answer stays cheapest first, as the contract says.
    expect(rates.map((r) => r.cost)).toEqual([...rates.map((r) => r.cost)].sort((a, b) => a - b));
  });
});
