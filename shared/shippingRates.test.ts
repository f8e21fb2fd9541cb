import { describe, expect, it } from 'vitest';
import { noFasterText, noFasterThan } from './shippingRates';

const ground = { serviceName: 'UPS Ground', costCents: 895, cost: 8.95, deliveryDate: '2026-12-01' };
const twoDay = { serviceName: 'UPS 2nd Day Air', costCents: 2469, cost: 24.69, deliveryDate: '2026-12-01' };
const nextDay = { serviceName: 'UPS Next Day Air', costCents: 4722, cost: 47.22, deliveryDate: '2026-11-30' };

describe('noFasterThan', () => {
  it('names the cheapest cheaper service arriving the same day or sooner', () => {
    expect(noFasterThan([ground, twoDay, nextDay])).toEqual([null, 'UPS Ground', null]);
    expect(noFasterThan([ground, twoDay, { ...nextDay, deliveryDate: '2026-12-02' }])).toEqual([null, 'UPS Ground', 'UPS Ground']);
  });
  it('says nothing when an arrival day is unknown', () => {
    expect(noFasterThan([{ ...ground, deliveryDate: null }, twoDay])).toEqual([null, null]);
  });
});

describe('noFasterText and the order on screen', () => {
  it('says "Arrives the same day as Ground" for the same day, "no sooner than" for a later one', () => {
    const rates = [ground, twoDay];
    expect(noFasterText({ ...twoDay, noFasterThan: 'UPS Ground' }, rates)).toBe('Arrives the same day as UPS Ground');
    expect(noFasterText({ ...twoDay, deliveryDate: '2026-12-02', noFasterThan: 'UPS Ground' }, rates)).toBe('Arrives no sooner than UPS Ground');
    expect(noFasterText({ ...ground, noFasterThan: null }, rates)).toBeNull();
  });
});
