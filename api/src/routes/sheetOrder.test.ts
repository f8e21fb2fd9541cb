/**
 * The standard's order: `POST /api/uploads/sort` reads the set's title blocks and answers the
 * positions in National CAD Standard order; the upload warns of a number a series skips; checkout
 * keeps the order as `sheetOrder`, and refuses one that is not the set's positions each once.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { shopForFile, type TestShop } from '#test/helpers/shop';
import type { TestClient } from '#test/helpers/client';
import { CUSTOMER, pickupBody } from '#test/helpers/checkout';
import { makeTitledSetPdf } from '#test/helpers/pdf';

let shop: TestShop;
shopForFile((s) => (shop = s));

async function send(client: TestClient, bytes: Buffer, name: string): Promise<string> {
  const form = new FormData();
  form.append('pdf', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), name);
  const res = await client.request('POST', '/api/upload-pdf', { body: form });
  expect(res.status).toBe(202);
  return res.body.uploadId;
}

const sheets = (...numbers: string[]) => makeTitledSetPdf(numbers.map((number) => ({ number, title: 'FLOOR PLAN' })));

let client: TestClient;
let one: string;
let two: string[];

beforeAll(async () => {
  client = shop.client();
  // The set as one file, and as two files (positions run through the set).
  one = await send(client, await sheets('G-001', 'A-101', 'S-101', 'A-102', 'A-104', 'C-101'), 'Set.pdf');
  two = [await send(client, await sheets('A-101', 'S-101'), 'Arch.pdf'), await send(client, await sheets('A1.02', 'G0.01', 'C-101'), 'More.pdf')];
  await shop.runJobs();
  await shop.runJobs();
}, 120_000);

describe('POST /api/uploads/sort', () => {
  it('puts the set in the standard’s order and the upload warns of the skipped number', async () => {
    const res = await client.post('/api/uploads/sort', { uploadIds: [one] });
    expect(res.status).toBe(200);
    // G-001, C-101, S-101, A-101, A-102, A-104.
    expect(res.body).toEqual({ order: [1, 6, 3, 2, 4, 5] });
    const info = (await client.get(`/api/uploads/${one}`)).body;
    expect(info.warnings).toEqual([
      { kind: 'number_gap', sheetNumber: 'A-103', positions: [4, 5], message: 'A-103 is not in the set: A-102 is followed by A-104' },
    ]);
  });

  it('sorts a set of several files through the set, A1.02 and A-101 styles alike', async () => {
    const res = await client.post('/api/uploads/sort', { uploadIds: two });
    expect(res.status).toBe(200);
    // G0.01 (4), C-101 (5), S-101 (2), A-101 (1), A1.02 (3).
    expect(res.body).toEqual({ order: [4, 5, 2, 1, 3] });
  });

  it('is 404 for another browser’s upload and 400 for a bad body, as the other upload routes', async () => {
    expect((await shop.client().post('/api/uploads/sort', { uploadIds: [one] })).status).toBe(404);
    const bad = await client.post('/api/uploads/sort', { uploadIds: 'nope' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/uploadIds must be a list of upload ids/);
    expect((await client.post('/api/uploads/sort', { uploadIds: [one, one] })).body.message).toMatch(/only once/);
  });
});

describe('sheetOrder at checkout', () => {
  const count = async () => (await shop.sql<{ n: number }[]>`select count(*)::int as n from orders`)[0].n;

  it('is kept on the order', async () => {
    const res = await client.post('/api/create-payment-intent', pickupBody(one, { ...CUSTOMER, sheetOrder: [1, 6, 3, 2, 4, 5] }));
    expect(res.status).toBe(201);
    const order = (await client.get(`/api/orders/${res.body.orderId}`)).body;
    expect(order.sheetOrder).toEqual([1, 6, 3, 2, 4, 5]);
    const plain = await client.post('/api/create-payment-intent', pickupBody(one, CUSTOMER));
    expect((await client.get(`/api/orders/${plain.body.orderId}`)).body.sheetOrder).toBeNull();
  });

  it.each([
    ['a sheet left out', [1, 6, 3, 2, 4]],
    ['a sheet twice', [1, 6, 3, 2, 4, 4]],
    ['a position past the set', [1, 7, 3, 2, 4, 5]],
  ])('is 400 with %s, and nothing is saved', async (_why, sheetOrder) => {
    const before = await count();
    const res = await client.post('/api/create-payment-intent', pickupBody(one, { ...CUSTOMER, sheetOrder }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("The sheet order must list each of the set's 6 sheets once, numbered 1 to 6. Please sort the set again.");
    expect(await count()).toBe(before);
  });
});
