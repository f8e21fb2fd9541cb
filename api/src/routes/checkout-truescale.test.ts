/**
 * True scale and half-size sets (docs/decisions/023-true-scale-and-half-size-sets.md) through the real
 * upload, analysis, checkout, shipping, order JSON, receipt and job ticket: each sheet priced on the
 * paper it fits at 100%, half-size sets on half that paper, and sheets no paper takes refused by name.
 */
import { describe, expect, it } from 'vitest';
import { shopForFile, type TestShop } from '#test/helpers/shop';
import type { TestClient } from '#test/helpers/client';
import { ADDRESSES, CUSTOMER, pickupBody } from '#test/helpers/checkout';
import { adminClient } from '#test/helpers/adminTestKit';
import { ANSI_D, ARCH_D, ARCH_E1, LETTER, makeDrawingPdf } from '#test/helpers/pdf';
import { pdfText } from '#test/helpers/pdfText';

let shop: TestShop;
shopForFile((s) => (shop = s));

/** Uploads through the real route and runs the analysis, as a browser would. */
async function uploadAndAnalyze(client: TestClient, bytes: Buffer) {
  const form = new FormData();
  form.append('pdf', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), 'Set.pdf');
  const res = await client.request('POST', '/api/upload-pdf', { body: form });
  expect(res.status).toBe(202);
  await shop.runJobs();
  const info = await client.get(`/api/uploads/${res.body.uploadId}`);
  expect(info.status).toBe(200);
  return info.body;
}

describe('an ANSI D + ARCH E1 set at true scale, with half-size sets', () => {
  it('prices each sheet on its paper, full and half size, and says so on the order, receipt and ticket', async () => {
    const client = shop.client();
    // Sheets 1–2 ANSI D (24" x 36" paper), sheet 3 ARCH E1 (30" x 42" paper).
    const info = await uploadAndAnalyze(client, await makeDrawingPdf({ sheets: [ANSI_D, ANSI_D, ARCH_E1] }));
    expect(info).toMatchObject({ status: 'ready', pageCount: 3, detectedSize: 'mixed' });
    expect(info.sheets.map((s: { paper: string; sizeName: string | null }) => [s.paper, s.sizeName])).toEqual([
      ['24x36', 'ANSI D'],
      ['24x36', 'ANSI D'],
      ['30x42', 'ARCH E1'],
    ]);

    const res = await client.post(
      '/api/create-payment-intent',
      pickupBody(info.uploadId, { ...CUSTOMER, printSize: 'asDrawn', printType: 'bw', sets: 2, halfSets: 1 }),
    );
    expect(res.status).toBe(201);
    // Full: 2 × (2 × 5.99 + 6.99) = 37.94; half: 2 × 1.49 + 1.99 = 4.97; 42.91, NJ 6.63% = 2.8449 → 2.84.
    expect(res.body.amounts.lines).toEqual([
      { description: '24" x 36" black and white', quantity: 4, unitPrice: 5.99, amount: 23.96 },
      { description: '30" x 42" black and white', quantity: 2, unitPrice: 6.99, amount: 13.98 },
      { description: '12" x 18" half-size black and white', quantity: 2, unitPrice: 1.49, amount: 2.98 },
      { description: '15" x 21" half-size black and white', quantity: 1, unitPrice: 1.99, amount: 1.99 },
    ]);
    expect(res.body.amounts).toMatchObject({ subtotal: 42.91, tax: 2.84, total: 45.75, pricePerPage: null, sets: 2, halfSets: 1 });

    const order = (await client.get(`/api/orders/${res.body.orderId}`)).body;
    expect(order).toMatchObject({ printSize: 'asDrawn', sets: 2, halfSets: 1, subtotal: 42.91, lines: res.body.amounts.lines });

    const orderId = res.body.orderId;
    expect((await client.post('/api/payments/demo/confirm', { orderId, cardNumber: '4242424242424242' })).body.status).toBe('succeeded');
    await shop.runJobs();
    await shop.runJobs();
    const receipt = (await pdfText((await client.bytes(`/api/orders/${orderId}/receipt`)).body)).replace(/\s+/g, ' ');
    expect(receipt).toContain('15" x 21" half-size black and white 1 $1.99 $1.99');
    expect(receipt).toContain('Sets: 2 sets + 1 half-size set of 3 sheets, As drawn (100%)');
    expect(receipt).toContain(`1/4" = 1'-0" prints as 1/8" = 1'-0"`);

    const admin = await adminClient(shop);
    const ticket = (await pdfText((await admin.bytes(`/api/admin/job-ticket/${orderId}`)).body)).replace(/\s+/g, ' ');
    expect(ticket).toContain('2 sets + 1 half-size set of 3 sheets (6 full-size, 3 half-size prints)');
    expect(ticket).toContain(`so 1/4" = 1'-0" prints as 1/8" = 1'-0"`);
    expect(ticket).toContain('As drawn at 100%');

    // Order again: the copy keeps each sheet's paper and the half-size sets.
    const again = await client.post(`/api/orders/${orderId}/reorder`);
    expect(again.status).toBe(201);
    expect(again.body.checkoutData).toMatchObject({ printSize: 'asDrawn', sets: 2, halfSets: 1, totalAmount: 42.91 });
    const repeat = await client.post(
      '/api/create-payment-intent',
      pickupBody(again.body.checkoutData.uploadId, { printSize: 'asDrawn', printType: 'bw', sets: 2, halfSets: 1 }),
    );
    expect(repeat.status).toBe(201);
    expect(repeat.body.amounts.subtotal).toBe(42.91);
  });

  it('prices auto color per sheet on its paper, and a half-size-only order', async () => {
    const client = shop.client();
    const info = await uploadAndAnalyze(client, await makeDrawingPdf({ sheets: [ANSI_D, ARCH_E1] }));
    const res = await client.post('/api/create-payment-intent', pickupBody(info.uploadId, { printSize: 'asDrawn', printType: 'color', sets: 0, halfSets: 2 }));
    expect(res.status).toBe(201);
    expect(res.body.amounts.lines).toEqual([
      { description: '12" x 18" half-size color', quantity: 2, unitPrice: 3.99, amount: 7.98 },
      { description: '15" x 21" half-size color', quantity: 2, unitPrice: 4.99, amount: 9.98 },
    ]);
    const none = await client.post('/api/create-payment-intent', pickupBody(info.uploadId, { printSize: 'asDrawn', printType: 'bw', sets: 0, halfSets: 0 }));
    expect(none.status).toBe(400);
    expect(JSON.stringify(none.body)).toContain('Please order at least one set, full size or half size.');
  });

  it('a paper size keeps its old meaning: every sheet on that paper', async () => {
    const client = shop.client();
    const info = await uploadAndAnalyze(client, await makeDrawingPdf({ sheets: [ANSI_D, ARCH_D] }));
    expect(info.detectedSize).toBe('24x36');
    const res = await client.post('/api/create-payment-intent', pickupBody(info.uploadId, { printSize: '30x42', printType: 'bw' }));
    expect(res.body.amounts.lines).toEqual([{ description: '30" x 42" black and white', quantity: 2, unitPrice: 6.99, amount: 13.98 }]);
  });

  it('packs the tube on the largest paper and checkout takes that quote', async () => {
    const client = shop.client();
    const info = await uploadAndAnalyze(client, await makeDrawingPdf({ sheets: [ANSI_D, ARCH_E1] }));
    const rates = await client.post('/api/shipping-rates', {
      toAddress: ADDRESSES.NY,
      printSize: 'asDrawn',
      uploadId: info.uploadId,
      printType: 'bw',
      sets: 1,
      halfSets: 4,
    });
    expect(rates.status).toBe(200);
    const [quote] = await shop.sql`select print_size, page_count from shipping_quotes where id = ${rates.body[0].rateId}`;
    // 2 full sheets, and 8 half-size sheets weighing as 2.
    expect(quote).toEqual({ print_size: '30x42', page_count: 4 });
    const res = await client.post('/api/create-payment-intent', {
      ...pickupBody(info.uploadId, { printSize: 'asDrawn', printType: 'bw', sets: 1, halfSets: 4 }),
      shippingMethod: 'shipping',
      rateId: rates.body[0].rateId,
      shippingAddress: ADDRESSES.NY,
    });
    expect(res.status).toBe(201);
  });
});

describe('sheets no paper takes', () => {
  it('refuses ARCH E and letter sheets, naming each sheet and its size', async () => {
    const client = shop.client();
    const big = await uploadAndAnalyze(client, await makeDrawingPdf({ sheets: [ARCH_D, ARCH_D, ARCH_D, { widthIn: 48, heightIn: 36 }] }));
    expect(big).toMatchObject({ status: 'rejected', actualSize: '36" x 48"' });
    expect(big.message).toMatch(/^Sheet 4 is 36" x 48" \(ARCH E\), larger than our largest paper, 30" x 42"\. /);

    const small = await uploadAndAnalyze(client, await makeDrawingPdf({ sheets: [ANSI_D, LETTER] }));
    expect(small).toMatchObject({ status: 'rejected', actualSize: '8.5" x 11"' });
    expect(small.message).toMatch(/^Sheet 2 is 8\.5" x 11" \(Letter\), smaller than the smallest sheet we print, 17" x 22"\. /);
    const res = await client.post('/api/create-payment-intent', pickupBody(small.uploadId, { printSize: 'asDrawn', printType: 'bw' }));
    expect(res.status).toBe(400);
  });
});
