import { describe, expect, it, vi } from 'vitest';
import { shopForFile, type TestShop } from '#test/helpers/shop';
import { buildOrder } from '#test/helpers/factories';
import type { TestClient } from '#test/helpers/client';
import { FILE_GONE_MESSAGE } from '#core/orders/reorder';
import { CheckoutDataSchema } from '#shared/checkout';

// Every account costs scrypt hashes (cheap in tests: PASSWORD_HASH_LOG_N), and the machine may be busy.
vi.setConfig({ testTimeout: 90_000 });

let shop: TestShop;
shopForFile((s) => (shop = s));

let n = 0;
async function customer(): Promise<{ client: TestClient; id: string; email: string }> {
  const client = shop.client();
  const email = `cust-${Date.now().toString(36)}-${n++}@example.com`;
  const reg = await client.post('/api/auth/register', { email, password: 'password123', firstName: 'Cy', lastName: 'Young' });
  await client.post('/api/auth/login', { email, password: 'password123' });
  return { client, id: reg.body.id, email };
}

describe('GET /api/orders', () => {
  it('401 when signed out', async () => {
    const res = await shop.client().get('/api/orders');
    expect(res.status).toBe(401);
    expect(typeof res.body.message).toBe('string');
  });

  it("lists the customer's paid orders newest first, as order JSON, nobody else's", async () => {
    const a = await customer();
    const b = await customer();
    const old = await buildOrder(shop, { userId: a.id, createdAt: new Date(Date.now() - 3 * 86_400_000), status: 'completed' });
    const recent = await buildOrder(shop, { userId: a.id, rushOrder: true, shippingMethod: 'shipping', state: 'NY' });
    await buildOrder(shop, { userId: a.id, paymentStatus: 'unpaid' });
    await buildOrder(shop, { userId: b.id });
    const res = await a.client.get('/api/orders');
    expect(res.status).toBe(200);
    expect(res.body.map((o: { id: string }) => o.id)).toEqual([recent.id, old.id]);
    expect(res.body[0]).toMatchObject({
      orderNumber: recent.id.slice(-8).toUpperCase(),
      rushOrder: true,
      rushFee: 20,
      totalAmount: recent.total_cents / 100,
      paymentStatus: 'paid',
      shippingAddress: { state: 'NY' },
    });
    expect(res.body[0]).not.toHaveProperty('access_token');
    expect(JSON.stringify(res.body)).not.toContain(recent.access_token);
    expect((await b.client.get('/api/orders')).body).toHaveLength(1);
  });
});

describe('POST /api/orders/:id/reorder', () => {
  it('copies the kept file into a new ready upload for this session and answers checkout data', async () => {
    const a = await customer();
    const order = await buildOrder(shop, { userId: a.id, pages: 2, printSize: '30x42', printType: 'color', rushOrder: true });
    const res = await a.client.post(`/api/orders/${order.id}/reorder`);
    expect(res.status).toBe(201);
    const data = CheckoutDataSchema.parse(res.body.checkoutData);
    expect(data).toMatchObject({
      fileName: order.file_name,
      pageCount: 2,
      printSize: '30x42',
      printType: 'color',
      pricePerPage: 17.99,
      totalAmount: 35.98,
      reorderOf: order.id,
    });
    expect(res.body.uploadId).toBe(data.uploadId);
    expect(res.body.rushOrder).toBe(true);
    const [upload] = await shop.sql`select * from uploads where id = ${data.uploadId}`;
    expect(upload).toMatchObject({ status: 'ready', page_count: 2, detected_size: '30x42', file_name: order.file_name, user_id: a.id });
    expect(upload.storage_key).not.toBe(order.file_key);
    const [session] = await shop.sql`select sid from sessions where user_id = ${a.id}`;
    expect(upload.session_sid).toBe(session.sid);
    // The same bytes, stored under the new upload's own key.
    const { buffer } = await import('node:stream/consumers');
    const copy = await buffer(await shop.ctx.storage.get(upload.storage_key));
    const original = await buffer(await shop.ctx.storage.get(order.file_key as string));
    expect(copy.equals(original)).toBe(true);
    expect(data.fileSize).toBe(original.length);
  });

  it('says so (409) when the file was deleted after printing, or is missing from storage', async () => {
    const a = await customer();
    const deleted = await buildOrder(shop, { userId: a.id, status: 'completed' });
    await shop.sql`update orders set file_deleted_at = now() where id = ${deleted.id}`;
    const res = await a.client.post(`/api/orders/${deleted.id}/reorder`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(FILE_GONE_MESSAGE);
    const missing = await buildOrder(shop, { userId: a.id });
    await shop.ctx.storage.delete(missing.file_key as string);
    expect((await a.client.post(`/api/orders/${missing.id}/reorder`)).status).toBe(409);
    expect(await shop.sql`select 1 from uploads where user_id = ${a.id}`).toHaveLength(0);
  });

  it("404 for someone else's order, a stranger, or a bad id", async () => {
    const a = await customer();
    const b = await customer();
    const order = await buildOrder(shop, { userId: a.id });
    expect((await b.client.post(`/api/orders/${order.id}/reorder`)).status).toBe(404);
    expect((await shop.client().post(`/api/orders/${order.id}/reorder`)).status).toBe(404);
    expect((await shop.client().post(`/api/orders/${order.id}/reorder?token=${order.access_token}`)).status).toBe(404);
    expect((await a.client.post('/api/orders/not-a-uuid/reorder')).status).toBe(404);
  });
});
