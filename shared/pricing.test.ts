import { describe, expect, it } from 'vitest';
import {
  FREE_SHIPPING_THRESHOLD_CENTS,
  PRICE_PER_PAGE_CENTS,
  STATE_TAX_MILLIPERCENT,
  US_STATES,
  formatTaxRate,
  linesToJson,
  orderSubtotalCents,
  priceOrder,
  priceSheets,
  qualifiesForFreeShipping,
  halveScale,
  setsText,
  tubeOf,
  taxRateMillipercent,
  taxStateOf,
} from './pricing';
import { mulDivRoundHalfUp, centsToDollars, dollarsToCents, formatCents } from './money';

describe('price table', () => {
  it.each([
    ['24x36', 'bw', 599],
    ['24x36', 'color', 1499],
    ['30x42', 'bw', 699],
    ['30x42', 'color', 1799],
  ] as const)('%s %s costs %i cents a page', (size, type, cents) => {
    expect(PRICE_PER_PAGE_CENTS[size][type]).toBe(cents);
  });
});

describe('tax table', () => {
  it('covers all 50 states and DC', () => {
    expect(US_STATES).toHaveLength(51);
  });
  it.each(['OR', 'NH', 'MT', 'DE', 'AK'])('%s has no sales tax', (state) => {
    expect(STATE_TAX_MILLIPERCENT[state]).toBe(0);
  });
  it.each([
    ['NY', 8000],
    ['CA', 7250],
    ['TX', 6250],
    ['FL', 6000],
    ['PA', 6000],
    ['NJ', 6630],
  ])('%s is taxed at the spec rate', (state, rate) => {
    expect(STATE_TAX_MILLIPERCENT[state]).toBe(rate);
  });
  it("pickup uses the shop's state, whatever destination is given; shipping the destination's", () => {
    expect(taxStateOf('pickup', 'OR', 'NJ')).toBe('NJ');
    expect(taxStateOf('pickup', null, 'ny')).toBe('NY');
    expect(taxStateOf('shipping', 'or', 'NJ')).toBe('OR');
    expect(taxStateOf('shipping', null, 'NJ')).toBe('');
  });
  it('an unknown state is untaxed; lower case is accepted', () => {
    expect(taxRateMillipercent('ZZ')).toBe(0);
    expect(taxRateMillipercent('ny')).toBe(8000);
    expect(taxRateMillipercent('')).toBe(0);
  });
  it("a shop that moves to New York taxes its pickups at New York's rate", () => {
    const p = priceOrder({ pageCount: 10, printSize: '24x36', printType: 'bw', rushOrder: false, shippingMethod: 'pickup', shopState: 'NY' });
    expect(p).toMatchObject({ subtotalCents: 5990, taxState: 'NY', taxRateMillipercent: 8000, taxCents: 479 });
  });
  it('formats rates without trailing zeros', () => {
    expect(formatTaxRate(6630)).toBe('6.63%');
    expect(formatTaxRate(8000)).toBe('8%');
    expect(formatTaxRate(6875)).toBe('6.875%');
  });
});

describe('rounding', () => {
  it.each([
    [100, 6630, 100_000, 7], // 6.63 cents → 7
    [50, 1000, 100_000, 1], // 0.5 → 1 (half up)
    [49, 1000, 100_000, 0], // 0.49 → 0
    [15, 10_000, 100_000, 2], // 1.5 → 2
    [0, 8000, 100_000, 0],
  ])('%i × %i / %i rounds to %i', (cents, num, den, expected) => {
    expect(mulDivRoundHalfUp(cents, num, den)).toBe(expected);
  });
  it('rejects fractional cents', () => {
    expect(() => mulDivRoundHalfUp(1.5, 1, 1)).toThrow(RangeError);
  });
  it('converts between cents and dollars', () => {
    expect(centsToDollars(1999)).toBe(19.99);
    expect(dollarsToCents('19.99')).toBe(1999);
    expect(dollarsToCents(0.29)).toBe(29);
    expect(formatCents(123450)).toBe('$1,234.50');
  });
});

describe('priceOrder', () => {
  it('10 sheets 24x36 B&W, pickup: NJ 6.63%', () => {
    const p = priceOrder({ pageCount: 10, printSize: '24x36', printType: 'bw', rushOrder: false, shippingMethod: 'pickup', shopState: 'NJ' });
    expect(p.subtotalCents).toBe(5990);
    expect(p.taxCents).toBe(397); // 59.90 × 6.63% = 3.97137
    expect(p.totalCents).toBe(6387);
    expect(p.taxState).toBe('NJ');
  });
  it('ignores a shipping cost on pickup', () => {
    const p = priceOrder({
      pageCount: 1,
      printSize: '24x36',
      printType: 'bw',
      rushOrder: false,
      shippingMethod: 'pickup',
      shopState: 'NJ',
      shippingCostCents: 5000,
    });
    expect(p.shippingCostCents).toBe(0);
  });
  it('rush and shipping to NY are taxed at 8%', () => {
    const p = priceOrder({
      pageCount: 3,
      printSize: '30x42',
      printType: 'color',
      rushOrder: true,
      shippingMethod: 'shipping',
      shopState: 'NJ',
      shippingCostCents: 1250,
      state: 'NY',
    });
    expect(p.subtotalCents).toBe(5397);
    expect(p.rushFeeCents).toBe(2000);
    // (53.97 + 20 + 12.50) × 8% = 6.9176 → 6.92
    expect(p.taxCents).toBe(692);
    expect(p.totalCents).toBe(5397 + 2000 + 1250 + 692);
  });
  it('Oregon is $0.00 tax', () => {
    const p = priceOrder({
      pageCount: 5,
      printSize: '24x36',
      printType: 'color',
      rushOrder: false,
      shippingMethod: 'shipping',
      shopState: 'NJ',
      shippingCostCents: 999,
      state: 'OR',
    });
    expect(p.taxCents).toBe(0);
    expect(p.totalCents).toBe(5 * 1499 + 999);
  });
  it('tax is rounded half up on the exact half cent', () => {
    // 24x36 B&W × 50 = 29.95 + 20 rush = 49.95; at CA 7.25% = 3.621375 → 3.62
    const ca = priceOrder({
      pageCount: 5,
      printSize: '24x36',
      printType: 'bw',
      rushOrder: true,
      shippingMethod: 'shipping',
      shopState: 'NJ',
      shippingCostCents: 0,
      state: 'CA',
    });
    expect(ca.taxCents).toBe(362);
    // 10.00 at 6.25% (TX) = 0.625 → 0.63
    const tx = priceOrder({
      pageCount: 1,
      printSize: '24x36',
      printType: 'bw',
      rushOrder: false,
      shippingMethod: 'shipping',
      shopState: 'NJ',
      shippingCostCents: 401,
      state: 'TX',
    });
    expect(tx.subtotalCents + tx.shippingCostCents).toBe(1000);
    expect(tx.taxCents).toBe(63);
  });
  it('rejects a page count that is not a positive integer', () => {
    expect(() => priceOrder({ pageCount: 0, printSize: '24x36', printType: 'bw', rushOrder: false, shippingMethod: 'pickup', shopState: 'NJ' })).toThrow(
      RangeError,
    );
  });
});

describe('priceSheets: sets and color per sheet', () => {
  // subtotal = sets × (B&W sheets × B&W price + color sheets × color price)
  it.each([
    // size, type, pages, sets, color sheets (auto), subtotal, lines [description, quantity, unit, amount]
    ['24x36', 'bw', 40, 3, undefined, 3 * 40 * 599, [['24" x 36" black and white', 120, 599, 71880]]],
    ['24x36', 'color', 2, 1, undefined, 2 * 1499, [['24" x 36" color', 2, 1499, 2998]]],
    ['30x42', 'bw', 1, 100, undefined, 100 * 699, [['30" x 42" black and white', 100, 699, 69900]]],
    [
      '24x36',
      'auto',
      42,
      3,
      2,
      3 * (40 * 599 + 2 * 1499),
      [
        ['24" x 36" black and white', 120, 599, 71880],
        ['24" x 36" color', 6, 1499, 8994],
      ],
    ],
    ['30x42', 'auto', 5, 2, 5, 2 * 5 * 1799, [['30" x 42" color', 10, 1799, 17990]]],
    ['30x42', 'auto', 5, 2, 0, 2 * 5 * 699, [['30" x 42" black and white', 10, 699, 6990]]],
    ['24x36', 'bw', 3, undefined, undefined, 1797, [['24" x 36" black and white', 3, 599, 1797]]],
  ] as const)('%s %s, %i sheets × %s sets, %s color → %i cents', (printSize, printType, pageCount, sets, colorSheetCount, subtotal, lines) => {
    const p = priceSheets({ printSize, printType, pageCount, sets, colorSheetCount });
    expect(p.subtotalCents).toBe(subtotal);
    expect(p.lines.map((l) => [l.description, l.quantity, l.unitPriceCents, l.amountCents])).toEqual(lines);
    expect(p.lines.reduce((sum, l) => sum + l.amountCents, 0)).toBe(p.subtotalCents);
    expect(p.bwSheetCount + p.colorSheetCount).toBe(pageCount);
    expect(p.pricePerPageCents).toBe(lines.length === 1 ? lines[0][2] : null);
  });

  it('gives lines in dollars with two decimals for JSON', () => {
    const p = priceSheets({ printSize: '24x36', printType: 'auto', pageCount: 3, sets: 3, colorSheetCount: 1 });
    expect(linesToJson(p.lines)).toEqual([
      { description: '24" x 36" black and white', quantity: 6, unitPrice: 5.99, amount: 35.94 },
      { description: '24" x 36" color', quantity: 3, unitPrice: 14.99, amount: 44.97 },
    ]);
  });

  it('ignores a color count unless the type is auto', () => {
    expect(priceSheets({ printSize: '24x36', printType: 'bw', pageCount: 4, colorSheetCount: 2 }).colorSheetCount).toBe(0);
    expect(priceSheets({ printSize: '24x36', printType: 'color', pageCount: 4, colorSheetCount: 2 }).colorSheetCount).toBe(4);
  });

  it.each([
    { sets: 0 },
    { sets: 0, halfSets: 0 },
    { halfSets: 101 },
    { halfSets: -1 },
    { sets: 101 },
    { sets: 1.5 },
    { printType: 'auto', colorSheetCount: 5 },
    { printType: 'auto', colorSheetCount: -1 },
    { pageCount: 0 },
  ] as const)('refuses %o', (bad) => {
    expect(() => priceSheets({ printSize: '24x36', printType: 'bw', pageCount: 4, ...bad })).toThrow(RangeError);
  });

  it('priceOrder taxes the subtotal of every set', () => {
    // 3 sets of 2 sheets, one in color: 3 × (5.99 + 14.99) = 62.94; NJ 6.63% = 4.1729 → 4.17.
    const p = priceOrder({
      pageCount: 2,
      printSize: '24x36',
      printType: 'auto',
      sets: 3,
      colorSheetCount: 1,
      rushOrder: false,
      shippingMethod: 'pickup',
      shopState: 'NJ',
    });
    expect(p.subtotalCents).toBe(6294);
    expect(p.taxCents).toBe(417);
    expect(p.totalCents).toBe(6711);
  });
});

describe('free shipping', () => {
  const ship = {
    printSize: '24x36',
    printType: 'color',
    rushOrder: false,
    shippingMethod: 'shipping',
    shopState: 'NJ',
    shippingCostCents: 1000,
    state: 'NY',
  } as const;
  it.each([
    // pages, cheapest?, shipping charged, tax (8% of what is charged)
    [6, true, 1000, mulDivRoundHalfUp(6 * 1499 + 1000, 8000, 100_000)], // $89.94: below $100
    [7, true, 0, mulDivRoundHalfUp(7 * 1499, 8000, 100_000)], // $104.93: the cheapest is free
    [7, false, 1000, mulDivRoundHalfUp(7 * 1499 + 1000, 8000, 100_000)], // other services in full
  ])('%i color sheets, cheapest %s → shipping %i cents', (pages, cheapest, shipping, tax) => {
    const price = priceOrder({ ...ship, pageCount: pages, cheapestShipping: cheapest });
    expect(price.shippingCostCents).toBe(shipping);
    expect(price.freeShipping).toBe(shipping === 0);
    expect(price.taxCents).toBe(tax);
    expect(price.totalCents).toBe(price.subtotalCents + shipping + tax);
  });

  it('starts at exactly $100.00 and counts sets', () => {
    expect(qualifiesForFreeShipping(9999)).toBe(false);
    expect(qualifiesForFreeShipping(FREE_SHIPPING_THRESHOLD_CENTS)).toBe(true);
    expect(orderSubtotalCents({ pageCount: 3, printSize: '24x36', printType: 'bw' })).toBe(1797);
    expect(orderSubtotalCents({ pageCount: 3, printSize: '24x36', printType: 'bw', sets: 6 })).toBe(10782);
  });

  it('never applies to pickup', () => {
    expect(priceOrder({ ...ship, shippingMethod: 'pickup', shopState: 'NJ', pageCount: 7, cheapestShipping: true }).freeShipping).toBe(false);
  });
});

describe('priceSheets: each sheet on its paper, and half-size sets', () => {
  // Sheets 1–2 ANSI D (24x36 paper), sheet 3 ARCH E1 (30x42 paper); sheet 2 and 3 in color with auto.
  const papers = ['24x36', '24x36', '30x42'] as const;
  it.each([
    // printType, sets, halfSets, color sheets, subtotal, lines
    [
      'bw',
      1,
      0,
      undefined,
      2 * 599 + 699,
      [
        ['24" x 36" black and white', 2, 599],
        ['30" x 42" black and white', 1, 699],
      ],
    ],
    [
      'color',
      2,
      0,
      undefined,
      2 * (2 * 1499 + 1799),
      [
        ['24" x 36" color', 4, 1499],
        ['30" x 42" color', 2, 1799],
      ],
    ],
    [
      'bw',
      0,
      1,
      undefined,
      2 * 149 + 199,
      [
        ['12" x 18" half-size black and white', 2, 149],
        ['15" x 21" half-size black and white', 1, 199],
      ],
    ],
    [
      'color',
      0,
      3,
      undefined,
      3 * (2 * 399 + 499),
      [
        ['12" x 18" half-size color', 6, 399],
        ['15" x 21" half-size color', 3, 499],
      ],
    ],
    [
      'auto',
      2,
      1,
      [2, 3],
      2 * (599 + 1499 + 1799) + (149 + 399 + 499),
      [
        ['24" x 36" black and white', 2, 599],
        ['24" x 36" color', 2, 1499],
        ['30" x 42" color', 2, 1799],
        ['12" x 18" half-size black and white', 1, 149],
        ['12" x 18" half-size color', 1, 399],
        ['15" x 21" half-size color', 1, 499],
      ],
    ],
  ] as const)('%s, %i full + %i half sets, color %o → %i cents', (printType, sets, halfSets, colorSheets, subtotal, lines) => {
    const p = priceSheets({ pageCount: 3, printSize: 'asDrawn', papers, printType, sets, halfSets, colorSheets });
    expect(p.subtotalCents).toBe(subtotal);
    expect(p.lines.map((l) => [l.description, l.quantity, l.unitPriceCents])).toEqual(lines);
    expect(p.lines.reduce((sum, l) => sum + l.amountCents, 0)).toBe(subtotal);
    expect(p.halfSets).toBe(halfSets);
  });

  it('a paper size puts every sheet on that paper whatever it measures', () => {
    const p = priceSheets({ pageCount: 3, printSize: '30x42', papers, printType: 'bw', sets: 1, halfSets: 1 });
    expect(p.lines.map((l) => [l.description, l.quantity])).toEqual([
      ['30" x 42" black and white', 3],
      ['15" x 21" half-size black and white', 3],
    ]);
  });

  it('needs the papers for asDrawn, and which sheets are color when there are two papers', () => {
    expect(() => priceSheets({ pageCount: 3, printSize: 'asDrawn', printType: 'bw' })).toThrow(RangeError);
    expect(() => priceSheets({ pageCount: 3, printSize: 'asDrawn', papers, printType: 'auto', colorSheetCount: 1 })).toThrow(RangeError);
    expect(() => priceSheets({ pageCount: 3, printSize: 'asDrawn', papers, printType: 'auto', colorSheets: [4] })).toThrow(RangeError);
  });

  it('packs the largest paper, a half-size sheet weighing a quarter', () => {
    expect(tubeOf({ pageCount: 3, printSize: 'asDrawn', papers, sets: 2, halfSets: 3 })).toEqual({ printSize: '30x42', sheetCount: 6 + 3 });
    expect(tubeOf({ pageCount: 2, printSize: '24x36', sets: 0, halfSets: 1 })).toEqual({ printSize: '24x36', sheetCount: 1 });
  });

  it('says which sets are half-size, and halves a drawing scale', () => {
    expect(setsText(2, 1)).toBe('2 sets + 1 half-size set');
    expect(setsText(0, 3)).toBe('3 half-size sets');
    expect(setsText(1, 0)).toBe('1 set');
    expect(halveScale('1/4" = 1\'-0"')).toBe('1/8" = 1\'-0"');
    expect(halveScale('1" = 1\'-0"')).toBe('1/2" = 1\'-0"');
    expect(halveScale('3/16" = 1\'-0"')).toBe('3/32" = 1\'-0"');
    expect(halveScale('NTS')).toBeNull();
  });
});
