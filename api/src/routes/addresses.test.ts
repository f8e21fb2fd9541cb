/** The address book: per person, the last used first, saved again without copies, fed by checkout. */
import { describe, expect, it } from 'vitest';
import { shopForFile, type TestShop } from '#test/helpers/shop';
import { buildUpload, buildUser } from '#test/helpers/factories';
import { customerClient } from '#test/helpers/adminTestKit';
import { ADDRESSES, shippingOrder } from '#test/helpers/checkout';

let shop: TestShop;
shopForFile((s) => (shop = s));

async function person() {
  const user = await buildUser(shop);
  return { id: user.id, client: await customerClient(shop, user.id) };
}

describe('/api/addresses', () => {
  it('keeps each person’s addresses, the last used first, without copies', async () => {
    const a = await person();
    const b = await person();
    expect((await shop.client().get('/api/addresses')).status).toBe(401);
    expect((await shop.client().post('/api/addresses', ADDRESSES.NJ)).status).toBe(401);

    const nj = await a.client.post('/api/addresses', ADDRESSES.NJ);
    expect(nj.status).toBe(201);
    expect(nj.body).toMatchObject({ id: expect.any(String), street1: '10 Park Ave', street2: null, city: 'Hackensack', state: 'NJ', zipCode: '07601' });
    const ny = await a.client.post('/api/addresses', ADDRESSES.NY);
    expect((await a.client.get('/api/addresses')).body.map((x: { id: string }) => x.id)).toEqual([ny.body.id, nj.body.id]);
    // The same address again (any case) is the same entry, now on top.
    const again = await a.client.post('/api/addresses', { ...ADDRESSES.NJ, street1: '10 PARK AVE' });
    expect(again.body.id).toBe(nj.body.id);
    expect((await a.client.get('/api/addresses')).body.map((x: { id: string }) => x.id)).toEqual([nj.body.id, ny.body.id]);

    expect((await b.client.get('/api/addresses')).body).toEqual([]);
    expect((await b.client.request('DELETE', `/api/addresses/${nj.body.id}`)).status).toBe(404);
    expect((await a.client.request('DELETE', '/api/addresses/not-an-id')).status).toBe(404);
    expect((await a.client.request('DELETE', `/api/addresses/${nj.body.id}`)).status).toBe(200);
    expect((await a.client.get('/api/addresses')).body.map((x: { id: string }) => x.id)).toEqual([ny.body.id]);
  });

  it('refuses an address the shop would not ship to, naming the field', async () => {
    const a = await person();
    const control = await a.client.post('/api/addresses', { ...ADDRESSES.NJ, city: 'Hack\u0007ensack' });
    expect(control.status).toBe(400);
    expect(control.body.message).toMatch(/City/);
    expect((await a.client.post('/api/addresses', { ...ADDRESSES.NJ, state: 'XX' })).status).toBe(400);
    expect((await a.client.post('/api/addresses', { ...ADDRESSES.NJ, street1: 'x'.repeat(201) })).status).toBe(400);
    const bidi = await a.client.post('/api/addresses', { ...ADDRESSES.NJ, street1: '10 Park\u202E Ave' });
    expect(bidi.body.street1).toBe('10 Park Ave');
  });

  it('adds the address a signed-in customer ships to', async () => {
    const a = await person();
    const upload = await buildUpload(shop, { userId: a.id });
    const { intent } = await shippingOrder(a.client, upload.id, ADDRESSES.OR);
    expect(intent.status).toBe(201);
    const book = (await a.client.get('/api/addresses')).body;
    expect(book).toMatchObject([{ street1: '200 SW Market St', street2: 'Suite 5', city: 'Portland', state: 'OR', zipCode: '97201' }]);
  });
});
