/**
 * A set keeps the order its files were chosen in, its drawing index is read from whichever sheet
 * carries it (so a cover picked anywhere still warns of a missing sheet), and every screen names an
 * order by its job name, else by the sheets it prints, never by its first file.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { shopForFile, type TestShop } from '#test/helpers/shop';
import type { TestClient } from '#test/helpers/client';
import { pickupBody } from '#test/helpers/checkout';
import { makeTitledSetPdf } from '#test/helpers/pdf';
import type { OrderJson } from '#shared/orderJson';
import type { OrderRow } from '#core/orders/orderRow';
import { withOrderFiles } from '#core/orders/orderFiles';
import { orderDetailLines } from '#core/orders/describe';

let shop: TestShop;
shopForFile((s) => (shop = s));

async function send(client: TestClient, bytes: Buffer, name: string): Promise<string> {
  const form = new FormData();
  form.append('pdf', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), name);
  const res = await client.request('POST', '/api/upload-pdf', { body: form });
  expect(res.status).toBe(202);
  return res.body.uploadId;
}

function setBody(uploadIds: string[], extra: Record<string, unknown> = {}) {
  const { uploadId: _uploadId, ...body } = pickupBody('', extra);
  return { ...body, uploadIds };
}

describe('a set of one-sheet files with its cover chosen anywhere', () => {
  let client: TestClient;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    client = shop.client();
    ids.cover = await send(
      client,
      await makeTitledSetPdf([{ number: 'G-001', title: 'COVER SHEET', index: ['G-001 COVER SHEET', 'A-101 PLAN', 'A-102 PLAN', 'A-103 PLAN', 'A-104 PLAN'] }]),
      'G-001 Cover.pdf',
    );
    for (const n of ['A-101', 'A-102', 'A-103']) ids[n] = await send(client, await makeTitledSetPdf([{ number: n, title: 'FLOOR PLAN' }]), `${n}.pdf`);
    await shop.runJobs();
    await shop.runJobs();
  }, 120_000);

  const place = async (uploadIds: string[], extra: Record<string, unknown> = {}) => {
    const placed = await client.post('/api/create-payment-intent', setBody(uploadIds, extra));
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    return (await client.get(`/api/orders/${placed.body.orderId}`)).body as OrderJson;
  };

  it('keeps the files in the order chosen, the cover first', async () => {
    const chosen = [ids.cover, ids['A-101'], ids['A-102'], ids['A-103']];
    const order = await place(chosen);
    expect(order.files.map((f) => f.uploadId)).toEqual(chosen);
    expect(order.files.map((f) => f.firstPosition)).toEqual([1, 2, 3, 4]);
  });

  it('warns of the sheet the cover lists that the set lacks, with the cover chosen last', async () => {
    const order = await place([ids['A-101'], ids['A-102'], ids['A-103'], ids.cover]);
    const missing = order.warnings.filter((w) => w.kind === 'missing_sheet');
    expect(missing.map((w) => w.sheetNumber)).toEqual(['A-104']);
    expect(missing[0].message).toBe('Sheet A-104 is listed in the drawing index on sheet 4, but no sheet in the set carries that number: it may be missing.');
    // Each file's own answer says where its index is.
    const cover = await client.get(`/api/uploads/${ids.cover}`);
    expect(cover.body).toMatchObject({ listedOn: 1, listedSheets: ['G-001', 'A-101', 'A-102', 'A-103', 'A-104'] });
  });

  it('names the order by its sheet range, not by its first file', async () => {
    const order = await place([ids.cover, ids['A-101'], ids['A-102'], ids['A-103']]);
    expect(order.name).toBe('G-001 – A-103, 4 sheets');
    expect(order.name).not.toContain('.pdf');
    const mine = await client.get('/api/orders/' + order.id);
    expect(mine.body.name).toBe(order.name);
  });

  it('names the order by its job name when it has one', async () => {
    const order = await place([ids['A-101'], ids['A-102']], { jobName: 'Hoboken Tower bid set' });
    expect(order.name).toBe('Hoboken Tower bid set');
  });

  it('carries the job name, PO and notes into a reorder, to edit at checkout', async () => {
    const order = await place([ids['A-101']], { jobName: 'Bid set', poNumber: 'PO-77', notes: 'Staple at the left edge' });
    const again = await client.post(`/api/orders/${order.id}/reorder`);
    expect(again.status).toBe(201);
    expect(again.body.checkoutData).toMatchObject({ jobName: 'Bid set', poNumber: 'PO-77', notes: 'Staple at the left edge', projectId: null });
  });

  it('names color sheets on the documents by the numbers their title blocks carry', async () => {
    const order = await place([ids['A-101'], ids['A-102']], { printType: 'auto', colorSheets: [2] });
    const [row] = await shop.sql<OrderRow[]>`select * from orders where id = ${order.id}`;
    await withOrderFiles(shop.sql, [row]);
    expect(orderDetailLines(row)).toContain('Color sheets: A-102');
  });
});
