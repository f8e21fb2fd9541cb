import { describe, expect, it } from 'vitest';
import { FREE_SHIPPING_THRESHOLD_CENTS, PRICE_PER_PAGE_CENTS, STATE_TAX_MILLIPERCENT, US_STATES, formatTaxRate, orderSubtotalCents, priceOrder, qualifiesForFreeShipping, taxRateMillipercent } from './pricing';
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
  it('pickup always uses NJ, whatever state is given', () => {
    expect(taxRateMillipercent('pickup', 'OR')).toBe(6630);
  });
  it('an unknown state is untaxed; lower case is accepted', () => {
    expect(taxRateMillipercent('shipping', 'ZZ')).toBe(0);
    expect(taxRateMillipercent('shipping', 'ny')).toBe(8000);
    expect(taxRateMillipercent('shipping', null)).toBe(0);
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
    const p = priceOrder({ pageCount: 10, printSize: '24x36', printType: 'bw', rushOrder: false, shippingMethod: 'pickup' });
    expect(p.subtotalCents).toBe(5990);
    expect(p.taxCents).toBe(397); // 59.90 × 6.63% = 3.97137
    expect(p.totalCents).toBe(6387);
    expect(p.taxState).toBe('NJ');
  });
  it('ignores a shipping cost on pickup', () => {
    const p = priceOrder({ pageCount: 1, printSize: '24x36', printType: 'bw', rushOrder: false, shippingMethod: 'pickup', shippingCostCents: 5000 });
    expect(p.shippingCostCents).toBe(0);
  });
  it('rush and shipping to NY are taxed at 8%', () => {
    const p = priceOrder({ pageCount: 3, printSize: '30x42', printType: 'color', rushOrder: true, shippingMethod: 'shipping', shippingCostCents: 1250, state: 'NY' });
    expect(p.subtotalCents).toBe(5397);
    expect(p.rushFeeCents).toBe(2000);
    // (53.97 + 20 + 12.50) × 8% = 6.9176 → 6.92
    expect(p.taxCents).toBe(692);
    expect(p.totalCents).toBe(5397 + 2000 + 1250 + 692);
  });
  it('Oregon is $0.00 tax', () => {
    const p = priceOrder({ pageCount: 5, printSize: '24x36', printType: 'color', rushOrder: false, shippingMethod: 'shipping', shippingCostCents: 999, state: 'OR' });
    expect(p.taxCents).toBe(0);
    expect(p.totalCents).toBe(5 * 1499 + 999);
  });
  it('tax is rounded half up on the exact half cent', () => {
    // 24x36 B&W × 50 = 29.95 + 20 rush = 49.95; at CA 7.25% = 3.621375 → 3.62
    const ca = priceOrder({ pageCount: 5, printSize: '24x36', printType: 'bw', rushOrder: true, shippingMethod: 'shipping', shippingCostCents: 0, state: 'CA' });
    expect(ca.taxCents).toBe(362);
    // 10.00 at 6.25% (TX) = 0.625 → 0.63
    const tx = priceOrder({ pageCount: 1, printSize: '24x36', printType: 'bw', rushOrder: false, shippingMethod: 'shipping', shippingCostCents: 401, state: 'TX' });
    expect(tx.subtotalCents + tx.shippingCostCents).toBe(1000);
    expect(tx.taxCents).toBe(63);
  });
  it('rejects a page count that is not a positive integer', () => {
    expect(() => priceOrder({ pageCount: 0, printSize: '24x36', printType: 'bw', rushOrder: false, shippingMethod: 'pickup' })).toThrow(RangeError);
  });
});

describe('free shipping', () => {
  const ship = { printSize: '24x36', printType: 'color', rushOrder: false, shippingMethod: 'shipping', shippingCostCents: 1000, state: 'NY' } as const;
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
    expect(priceOrder({ ...ship, shippingMethod: 'pickup', pageCount: 7, cheapestShipping: true }).freeShipping).toBe(false);
  });
});
