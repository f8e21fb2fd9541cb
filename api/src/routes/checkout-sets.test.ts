/**
 * Sets, color per sheet (docs/decisions/011-sets-and-color-per-sheet.md), job name, PO and notes through create-payment-intent, the order
 * JSON, re-pricing, the receipt, the confirmation email and reorder. Every amount from the server.
 */
import { describe, expect, it } from 'vitest';
import { shopForFile, type TestShop } from '#test/helpers/shop';
import { browserWithUpload, CUSTOMER, pickupBody } from '#test/helpers/checkout';
import { pdfText } from '#test/helpers/pdfText';

let shop: TestShop;
shopForFile((s) => (shop = s));

describe('sets and color per sheet', () => {
  it('prices 3 sets of 4 sheets with sheet 2 in color, with lines that add up, and stores them on the order', async () => {
    const { client, upload } = await browserWithUpload(shop, { pages: 4 });
    const res = await client.post(
      '/api/create-payment-intent',
      pickupBody(upload.id, {
        sets: 3,
        printType: 'auto',
        colorSheets: [2],
        jobName: '  Smith Residence ',
        poNumber: 'PO 4471',
        notes: 'Staple each set.\nCall on arrival.',
      }),
    );
    expect(res.status).toBe(201);
    // 3 × (3 × 5.99 + 1 × 14.99) = 3 × 32.96 = 98.88; NJ 6.63% = 6.5557 → 6.56.
    expect(res.body.amounts).toMatchObject({ subtotal: 98.88, tax: 6.56, total: 105.44, pricePerPage: null, sets: 3, bwSheetCount: 3, colorSheetCount: 1 });
    expect(res.body.amounts.lines).toEqual([
      { description: '24" x 36" black and white', quantity: 9, unitPrice: 5.99, amount: 53.91 },
      { description: '24" x 36" color', quantity: 3, unitPrice: 14.99, amount: 44.97 },
    ]);
    const order = (await client.get(`/api/orders/${res.body.orderId}`)).body;
    expect(order).toMatchObject({
      sets: 3,
      printType: 'auto',
      colorSheets: [2],
      colorSheetCount: 1,
      bwSheetCount: 3,
      pricePerPage: null,
      subtotal: 98.88,
      jobName: 'Smith Residence',
      poNumber: 'PO 4471',
      notes: 'Staple each set.\nCall on arrival.',
      lines: res.body.amounts.lines,
    });
  });

  it('keeps old clients working: bw or color without sets is one set at one price', async () => {
    const { client, upload } = await browserWithUpload(shop, { pages: 3 });
    const res = await client.post('/api/create-payment-intent', pickupBody(upload.id, { printType: 'color' }));
    expect(res.status).toBe(201);
    expect(res.body.amounts).toMatchObject({
      subtotal: 44.97,
      pricePerPage: 14.99,
      sets: 1,
      lines: [{ description: '24" x 36" color', quantity: 3, unitPrice: 14.99, amount: 44.97 }],
    });
    const order = (await client.get(`/api/orders/${res.body.orderId}`)).body;
    expect(order).toMatchObject({
      sets: 1,
      printType: 'color',
      colorSheets: [1, 2, 3],
      colorSheetCount: 3,
      bwSheetCount: 0,
      pricePerPage: 14.99,
      jobName: null,
      poNumber: null,
      notes: null,
    });
  });

  it('auto without a choice prints in color the sheets the analysis found in color', async () => {
    const { client, upload } = await browserWithUpload(shop, { pages: 5 });
    const refused = await client.post('/api/create-payment-intent', pickupBody(upload.id, { printType: 'auto' }));
    expect(refused.status).toBe(400); // color not judged yet: no guessing the ink
    expect(refused.body.message).toMatch(/color/i);

    await shop.sql`update uploads set color_sheets = '{5,1}' where id = ${upload.id}`;
    const res = await client.post('/api/create-payment-intent', pickupBody(upload.id, { printType: 'auto', sets: 2 }));
    expect(res.status).toBe(201);
    // 2 × (3 × 5.99 + 2 × 14.99) = 2 × 47.95 = 95.90
    expect(res.body.amounts).toMatchObject({ subtotal: 95.9, colorSheetCount: 2, bwSheetCount: 3 });
    expect((await client.get(`/api/orders/${res.body.orderId}`)).body.colorSheets).toEqual([1, 5]);

    // A set with no color at all, on auto: every sheet B&W, one price.
    await shop.sql`update uploads set color_sheets = '{}' where id = ${upload.id}`;
    const none = await client.post('/api/create-payment-intent', pickupBody(upload.id, { printType: 'auto' }));
    expect(none.body.amounts).toMatchObject({ subtotal: 29.95, pricePerPage: 5.99, colorSheetCount: 0 });
  });

  it('re-prices sets, color sheets and the job fields with updateOnly, on the same intent', async () => {
    const { client, upload } = await browserWithUpload(shop, { pages: 2 });
    const first = await client.post('/api/create-payment-intent', pickupBody(upload.id));
    const { orderId } = first.body;
    const [before] = await shop.sql`select payment_intent_id from orders where id = ${orderId}`;
    const again = await client.post(
      '/api/create-payment-intent',
      pickupBody(upload.id, { orderId, updateOnly: true, sets: 5, printType: 'auto', colorSheets: [1], poNumber: '88-12', ...CUSTOMER }),
    );
    expect(again.status).toBe(200);
    // 5 × (5.99 + 14.99) = 104.90
    expect(again.body.amounts.subtotal).toBe(104.9);
    const [after] = await shop.sql`select payment_intent_id, sets, color_sheets, po_number, subtotal_cents from orders where id = ${orderId}`;
    expect(after).toMatchObject({ payment_intent_id: before.payment_intent_id, sets: 5, color_sheets: [1], po_number: '88-12', subtotal_cents: 10490 });
  });

  it.each([
    ['sets 0', { sets: 0 }],
    ['sets 101', { sets: 101 }],
    ['sets 2.5', { sets: 2.5 }],
    ['sets as text', { sets: '3' }],
    ['an unknown print type', { printType: 'sepia' }],
    ['color sheets without auto', { printType: 'bw', colorSheets: [1] }],
    ['color sheets with color', { printType: 'color', colorSheets: [1] }],
    ['a color sheet 0', { printType: 'auto', colorSheets: [0] }],
    ['a color sheet past the last', { printType: 'auto', colorSheets: [4] }],
    ['a duplicate color sheet', { printType: 'auto', colorSheets: [2, 2] }],
    ['a color sheet that is not a number', { printType: 'auto', colorSheets: ['2'] }],
    ['color sheets that are not a list', { printType: 'auto', colorSheets: 2 }],
    ['a job name of 101 characters', { jobName: 'x'.repeat(101) }],
    ['a PO of 51 characters', { poNumber: '1'.repeat(51) }],
    ['notes of 1001 characters', { notes: 'n'.repeat(1001) }],
    ['a control character in the job name', { jobName: 'Smith\u0007' }],
    ['a line break in the PO', { poNumber: '44\n71' }],
    ['a NUL in the notes', { notes: 'ok\u0000' }],
    ['a job name that is not text', { jobName: 12 }],
  ])('refuses %s with 400', async (_, extra) => {
    const { client, upload, sid } = await browserWithUpload(shop, { pages: 3 });
    const res = await client.post('/api/create-payment-intent', pickupBody(upload.id, extra));
    expect(res.status).toBe(400);
    expect(typeof res.body.message).toBe('string');
    expect(await shop.sql`select count(*)::int as n from orders where session_sid = ${sid}`).toEqual([{ n: 0 }]);
  });

  it('accepts the longest fields and trims them; blank fields are null', async () => {
    const { client, upload } = await browserWithUpload(shop, { pages: 1 });
    const res = await client.post(
      '/api/create-payment-intent',
      pickupBody(upload.id, { jobName: ` ${'j'.repeat(100)} `, poNumber: '7'.repeat(50), notes: '   ' }),
    );
    expect(res.status).toBe(201);
    const order = (await client.get(`/api/orders/${res.body.orderId}`)).body;
    expect(order).toMatchObject({ jobName: 'j'.repeat(100), poNumber: '7'.repeat(50), notes: null });
  });

  it('weighs the tube for every set: the shipping quote must be for sheets × sets', async () => {
    const { client, upload } = await browserWithUpload(shop, { pages: 3 });
    const address = { street1: '1 Main St', street2: '', city: 'Albany', state: 'NY', zipCode: '12207' };
    const quote = async (pageCount: number) =>
      (await client.post('/api/shipping-rates', { toAddress: address, printSize: '24x36', pageCount })).body[0].rateId as string;
    const body = (rateId: string) => pickupBody(upload.id, { sets: 2, shippingMethod: 'shipping', rateId, shippingAddress: address });
    expect((await client.post('/api/create-payment-intent', body(await quote(3)))).status).toBe(400);
    expect((await client.post('/api/create-payment-intent', body(await quote(6)))).status).toBe(201);
  });
});

describe('documents and reorder', () => {
  it('puts sets, lines, job name and PO on the receipt and in the email, and reorder carries them over', async () => {
    const { client, upload } = await browserWithUpload(shop, { pages: 3 });
    const { orderId } = (
      await client.post(
        '/api/create-payment-intent',
        pickupBody(upload.id, { ...CUSTOMER, sets: 3, printType: 'auto', colorSheets: [3], jobName: 'Smith Residence', poNumber: '4471' }),
      )
    ).body;
    expect((await client.post('/api/payments/demo/confirm', { orderId, cardNumber: '4242424242424242' })).body.status).toBe('succeeded');
    await shop.runJobs();
    await shop.runJobs();

    const receipt = await client.bytes(`/api/orders/${orderId}/receipt`);
    expect(receipt.status).toBe(200);
    const text = (await pdfText(receipt.body)).replace(/[ \t]+/g, ' ');
    expect(text).toContain('24" x 36" black and white 6 $5.99 $35.94');
    expect(text).toContain('24" x 36" color 3 $14.99 $44.97');
    expect(text).toContain('Sets: 3 sets of 3 sheets, 24" x 36"');
    expect(text).toContain('Color sheets: Sheet 3');
    expect(text).toContain('Job name: Smith Residence');
    expect(text).toContain('PO: 4471');
    expect(text).toContain('Subtotal $80.91');

    const [email] = await shop.sql`select text_body from emails where order_id = ${orderId} and kind = 'order_confirmation'`;
    expect(email.text_body).toContain('Sets: 3 sets of 3 sheets, 24" x 36"');
    expect(email.text_body).toContain('24" x 36" black and white: 6 x $5.99 = $35.94');
    expect(email.text_body).toContain('24" x 36" color: 3 x $14.99 = $44.97');
    expect(email.text_body).toContain('Job name: Smith Residence');
    expect(email.text_body).toContain('PO: 4471');

    const again = await client.post(`/api/orders/${orderId}/reorder`);
    expect(again.status).toBe(201);
    expect(again.body.checkoutData).toMatchObject({
      sets: 3,
      printType: 'auto',
      colorSheets: [3],
      jobName: 'Smith Residence',
      poNumber: '4471',
      pricePerPage: null,
      totalAmount: 80.91,
    });
    const reordered = await client.post(
      '/api/create-payment-intent',
      pickupBody(again.body.checkoutData.uploadId, { sets: 3, printType: 'auto', colorSheets: again.body.checkoutData.colorSheets }),
    );
    expect(reordered.body.amounts.subtotal).toBe(80.91);
  });
});
