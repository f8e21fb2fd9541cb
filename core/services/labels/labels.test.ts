import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopForFile, type TestShop } from '#test/helpers/shop';
import { buildOrder } from '#test/helpers/factories';
import { addJob } from '../../lib/db';
import { adminClient } from '#test/helpers/adminTestKit';
import { startEasyPostFake, type EasyPostFake } from '#test/helpers/easypostFake';
import { generateLabel } from './index';

let shop: TestShop;
let fake: EasyPostFake;
beforeAll(async () => {
  fake = await startEasyPostFake();
});
afterAll(async () => {
  await fake?.close();
});
shopForFile(
  (s) => (shop = s),
  () => ({ env: { EASYPOST_API_KEY: 'EZTK_test_fake', EASYPOST_BASE_URL: fake.baseUrl } }),
);

/** A shipping order whose quote points at an EasyPost shipment the fake knows. */
async function orderWithQuote(shipmentId: string) {
  fake.addShipment(shipmentId);
  const order = await buildOrder(shop, { shippingMethod: 'shipping' });
  const [quote] = await shop.sql<{ id: string }[]>`
    insert into shipping_quotes (provider, to_address, print_size, page_count, service, service_name, carrier, cost_cents, weight_oz,
      provider_shipment_id, provider_rate_id, expires_at)
    values ('easypost', ${shop.sql.json({ street1: '1 Main St', city: 'Albany', state: 'NY', zipCode: '12207' })}, '24x36', 3, 'Ground', 'USPS Ground',
      'USPS', 1295, 9.5, ${shipmentId}, ${`rate_${shipmentId}_ground`}, now() + interval '1 day')
    returning id`;
  await shop.sql`update orders set shipping_quote_id = ${quote.id} where id = ${order.id}`;
  return order;
}

describe('EasyPost labels', () => {
  it('buys the stored rate once, however many times the job runs', async () => {
    const order = await orderWithQuote('shp_twice');
    // Two jobs for the same order (no jobKey, so both really run).
    await addJob(shop.sql, 'orders__buy_label', { orderId: order.id });
    await addJob(shop.sql, 'orders__buy_label', { orderId: order.id });
    await shop.runJobs();
    await addJob(shop.sql, 'orders__buy_label', { orderId: order.id });
    await shop.runJobs();
    const buys = fake.buys.filter((b) => b.shipmentId === 'shp_twice');
    expect(buys).toEqual([{ shipmentId: 'shp_twice', rateId: 'rate_shp_twice_ground' }]);
    const [row] = await shop.sql`select tracking_number, easypost_shipment_id, label_key, label_carrier from orders where id = ${order.id}`;
    expect(row.easypost_shipment_id).toBe('shp_twice');
    expect(row.tracking_number).toBe(fake.shipments.get('shp_twice')?.tracking);
    expect(row.label_carrier).toBe('USPS');
    const stored = await shop.ctx.storage.stat(row.label_key);
    expect(stored?.size).toBeGreaterThan(10);
  });

  it('a purchase whose answer was lost is not bought again on retry', async () => {
    const order = await orderWithQuote('shp_lost');
    fake.failNextBuyResponse();
    await expect(generateLabel(shop.ctx, order.id)).rejects.toThrow();
    const [saved] = await shop.sql`select easypost_shipment_id, tracking_number from orders where id = ${order.id}`;
    // The shipment id was saved before buying, so the retry finds the purchase.
    expect(saved).toEqual({ easypost_shipment_id: 'shp_lost', tracking_number: null });
    const admin = await adminClient(shop);
    const res = await admin.post(`/api/admin/generate-label/${order.id}`);
    expect(res.status).toBe(200);
    expect(res.body.trackingNumber).toBe(fake.shipments.get('shp_lost')?.tracking);
    expect(fake.buys.filter((b) => b.shipmentId === 'shp_lost')).toHaveLength(1);
    // Regenerating fetches the label again; still one purchase.
    const again = await admin.post(`/api/admin/generate-label/${order.id}`);
    expect(again.body.trackingNumber).toBe(res.body.trackingNumber);
    expect(fake.buys.filter((b) => b.shipmentId === 'shp_lost')).toHaveLength(1);
    const pdf = await admin.bytes(`/api/admin/shipping-label/${order.id}`);
    expect(pdf.body.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('without a stored quote, creates the shipment, saves its id, and buys the same service', async () => {
    const order = await buildOrder(shop, { shippingMethod: 'shipping' });
    const before = fake.buys.length;
    const updated = await generateLabel(shop.ctx, order.id);
    expect(updated.easypost_shipment_id).toMatch(/^shp_fake/);
    expect(fake.buys.length).toBe(before + 1);
    expect(fake.buys[fake.buys.length - 1].rateId).toBe(`rate_${updated.easypost_shipment_id}_ground`);
  });

  it('a provider failure is a 503 with a message, not a 500', async () => {
    const order = await buildOrder(shop, { shippingMethod: 'shipping' });
    await shop.sql`update orders set easypost_shipment_id = 'shp_unknown' where id = ${order.id}`;
    const admin = await adminClient(shop);
    const res = await admin.post(`/api/admin/generate-label/${order.id}`);
    expect(res.status).toBe(503);
    expect(res.body.message).toMatch(/try again/);
  });
});
