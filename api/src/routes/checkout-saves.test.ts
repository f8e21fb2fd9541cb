/**
 * What a checkout saves for a signed-in customer (the account's first phone, the address book's
 * last address shipped to) is saved with the order it places or re-prices, never before: a refused
 * checkout, on account, as a re-price or by card, leaves both as they were.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { shopForFile, type TestShop } from '#test/helpers/shop';
import { buildUpload } from '#test/helpers/factories';
import { ADDRESSES, shippingOrder } from '#test/helpers/checkout';
import { firmOnAccount, signedInPerson, type FirmPerson } from '#test/helpers/onAccount';

let shop: TestShop;
shopForFile((s) => (shop = s));

const PHONE = '503-555-0101';

async function phoneOf(who: FirmPerson): Promise<string | null> {
  const [row] = await shop.sql<{ phone: string | null }[]>`select phone from users where id = ${who.id}`;
  return row.phone;
}

async function addressBookOf(who: FirmPerson): Promise<{ city: string }[]> {
  const book = await who.client.get('/api/addresses');
  expect(book.status).toBe(200);
  return book.body;
}

/** A shipped checkout to Portland by `who`, carrying a phone and `extra`. */
async function shipToPortland(who: FirmPerson, extra: Record<string, unknown> = {}) {
  const upload = await buildUpload(shop, { userId: who.id });
  const { intent } = await shippingOrder(who.client, upload.id, ADDRESSES.OR, { customerEmail: who.email, customerPhone: PHONE, ...extra });
  return { upload, intent };
}

describe('a refused checkout saves no phone and no address', () => {
  it('on account over the firm’s credit limit', async () => {
    const { member } = await firmOnAccount(shop, { creditLimitCents: 1 });
    const { intent } = await shipToPortland(member, { paymentMethod: 'invoice' });
    expect(intent.status, intent.text).toBe(409);
    expect(intent.body.message).toMatch(/left on/);
    expect(await phoneOf(member)).toBeNull();
    expect(await addressBookOf(member)).toEqual([]);
  });

  it('on account by a customer of no firm', async () => {
    const loner = await signedInPerson(shop);
    const { intent } = await shipToPortland(loner, { paymentMethod: 'invoice' });
    expect(intent.status, intent.text).toBe(403);
    expect(await addressBookOf(loner)).toEqual([]);
  });

  it('as a re-price of an order that is not there', async () => {
    const who = await signedInPerson(shop);
    const { intent } = await shipToPortland(who, { updateOnly: true, orderId: randomUUID() });
    expect(intent.status, intent.text).toBe(404);
    expect(await phoneOf(who)).toBeNull();
    expect(await addressBookOf(who)).toEqual([]);
  });

  it('by card for an upload that is not ready', async () => {
    const who = await signedInPerson(shop);
    const upload = await buildUpload(shop, { userId: who.id });
    await shop.sql`update uploads set status = 'analyzing' where id = ${upload.id}`;
    const { intent } = await shippingOrder(who.client, upload.id, ADDRESSES.OR, { customerEmail: who.email, customerPhone: PHONE });
    expect(intent.status, intent.text).toBe(400);
    expect(intent.body.message).toMatch(/still being analyzed/);
    expect(await phoneOf(who)).toBeNull();
    expect(await addressBookOf(who)).toEqual([]);
  });
});

describe('a placed checkout saves them', () => {
  it('by card: the phone and the address', async () => {
    const who = await signedInPerson(shop);
    const { intent } = await shipToPortland(who);
    expect(intent.status, intent.text).toBe(201);
    expect(await phoneOf(who)).toBe(PHONE);
    expect((await addressBookOf(who)).map((a) => a.city)).toEqual(['Portland']);
  });

  it('as a re-price of the customer’s unpaid order: the address', async () => {
    const who = await signedInPerson(shop);
    const upload = await buildUpload(shop, { userId: who.id });
    const placed = await who.client.post('/api/create-payment-intent', {
      uploadId: upload.id,
      printSize: '24x36',
      printType: 'bw',
      shippingMethod: 'pickup',
    });
    expect(placed.status, placed.text).toBe(201);
    expect(await addressBookOf(who)).toEqual([]);
    const { intent } = await shippingOrder(who.client, upload.id, ADDRESSES.OR, { updateOnly: true, orderId: placed.body.orderId });
    expect(intent.status, intent.text).toBe(200);
    expect((await addressBookOf(who)).map((a) => a.city)).toEqual(['Portland']);
  });

  it('on account within the limit: the address', async () => {
    const { member } = await firmOnAccount(shop, { creditLimitCents: 1_000_000 });
    const { intent } = await shipToPortland(member, { paymentMethod: 'invoice' });
    expect(intent.status, intent.text).toBe(201);
    expect((await addressBookOf(member)).map((a) => a.city)).toEqual(['Portland']);
  });
});
