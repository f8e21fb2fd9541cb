import { describe, expect, it } from 'vitest';
import { OPENING_HOURS, OPENING_HOURS_LONG_TEXT, OPENING_HOURS_ROWS, OPENING_HOURS_TEXT, openingHoursRuns, shopFacts, tubeWeightOz } from './shop';

describe('shop facts', () => {
  it('words the opening hours from the one table, every way they are shown', () => {
    expect(OPENING_HOURS_TEXT).toBe('Mon-Fri 9AM-7PM, Sat 10AM-6PM, Sun closed');
    expect(OPENING_HOURS_LONG_TEXT).toBe('Monday to Friday 9AM-7PM, Saturday 10AM-6PM, closed Sunday');
    expect(OPENING_HOURS_ROWS).toEqual([
      { days: 'Monday – Friday', hours: '9AM – 7PM' },
      { days: 'Saturday', hours: '10AM – 6PM' },
      { days: 'Sunday', hours: 'Closed' },
    ]);
  });

  it('groups changed hours into new runs, with half hours and noon', () => {
    const hours = [...OPENING_HOURS];
    hours[3] = { open: 12 * 60, close: 17 * 60 + 30 };
    expect(openingHoursRuns(hours).map((r) => [r.first, r.last, r.hours])).toEqual([
      [1, 2, '9AM-7PM'],
      [3, 3, '12PM-5:30PM'],
      [4, 5, '9AM-7PM'],
      [6, 6, '10AM-6PM'],
      [0, 0, null],
    ]);
  });

  it('lets a deployment override the address and contact, and keeps the rest', () => {
    const shop = shopFacts({ SHOP_STREET: '5 Main St', SUPPORT_PHONE: '(201) 555-0100' });
    expect(shop).toMatchObject({ street1: '5 Main St', city: 'Paramus', state: 'NJ', zip: '07652', phone: '(201) 555-0100' });
  });

  it('weighs a tube the same way for rates and labels', () => {
    expect(tubeWeightOz('24x36', 10)).toBe(23.7);
    expect(tubeWeightOz('30x42', 1)).toBe(13.2);
  });
});
