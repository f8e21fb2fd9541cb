/** The admin's job ticket: a PDF with everything the print room needs, and a barcode of the order number. */
import { describe, expect, it } from 'vitest';
import { shopForFile, type TestShop } from '#test/helpers/shop';
import { buildOrder } from '#test/helpers/factories';
import { adminClient } from '#test/helpers/adminTestKit';
import { pdfText } from '#test/helpers/pdfText';
import { orderNumberOf } from '#shared/fields';
import { readCode128Row } from '#test/helpers/barcode';

let shop: TestShop;
shopForFile((s) => (shop = s));

describe('GET /api/admin/job-ticket/:orderId', () => {
  it('prints the order number, customer, delivery, ready-by, sets, size, color sheets, job name, PO and notes', async () => {
    const order = await buildOrder(shop, { pages: 12, shippingMethod: 'shipping', state: 'NY', rushOrder: true });
    await shop.sql`
      update orders set sets = 3, print_type = 'auto', color_sheets = '{2,3,4,9}', color_sheet_count = 4, bw_sheet_count = 8,
        job_name = 'Smith Residence', po_number = '4471', notes = 'Fold nothing. Roll each set separately.',
        estimated_delivery = '2026-11-27 end of day'
      where id = ${order.id}`;
    const admin = await adminClient(shop);
    const res = await admin.bytes(`/api/admin/job-ticket/${order.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toMatch(new RegExp(`^inline; filename="JOB-TICKET-${orderNumberOf(order.id)}\\.pdf"`));
    const text = (await pdfText(res.body)).replace(/[ \t]+/g, ' ');
    const number = orderNumberOf(order.id);
    for (const expected of [
      'JOB TICKET',
      `Order ${number}`,
      'RUSH',
      'Customer Grace Hopper',
      'guest@example.com',
      'Delivery Ship (Ground) to:',
      '1 Main St',
      'Albany, NY 12207',
      'Ready by RUSH: 4-6 hours (2026-11-27 end of day)',
      'Job name Smith Residence',
      'PO 4471',
      'Size 24" x 36"',
      'Sets 3 sets of 12 sheets (36 prints)',
      'Color sheets Sheets 2-4, 9 (4 color, 8 B&W per set)',
      'Notes Fold nothing. Roll each set separately.',
    ]) {
      expect(text).toContain(expected);
    }

    // The barcode is the order number in Code 128: a scanner aimed at it (y 94..148 pt, right of RUSH) reads it.
    expect(await readCode128Row(res.body, { y: 120, fromX: 250 })).toBe(number);
  });

  it('answers 404 for an unknown order and 401 without the admin session', async () => {
    const admin = await adminClient(shop);
    expect((await admin.get('/api/admin/job-ticket/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await admin.get('/api/admin/job-ticket/nonsense')).status).toBe(404);
    const order = await buildOrder(shop);
    expect((await shop.client().get(`/api/admin/job-ticket/${order.id}`)).status).toBe(401);
  });
});
