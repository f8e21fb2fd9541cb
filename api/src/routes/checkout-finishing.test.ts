/**
 * Finishing and reduced sets at checkout: fold + staple on the full-size sets and one 11" x 17"
 * reduced set are price lines, taxed like prints, kept on the order, said on the job ticket and the
 * receipt; finishing that does not apply is a 400 sentence that saves nothing.
 */
import { describe, expect, it } from 'vitest';
import { shopForFile, type TestShop } from '#test/helpers/shop';
import { browserWithUpload, CUSTOMER, pickupBody } from '#test/helpers/checkout';
import { adminClient } from '#test/helpers/adminTestKit';
import { pdfText } from '#test/helpers/pdfText';
import { orderById } from '#core/orders/queries';
import { renderReceipt } from '#core/services/receipts/index';
import { DEFAULT_SHOP } from '#shared/shop';

let shop: TestShop;
shopForFile((s) => (shop = s));

const FOLD_STAPLE = { fold: 'title_out', bind: 'staple_left', holes: 0 };
const count = async () => (await shop.sql<{ n: number }[]>`select count(*)::int as n from orders`)[0].n;
const flat = (text: string) => text.replace(/\s+/g, ' ');

describe('finishing and reduced sets at checkout', () => {
  it('prices fold + staple + 1 reduced set as lines, keeps them on the order, and the ticket and receipt say them', async () => {
    const { client, upload } = await browserWithUpload(shop, { pages: 3 });
    const res = await client.post('/api/create-payment-intent', pickupBody(upload.id, { ...CUSTOMER, finishing: FOLD_STAPLE, reducedSets: 1 }));
    expect(res.status).toBe(201);
    expect(res.body.amounts.lines).toEqual([
      { description: '24" x 36" black and white', quantity: 3, unitPrice: 5.99, amount: 17.97 },
      { description: '11" x 17" reduced black and white', quantity: 3, unitPrice: 0.99, amount: 2.97 },
      { description: 'Folding to 9" x 12", title block out (full-size sets)', quantity: 3, unitPrice: 0.5, amount: 1.5 },
      { description: 'Staple binding, left edge (full-size sets)', quantity: 1, unitPrice: 2, amount: 2 },
    ]);
    // Pickup in NJ: 6.63% on the prints and the finishing alike.
    expect(res.body.amounts).toMatchObject({ subtotal: 24.44, tax: 1.62, total: 26.06, reducedSets: 1 });

    const order = (await client.get(`/api/orders/${res.body.orderId}`)).body;
    expect(order).toMatchObject({ reducedSets: 1, finishing: FOLD_STAPLE, halfFinishing: { fold: 'none', bind: 'none', holes: 0 } });

    // Paid (the test card), the order is the counter's: its ticket can be printed.
    expect((await client.post('/api/payments/demo/confirm', { orderId: res.body.orderId, cardNumber: '4242424242424242' })).body.status).toBe('succeeded');
    await shop.runJobs();
    const admin = await adminClient(shop);
    const ticket = flat(await pdfText((await admin.bytes(`/api/admin/job-ticket/${res.body.orderId}`)).body));
    expect(ticket).toContain('1 set + 1 reduced 11" x 17" set of 3 sheets');
    expect(ticket).toContain('Full-size sets: fold to 9" x 12", title block facing out on the front; staple on the left edge');
    expect(ticket).toContain('REDUCED — NOT TO SCALE');

    const row = await orderById(shop.sql, res.body.orderId);
    const receipt = flat(await pdfText(await renderReceipt(row!, DEFAULT_SHOP)));
    expect(receipt).toContain('Folding to 9" x 12", title block out (full-size sets)');
    expect(receipt).toContain('11" x 17" reduced black and white');
  });

  it.each([
    ['holes on the full-size sets', 3, { finishing: { fold: 'none', bind: 'none', holes: 3 } }, /^Three holes are punched only in half-size sets/],
    ['binding a single sheet', 1, { finishing: FOLD_STAPLE }, /^A set of one sheet cannot be bound/],
    [
      'finishing half-size sets that are not ordered',
      3,
      { halfFinishing: { fold: 'title_out', bind: 'none', holes: 3 } },
      /^Finishing for half-size sets needs/,
    ],
    ['an unknown fold', 3, { finishing: { fold: 'accordion', bind: 'none', holes: 0 } }, /Fold must be none or title_out/],
    ['reduced sets past 100', 3, { reducedSets: 101 }, /Reduced sets must be a whole number from 0 to 100/],
  ])('is 400 for %s, and saves nothing', async (_why, pages, extra, message) => {
    const { client, upload } = await browserWithUpload(shop, { pages });
    const before = await count();
    const res = await client.post('/api/create-payment-intent', pickupBody(upload.id, { ...CUSTOMER, ...extra }));
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message);
    expect(await count()).toBe(before);
  });

  it('takes an order of reduced sets alone', async () => {
    const { client, upload } = await browserWithUpload(shop, { pages: 2 });
    const res = await client.post('/api/create-payment-intent', pickupBody(upload.id, { ...CUSTOMER, sets: 0, reducedSets: 2 }));
    expect(res.status).toBe(201);
    expect(res.body.amounts.subtotal).toBe(3.96);
  });
});
