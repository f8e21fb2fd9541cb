import { describe, expect, it } from 'vitest';
import { parseShopHolidays } from './holidays';
import { readyBy, readyByDateText, readyByText, shipDayFor, shipDayForPayment, turnaround } from './readyBy';

// 2026-11-23 is a Monday; New York is UTC-5 in November (after Nov 1) and UTC-4 in summer.
// The tests run with TZ=UTC, so nothing here leans on the machine's zone.
const et = (iso: string, offset = '-05:00') => new Date(`${iso}${offset}`);

describe('readyBy (America/New_York)', () => {
  it.each([
    ['Monday 10:00 regular → Monday 18:00', '2026-11-23T10:00:00', false, '2026-11-23T23:00:00.000Z'],
    ['Monday 10:00 rush → Monday 14:00', '2026-11-23T10:00:00', true, '2026-11-23T19:00:00.000Z'],
    ['Monday 13:00 regular → Tuesday 18:00', '2026-11-23T13:00:00', false, '2026-11-24T23:00:00.000Z'],
    ['Monday 17:00 rush → 1 h today, 3 h Tuesday → Tuesday 12:00', '2026-11-23T17:00:00', true, '2026-11-24T17:00:00.000Z'],
    ['Saturday 11:00 regular → Saturday 17:00', '2026-11-28T11:00:00', false, '2026-11-28T22:00:00.000Z'],
    ['Saturday 16:00 rush → Monday 12:00', '2026-11-28T16:00:00', true, '2026-11-30T17:00:00.000Z'],
    ['Sunday 10:00 regular → Monday 18:00', '2026-11-29T10:00:00', false, '2026-11-30T23:00:00.000Z'],
    ['Sunday 10:00 rush → Monday 13:00', '2026-11-29T10:00:00', true, '2026-11-30T18:00:00.000Z'],
    ['Monday 07:00 regular (before opening) → Monday 18:00', '2026-11-23T07:00:00', false, '2026-11-23T23:00:00.000Z'],
    ['Monday 07:00 rush → from opening, Monday 13:00', '2026-11-23T07:00:00', true, '2026-11-23T18:00:00.000Z'],
    ['Monday 11:59 regular → Monday 18:00', '2026-11-23T11:59:00', false, '2026-11-23T23:00:00.000Z'],
    ['Monday 12:00 regular → Tuesday 18:00', '2026-11-23T12:00:00', false, '2026-11-24T23:00:00.000Z'],
    ['Monday 14:00 rush → exactly at the end of the day, Monday 18:00', '2026-11-23T14:00:00', true, '2026-11-23T23:00:00.000Z'],
    ['Monday 15:00 rush → 3 h today, 1 h Tuesday → Tuesday 10:00', '2026-11-23T15:00:00', true, '2026-11-24T15:00:00.000Z'],
    ['Monday 20:00 rush → Tuesday 13:00', '2026-11-23T20:00:00', true, '2026-11-24T18:00:00.000Z'],
    ['Friday 13:00 regular → Saturday 17:00', '2026-11-27T13:00:00', false, '2026-11-28T22:00:00.000Z'],
    ['Friday 17:30 rush → Saturday 13:30', '2026-11-27T17:30:00', true, '2026-11-28T18:30:00.000Z'],
    ['Saturday 12:00 regular → Monday 18:00', '2026-11-28T12:00:00', false, '2026-11-30T23:00:00.000Z'],
    ['Saturday 09:00 rush → Saturday 14:00', '2026-11-28T09:00:00', true, '2026-11-28T19:00:00.000Z'],
    ['Monday 10:00:30 rush → rounded up to 14:01', '2026-11-23T10:00:30', true, '2026-11-23T19:01:00.000Z'],
  ])('%s', (_name, local, rush, expected) => {
    expect(readyBy(et(local), rush).toISOString()).toBe(expected);
  });

  describe('around the DST changes', () => {
    it.each([
      // Spring forward: Sunday 2026-03-08. Saturday is EST (-05:00), Monday EDT (-04:00).
      ['Saturday Mar 7 16:00 EST rush → Monday Mar 9 12:00 EDT', et('2026-03-07T16:00:00'), true, '2026-03-09T16:00:00.000Z'],
      ['Saturday Mar 7 13:00 EST regular → Monday Mar 9 18:00 EDT', et('2026-03-07T13:00:00'), false, '2026-03-09T22:00:00.000Z'],
      ['Sunday Mar 8 03:30 EDT regular → Monday Mar 9 18:00 EDT', et('2026-03-08T03:30:00', '-04:00'), false, '2026-03-09T22:00:00.000Z'],
      ['Monday Mar 9 10:00 EDT rush → 14:00 EDT', et('2026-03-09T10:00:00', '-04:00'), true, '2026-03-09T18:00:00.000Z'],
      // Fall back: Sunday 2026-11-01. Saturday is EDT, Monday EST.
      ['Saturday Oct 31 16:00 EDT rush → Monday Nov 2 12:00 EST', et('2026-10-31T16:00:00', '-04:00'), true, '2026-11-02T17:00:00.000Z'],
      ['Saturday Oct 31 13:00 EDT regular → Monday Nov 2 18:00 EST', et('2026-10-31T13:00:00', '-04:00'), false, '2026-11-02T23:00:00.000Z'],
      ['Sunday Nov 1 01:30 EST (second pass) regular → Monday 18:00 EST', et('2026-11-01T01:30:00', '-05:00'), false, '2026-11-02T23:00:00.000Z'],
      ['Friday Oct 30 11:00 EDT regular → Friday 18:00 EDT', et('2026-10-30T11:00:00', '-04:00'), false, '2026-10-30T22:00:00.000Z'],
    ])('%s', (_name, at, rush, expected) => {
      expect(readyBy(at, rush).toISOString()).toBe(expected);
    });
  });

  describe('holidays', () => {
    // Thanksgiving (Thu Nov 26) is closed by default; SHOP_HOLIDAYS closes the Friday after too.
    const holidays = parseShopHolidays('2026-11-27');
    it.each([
      ['Wednesday 13:00 before two closed days → Saturday 17:00', '2026-11-25T13:00:00', false, '2026-11-28T22:00:00.000Z'],
      ['Wednesday 17:00 rush → Saturday 13:00', '2026-11-25T17:00:00', true, '2026-11-28T18:00:00.000Z'],
      ['Thursday (closed) 10:00 regular → Saturday 17:00', '2026-11-26T10:00:00', false, '2026-11-28T22:00:00.000Z'],
      ['Thursday (closed) 10:00 rush → Saturday 14:00', '2026-11-26T10:00:00', true, '2026-11-28T19:00:00.000Z'],
    ])('%s', (_name, local, rush, expected) => {
      expect(readyBy(et(local), rush, { holidays }).toISOString()).toBe(expected);
    });

    it.each([
      ['Wednesday Nov 25 12:30 regular skips Thanksgiving → Friday 18:00', '2026-11-25T12:30:00', false, '2026-11-27T23:00:00.000Z'],
      ['Wednesday Nov 25 16:00 rush → 2 h today, 2 h Friday → Friday 11:00', '2026-11-25T16:00:00', true, '2026-11-27T16:00:00.000Z'],
      ['Thanksgiving 10:00 regular → Friday 18:00', '2026-11-26T10:00:00', false, '2026-11-27T23:00:00.000Z'],
      ['Christmas Eve (Thu) 13:00 regular → Saturday Dec 26 17:00 (Christmas closed)', '2026-12-24T13:00:00', false, '2026-12-26T22:00:00.000Z'],
      ['Saturday Jul 3 2027 13:00 regular → Tuesday Jul 6 (Sunday Jul 4 observed Monday)', '2027-07-03T13:00:00-04:00', false, '2027-07-06T22:00:00.000Z'],
    ])('federal holidays are closed by default: %s', (_name, local, rush, expected) => {
      const at = local.length > 19 ? new Date(local) : et(local);
      expect(readyBy(at, rush).toISOString()).toBe(expected);
    });

    it('a leading minus opens the counter on a federal holiday', () => {
      // Veterans Day 2026 is a Wednesday.
      expect(readyBy(et('2026-11-10T13:00:00'), false).toISOString()).toBe('2026-11-12T23:00:00.000Z');
      expect(readyBy(et('2026-11-10T13:00:00'), false, { holidays: parseShopHolidays('-2026-11-11') }).toISOString()).toBe('2026-11-11T23:00:00.000Z');
    });
  });
});

describe('Wed Nov 25 2026 12:30 ET, the day before Thanksgiving', () => {
  it('promises Friday, not Thursday', () => {
    const at = et('2026-11-25T12:30:00');
    const t = turnaround(at);
    expect(t.regular.text).toBe('Friday, Nov 27 by 6:00 PM');
    expect(t.sameDayCutoff).toBeNull();
    expect(readyByDateText(new Date(t.rush.readyBy))).toBe('Wednesday, Nov 25 by 4:30 PM');
    // SHOP_HOLIDAYS=2026-11-26 changes nothing: the day is already closed.
    expect(turnaround(at, { holidays: parseShopHolidays('2026-11-26') })).toEqual(t);
  });
});

describe('a pickup promise a person can act on', () => {
  it('promises end of day an hour before a 7 PM close, never at closing time', () => {
    const paid = et('2026-11-23T10:00:00');
    expect(readyByText(readyBy(paid, false), paid)).toBe('Today by 6:00 PM');
  });
  it('promises a rush order that cannot be ready an hour before closing for the next open day', () => {
    const paid = et('2026-11-23T16:30:00');
    expect(readyByText(readyBy(paid, true), paid)).toBe('Tuesday, Nov 24 by 11:30 AM');
  });
});

describe('readyByText', () => {
  it('says "Today" for the same day and the weekday and date otherwise', () => {
    expect(readyByText(readyBy(et('2026-11-23T10:00:00'), false), et('2026-11-23T10:00:00'))).toBe('Today by 6:00 PM');
    expect(readyByText(readyBy(et('2026-11-28T16:00:00'), true), et('2026-11-28T16:00:00'))).toBe('Monday, Nov 30 by 12:00 PM');
  });
});

describe('turnaround', () => {
  it('answers both promises and the same-day cutoff before noon', () => {
    expect(turnaround(et('2026-11-23T10:00:00'))).toEqual({
      regular: { readyBy: '2026-11-23T23:00:00.000Z', text: 'Today by 6:00 PM' },
      rush: { readyBy: '2026-11-23T19:00:00.000Z', text: 'Today by 2:00 PM' },
      sameDayCutoff: '2026-11-23T17:00:00.000Z',
    });
  });
  it('has no cutoff after noon or on Sunday', () => {
    expect(turnaround(et('2026-11-23T13:00:00')).sameDayCutoff).toBeNull();
    expect(turnaround(et('2026-11-29T10:00:00')).sameDayCutoff).toBeNull();
    expect(turnaround(et('2026-11-23T13:00:00')).regular.text).toBe('Tuesday, Nov 24 by 6:00 PM');
  });
});

describe('shipDayFor', () => {
  it.each([
    ['ready Monday 14:00 → ships Monday', '2026-11-23T14:00:00', '2026-11-23'],
    ['ready Monday 17:00 → ships Monday', '2026-11-23T17:00:00', '2026-11-23'],
    ['ready Monday 19:00 → ships Tuesday', '2026-11-23T19:00:00', '2026-11-24'],
    ['ready Wednesday 19:00 → ships Friday (Thanksgiving)', '2026-11-25T19:00:00', '2026-11-27'],
    ['ready Friday 19:00 → ships Monday', '2026-11-27T19:00:00', '2026-11-30'],
    ['ready Saturday 18:00 → ships Monday', '2026-11-28T18:00:00', '2026-11-30'],
  ])('%s', (_name, local, expected) => {
    expect(shipDayFor(et(local))).toBe(expected);
  });

  it('waits for a carrier day when the counter opens on a federal holiday', () => {
    const holidays = parseShopHolidays('-2026-11-11');
    // Ready Veterans Day 14:00 at an open counter: carriers do not collect until Thursday.
    expect(shipDayFor(et('2026-11-11T14:00:00'), { holidays })).toBe('2026-11-12');
  });

  it('a rush order paid the day before a shop holiday leaves after it', () => {
    // Tuesday Dec 22 16:00 rush: 2 h Tuesday + 2 h → ready Wednesday 11:00; closed Wednesday Dec 23?
    const holidays = parseShopHolidays('2026-12-23');
    expect(shipDayForPayment(et('2026-12-22T16:00:00'), true)).toBe('2026-12-23');
    expect(shipDayForPayment(et('2026-12-22T16:00:00'), true, { holidays })).toBe('2026-12-24');
  });
});
