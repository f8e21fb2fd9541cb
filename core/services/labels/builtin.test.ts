/** The built-in label prints the ship-to address as typed, in any script, shrunk to fit its box. */
import { describe, expect, it } from 'vitest';
import { drawLabel } from './builtin';
import { orderRowFor } from '#test/helpers/orderRow';
import { pdfPageTexts, renderPngs } from '#test/helpers/pdfPages';
import { readCode128Row } from '#test/helpers/barcode';
import { DEFAULT_SHOP } from '#shared/shop';

const shipped = (overrides: Parameters<typeof orderRowFor>[0]) =>
  orderRowFor({
    shipping_method: 'shipping',
    shipping_service: 'UPS Ground',
    shipping_address: { street1: '1 Main St', street2: null, city: 'Albany', state: 'NY', zipCode: '12207' },
    ...overrides,
  });

describe('drawLabel', () => {
  it('prints a name and street in Cyrillic, Greek and CJK, and the tracking number', async () => {
    const order = shipped({
      customer_first_name: 'Ζωή',
      customer_last_name: 'Иванова',
      shipping_address: { street1: '1 Main St 王', street2: 'кв. 7', city: 'Albany', state: 'NY', zipCode: '12207' },
    });
    const pdf = await drawLabel({ order, shop: DEFAULT_SHOP, service: 'UPS Ground', weightOz: 12, trackingNumber: 'BP1234567890123456' });
    const pages = await pdfPageTexts(pdf);
    expect(pages).toHaveLength(1);
    for (const text of ['ΖΩΉ ИВАНОВА', '1 MAIN ST 王', 'КВ. 7', 'ALBANY, NY 12207', 'BP12 3456 7890 1234 56']) expect(pages[0]).toContain(text);
    expect(await renderPngs(pdf, 'label')).toEqual({ pages: 1, stderr: '' });
  });

  it('draws the tracking number as Code 128 bars that a scanner reads back', async () => {
    const pdf = await drawLabel({ order: shipped({}), shop: DEFAULT_SHOP, service: 'UPS Ground', weightOz: 12, trackingNumber: 'BP1234567890123456' });
    // The bars span y 250..340 pt; read across their middle.
    expect(await readCode128Row(pdf, { y: 295 })).toBe('BP1234567890123456');
    // Above the bars there is nothing to read.
    await expect(readCode128Row(pdf, { y: 240 })).rejects.toThrow();
  });

  it('keeps the longest name and address on its one page, above the weight line', async () => {
    const order = shipped({
      customer_first_name: 'A'.repeat(100),
      customer_last_name: 'B'.repeat(100),
      shipping_address: { street1: 'Street '.repeat(28).trim(), street2: 'Suite '.repeat(33).trim(), city: 'C'.repeat(100), state: 'NY', zipCode: '12207' },
    });
    const pdf = await drawLabel({ order, shop: DEFAULT_SHOP, service: 'UPS Next Day Air Saver', weightOz: 12, trackingNumber: 'BP1234567890123456' });
    const pages = await pdfPageTexts(pdf);
    expect(pages).toHaveLength(1);
    expect(pages[0]).toContain('NY 12207');
    expect(pages[0].indexOf('NY 12207')).toBeLessThan(pages[0].indexOf('Weight:'));
  });

  it('names every paper in the tube, full and half-size, never "asDrawn"', async () => {
    const order = shipped({
      print_size: 'asDrawn',
      page_count: 5,
      sets: 1,
      half_sets: 1,
      price_lines: [
        { description: '24" x 36" black and white', ink: 'bw', quantity: 4, unitPriceCents: 599, amountCents: 2396 },
        { description: '24" x 36" color', ink: 'color', quantity: 1, unitPriceCents: 1499, amountCents: 1499 },
        { description: '12" x 18" half-size black and white', ink: 'bw', quantity: 5, unitPriceCents: 149, amountCents: 745 },
      ],
    });
    const pdf = await drawLabel({ order, shop: DEFAULT_SHOP, service: 'UPS Ground', weightOz: 12, trackingNumber: 'BP1234567890123456' });
    const [page] = await pdfPageTexts(pdf);
    expect(page.replace(/\s+/g, ' ')).toContain('5 sheets 24" x 36" + 5 sheets 12" x 18" half-size in one tube');
    expect(page).not.toContain('asDrawn');
    expect(await renderPngs(pdf, 'label-papers')).toEqual({ pages: 1, stderr: '' });
  });
});
