/**
 * Several files, one set (docs/decisions/026-several-files-one-set.md): three PDFs uploaded and
 * analysed on their own make one order through `uploadIds`, sheets numbered through the set, each
 * priced on its own paper; the order lists its files and the set-wide preflight; the counter gets
 * every file. Bad sets are refused with a 400 that names the file, and change nothing.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { shopForFile, type TestShop } from '#test/helpers/shop';
import type { TestClient } from '#test/helpers/client';
import { CUSTOMER, pickupBody } from '#test/helpers/checkout';
import { adminClient, unzip } from '#test/helpers/adminTestKit';
import { buildUpload } from '#test/helpers/factories';
import { giveAnonymousSession } from '#test/helpers/sessions';
import { ANSI_D, ARCH_E1, makeDrawingPdf, makeTitledSetPdf } from '#test/helpers/pdf';
import { pdfText } from '#test/helpers/pdfText';
import { MAX_SET_FILES } from '#shared/limits';
import { orderNumberOf } from '#shared/fields';

let shop: TestShop;
shopForFile((s) => (shop = s));

/** Uploads one file through the real route; the analysis runs with the next runJobs(). */
async function send(client: TestClient, bytes: Buffer, name: string): Promise<string> {
  const form = new FormData();
  form.append('pdf', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), name);
  const res = await client.request('POST', '/api/upload-pdf', { body: form });
  expect(res.status).toBe(202);
  return res.body.uploadId;
}

/** A body for a set: pickupBody without its uploadId. */
function setBody(uploadIds: string[], extra: Record<string, unknown> = {}) {
  const { uploadId: _uploadId, ...body } = pickupBody('', extra);
  return { ...body, uploadIds };
}

type Uploaded = { client: TestClient; ids: string[] };

/**
 * Three files: a 24" x 36" cover + plan whose cover's index lists; one
 * ANSI D sheet (A-101 again); two ARCH E1 sheets in red ink.
 */
async function threeFiles(): Promise<Uploaded> {
  const client = shop.client();
  const ids = [
    await send(
      client,
      await makeTitledSetPdf([
        { number: 'A-001', title: 'COVER SHEET', index: ['A-001 COVER SHEET', 'A-101 FLOOR PLAN', 'A-102 ROOF PLAN', 'A-201 ELEVATIONS'] },
        { number: 'A-102', title: 'ROOF PLAN' },
      ]),
      'Architectural.pdf',
    ),
    await send(client, await makeDrawingPdf({ sheets: [ANSI_D] }), 'Revit sheet.pdf'),
    await send(client, await makeDrawingPdf({ sheets: [ARCH_E1, ARCH_E1], ink: '#d01010' }), 'Large sheets.pdf'),
  ];
  await shop.runJobs();
  await shop.runJobs();
  return { client, ids };
}

describe('a set of three files', () => {
  let set: Uploaded;
  beforeAll(async () => {
    set = await threeFiles();
  }, 120_000);

  it('each file is its own upload, analysed on its own', async () => {
    const infos = await Promise.all(set.ids.map(async (id) => (await set.client.get(`/api/uploads/${id}`)).body));
    expect(infos.map((i) => [i.status, i.pageCount, i.detectedSize])).toEqual([
      ['ready', 2, '24x36'],
      ['ready', 1, '24x36'],
      ['ready', 2, '30x42'],
    ]);
    // The first file carries its cover's index, for the set-wide check the card makes.
    expect(infos[0].listedSheets).toEqual(['A-001', 'A-101', 'A-102', 'A-201']);
  });

  it('prices every sheet of the set on its own paper, color by position through the set, with half-size sets', async () => {
    const res = await set.client.post('/api/create-payment-intent', setBody(set.ids, { ...CUSTOMER, printSize: 'asDrawn', printType: 'auto', halfSets: 1 }));
    expect(res.status).toBe(201);
    // Positions 1–3 on 24" x 36" in B&W; 4–5 (the red file) on 30" x 42" in color.
    expect(res.body.amounts.lines).toEqual([
      { description: '24" x 36" black and white', quantity: 3, unitPrice: 5.99, amount: 17.97 },
      { description: '30" x 42" color', quantity: 2, unitPrice: 17.99, amount: 35.98 },
      { description: '12" x 18" half-size black and white', quantity: 3, unitPrice: 1.49, amount: 4.47 },
      { description: '15" x 21" half-size color', quantity: 2, unitPrice: 4.99, amount: 9.98 },
    ]);
    expect(res.body.amounts).toMatchObject({ subtotal: 68.4, colorSheetCount: 2, bwSheetCount: 3, sets: 1, halfSets: 1 });

    const order = (await set.client.get(`/api/orders/${res.body.orderId}`)).body;
    expect(order).toMatchObject({
      fileName: 'Architectural.pdf',
      pageCount: 5,
      sets: 1,
      halfSets: 1,
      colorSheets: [4, 5],
      files: [
        { uploadId: set.ids[0], fileName: 'Architectural.pdf', pageCount: 2, firstPosition: 1 },
        { uploadId: set.ids[1], fileName: 'Revit sheet.pdf', pageCount: 1, firstPosition: 3 },
        { uploadId: set.ids[2], fileName: 'Large sheets.pdf', pageCount: 2, firstPosition: 4 },
      ],
    });
    // The preflight of the whole set, positions through the set: A-101 in the second and third
    // files, A-102 in the first and third; A-201 listed on the cover and carried by no file.
    const byKind = (kind: string) => order.warnings.filter((w: { kind: string }) => w.kind === kind);
    expect(byKind('duplicate_sheet').map((w: { sheetNumber: string; positions: number[] }) => [w.sheetNumber, w.positions])).toEqual([
      ['A-102', [2, 5]],
      ['A-101', [3, 4]],
    ]);
    expect(byKind('missing_sheet').map((w: { sheetNumber: string }) => w.sheetNumber)).toEqual(['A-201']);
    expect(byKind('missing_sheet')[0].message).toMatch(/A-201 is listed in the drawing index/);
  });

  it('colorSheets name positions through the set, and the order is repriced only for the same set', async () => {
    const placed = await set.client.post('/api/create-payment-intent', setBody(set.ids, { printSize: 'asDrawn', printType: 'auto', colorSheets: [3] }));
    expect(placed.status).toBe(201);
    // Position 3 is the ANSI D sheet of the second file: 24" x 36" color.
    expect(placed.body.amounts.lines).toContainEqual({ description: '24" x 36" color', quantity: 1, unitPrice: 14.99, amount: 14.99 });
    const orderId = placed.body.orderId;

    const outside = await set.client.post('/api/create-payment-intent', setBody(set.ids, { printSize: 'asDrawn', printType: 'auto', colorSheets: [6] }));
    expect(outside.status).toBe(400);
    expect(outside.body.message).toBe('Sheet 6 is not in this drawing: color sheets must be from 1 to 5.');

    // Re-pricing the same set in the same order works; another order of the files is another drawing.
    const again = await set.client.post(
      '/api/create-payment-intent',
      setBody(set.ids, { orderId, updateOnly: true, printSize: 'asDrawn', printType: 'bw', sets: 2 }),
    );
    expect(again.status).toBe(200);
    expect(again.body.amounts.subtotal).toBe(2 * (3 * 5.99 + 2 * 6.99));
    const reordered = [set.ids[1], set.ids[0], set.ids[2]];
    const refused = await set.client.post(
      '/api/create-payment-intent',
      setBody(reordered, { orderId, updateOnly: true, printSize: 'asDrawn', printType: 'bw' }),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/another drawing/);
    const order = (await set.client.get(`/api/orders/${orderId}`)).body;
    expect(order.files.map((f: { uploadId: string }) => f.uploadId)).toEqual(set.ids);
    expect(order.subtotal).toBe(again.body.amounts.subtotal);
  });

  it('the shipping rates take the set: the tube is the largest paper and every sheet of the set', async () => {
    const rates = await set.client.post('/api/shipping-rates', {
      toAddress: { street1: '1 Main St', street2: '', city: 'Albany', state: 'NY', zipCode: '12207' },
      printSize: 'asDrawn',
      uploadIds: set.ids,
      printType: 'bw',
    });
    expect(rates.status).toBe(200);
    const [quote] = await shop.sql`select print_size, page_count from shipping_quotes where id = ${rates.body[0].rateId}`;
    expect(quote).toEqual({ print_size: '30x42', page_count: 5 });
  });

  it('the counter gets every file of the set: downloads by file, the ticket lists them', async () => {
    const placed = await set.client.post('/api/create-payment-intent', setBody(set.ids, { ...CUSTOMER, printSize: 'asDrawn', printType: 'bw' }));
    const orderId = placed.body.orderId;
    expect((await set.client.post('/api/payments/demo/confirm', { orderId, cardNumber: '4242424242424242' })).body.status).toBe('succeeded');
    await shop.runJobs();
    const admin = await adminClient(shop);
    const listed = await admin.get(`/api/admin/orders?q=${orderNumberOf(orderId)}`);
    const row = listed.body.orders[0];
    expect(row.fileUrls.map((f: { fileName: string; url: string }) => [f.fileName, f.url])).toEqual([
      ['Architectural.pdf', `/api/admin/pdf/${orderId}?file=1`],
      ['Revit sheet.pdf', `/api/admin/pdf/${orderId}?file=2`],
      ['Large sheets.pdf', `/api/admin/pdf/${orderId}?file=3`],
    ]);
    const [third] = await shop.sql<{ storage_key: string }[]>`select storage_key from uploads where id = ${set.ids[2]}`;
    const chunks: Buffer[] = [];
    for await (const chunk of await shop.ctx.storage.get(third.storage_key)) chunks.push(Buffer.from(chunk));
    const stored = Buffer.concat(chunks);
    const download = await admin.bytes(`/api/admin/pdf/${orderId}?file=3&download=1`);
    expect(download.status).toBe(200);
    expect(Buffer.from(download.body).equals(stored)).toBe(true);
    expect(download.headers.get('content-disposition')).toContain('Large sheets.pdf');
    expect((await admin.get(`/api/admin/pdf/${orderId}?file=4`)).status).toBe(404);

    const ticket = (await pdfText((await admin.bytes(`/api/admin/job-ticket/${orderId}`)).body)).replace(/\s+/g, ' ');
    expect(ticket).toContain('3 files: 1. Architectural.pdf — sheets 1–2 2. Revit sheet.pdf — sheet 3 3. Large sheets.pdf — sheets 4–5');
    // The customer's receipt lists the files too; the confirmation email names the set in one line.
    const receipt = (await pdfText((await set.client.bytes(`/api/orders/${orderId}/receipt`)).body)).replace(/\s+/g, ' ');
    expect(receipt).toContain('3 files: 1. Architectural.pdf — sheets 1–2 2. Revit sheet.pdf — sheet 3 3. Large sheets.pdf — sheets 4–5');
    const [confirmation] = await shop.sql<{ text_body: string }[]>`select text_body from emails where order_id = ${orderId} and kind = 'order_confirmation'`;
    expect(confirmation.text_body).toContain('Drawings: A-001 – A-102, 5 sheets');

    // An export carries every file of the set, then the order's one ticket.
    const started = await admin.post('/api/admin/export-files', { orderIds: [orderId], exportFormat: 'zip' });
    await shop.runJobs();
    const zip = await admin.bytes(`/api/admin/export-download/${started.body.exportId}`);
    const n = orderNumberOf(orderId);
    expect([...(await unzip(zip.body)).keys()].sort()).toEqual(
      [`${n}-Architectural.pdf`, `${n}-Revit sheet.pdf`, `${n}-Large sheets.pdf`, `${n}-JOB-TICKET.pdf`].sort(),
    );

    // Order again: every file of the set is copied, in order, and checkout takes the copies at the same price.
    const again = await set.client.post(`/api/orders/${orderId}/reorder`);
    expect(again.status).toBe(201);
    const data = again.body.checkoutData;
    expect(data).toMatchObject({ fileName: 'Architectural.pdf + 2 more files', pageCount: 5, totalAmount: placed.body.amounts.subtotal });
    expect(data.uploadIds).toHaveLength(3);
    expect(data.uploadIds[0]).toBe(data.uploadId);
    const copies = await shop.sql<{ id: string; file_name: string; page_count: number }[]>`
      select id, file_name, page_count from uploads where id = any(${data.uploadIds}::uuid[])`;
    expect(data.uploadIds.map((id: string) => copies.find((c) => c.id === id)?.file_name)).toEqual([
      'Architectural.pdf',
      'Revit sheet.pdf',
      'Large sheets.pdf',
    ]);
    const repeat = await set.client.post('/api/create-payment-intent', setBody(data.uploadIds, { printSize: 'asDrawn', printType: 'bw' }));
    expect(repeat.status).toBe(201);
    expect(repeat.body.amounts.subtotal).toBe(placed.body.amounts.subtotal);
  });
});

describe('sets refused, saying why', () => {
  it('refuses 31 files, a file twice, and both uploadId and uploadIds', async () => {
    const { client, upload } = await (async () => {
      const c = shop.client();
      const sid = await giveAnonymousSession(shop, c);
      return { client: c, upload: await buildUpload(shop, { sessionSid: sid }) };
    })();
    const many = Array.from({ length: MAX_SET_FILES + 1 }, () => crypto.randomUUID());
    const tooMany = await client.post('/api/create-payment-intent', setBody(many));
    expect(tooMany.status).toBe(400);
    expect(JSON.stringify(tooMany.body)).toContain('A set can have at most 30 files.');

    const twice = await client.post('/api/create-payment-intent', setBody([upload.id, upload.id]));
    expect(twice.status).toBe(400);
    expect(JSON.stringify(twice.body)).toContain('Each file can be in the set only once.');

    const both = await client.post('/api/create-payment-intent', { ...setBody([upload.id]), uploadId: upload.id });
    expect(both.status).toBe(400);
    expect(JSON.stringify(both.body)).toContain('Send either uploadId or uploadIds, not both.');

    const neither = await client.post('/api/create-payment-intent', setBody([]));
    expect(neither.status).toBe(400);
    const [{ n }] = await shop.sql<{ n: number }[]>`select count(*)::int as n from orders where upload_id = ${upload.id}`;
    expect(n).toBe(0);
  });

  it("refuses someone else's file and a file not ready, naming it, and keeps the order as it was", async () => {
    const client = shop.client();
    const sid = await giveAnonymousSession(shop, client);
    const mine = await buildUpload(shop, { sessionSid: sid, fileName: 'Mine.pdf' });
    const alsoMine = await buildUpload(shop, { sessionSid: sid, fileName: 'Still going.pdf' });
    const theirs = await buildUpload(shop, { sessionSid: 'someone-else', fileName: 'Theirs.pdf' });

    const placed = await client.post('/api/create-payment-intent', setBody([mine.id], { printSize: '24x36', printType: 'bw' }));
    expect(placed.status).toBe(201);
    const orderId = placed.body.orderId;

    const stranger = await client.post('/api/create-payment-intent', setBody([mine.id, theirs.id]));
    expect(stranger.status).toBe(400);
    expect(stranger.body.message).toBe('File 2 of your set was not found. Please remove it and upload it again.');

    await shop.sql`update uploads set status = 'analyzing' where id = ${alsoMine.id}`;
    const analyzing = await client.post('/api/create-payment-intent', setBody([mine.id, alsoMine.id], { orderId, updateOnly: true }));
    expect(analyzing.status).toBe(400);
    expect(analyzing.body.message).toBe('File 2 (Still going.pdf): Your drawing is still being analyzed. Please wait a moment and try again.');

    // Nothing of the placed order changed.
    const order = (await client.get(`/api/orders/${orderId}`)).body;
    expect(order).toMatchObject({ pageCount: 3, subtotal: placed.body.amounts.subtotal, files: [{ uploadId: mine.id, firstPosition: 1 }] });
  });

  it('refuses a set of more than 1,000 sheets', async () => {
    const client = shop.client();
    const sid = await giveAnonymousSession(shop, client);
    const a = await buildUpload(shop, { sessionSid: sid });
    const b = await buildUpload(shop, { sessionSid: sid });
    await shop.sql`update uploads set page_count = 500 where id in ${shop.sql([a.id, b.id])}`;
    const c = await buildUpload(shop, { sessionSid: sid, pages: 1 });
    const res = await client.post('/api/create-payment-intent', setBody([a.id, b.id, c.id]));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Your set has 1,001 sheets; we print at most 1,000 sheets in one order. Please order the rest separately.');
  });
});
