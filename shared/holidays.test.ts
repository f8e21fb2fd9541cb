import { describe, expect, it } from 'vitest';
import { addCalendarMonths, federalHolidayDates, isFederalHoliday, isShopHoliday, parseShopHolidays, shopHolidaysAhead } from './holidays';
import { carrierDeliveryDay, dateTimeText, isCarrierDay, longDateText, shopDay, shopInstant, shortDayText } from './clock';

/** The federal holidays as OPM lists them (opm.gov, "Federal Holidays"), observed days in brackets. */
const OPM: Record<number, [legal: string, observed: string][]> = {
  2026: [
    ['2026-01-01', '2026-01-01'],
    ['2026-01-19', '2026-01-19'],
    ['2026-02-16', '2026-02-16'],
    ['2026-05-25', '2026-05-25'],
    ['2026-06-19', '2026-06-19'],
    ['2026-07-04', '2026-07-03'],
    ['2026-09-07', '2026-09-07'],
    ['2026-10-12', '2026-10-12'],
    ['2026-11-11', '2026-11-11'],
    ['2026-11-26', '2026-11-26'],
    ['2026-12-25', '2026-12-25'],
  ],
  2027: [
    ['2027-01-01', '2027-01-01'],
    ['2027-01-18', '2027-01-18'],
    ['2027-02-15', '2027-02-15'],
    ['2027-05-31', '2027-05-31'],
    ['2027-06-19', '2027-06-18'],
    ['2027-07-04', '2027-07-05'],
    ['2027-09-06', '2027-09-06'],
    ['2027-10-11', '2027-10-11'],
    ['2027-11-11', '2027-11-11'],
    ['2027-11-25', '2027-11-25'],
    ['2027-12-25', '2027-12-24'],
  ],
  2028: [
    // New Year's Day 2028 is a Saturday: observed Friday, December 31, 2027.
    ['2028-01-01', '2027-12-31'],
    ['2028-01-17', '2028-01-17'],
    ['2028-02-21', '2028-02-21'],
    ['2028-05-29', '2028-05-29'],
    ['2028-06-19', '2028-06-19'],
    ['2028-07-04', '2028-07-04'],
    ['2028-09-04', '2028-09-04'],
    ['2028-10-09', '2028-10-09'],
    ['2028-11-11', '2028-11-10'],
    ['2028-11-23', '2028-11-23'],
    ['2028-12-25', '2028-12-25'],
  ],
};

describe('federal holidays 2026-2028', () => {
  for (const [year, rows] of Object.entries(OPM)) {
    it(`${year}: the eleven legal dates`, () => {
      expect(federalHolidayDates(Number(year)).map((h) => h.day)).toEqual(rows.map(([legal]) => legal));
    });
    it.each(rows)(`${year}: %s is closed, observed %s`, (legal, observed) => {
      expect(isFederalHoliday(legal)).toBe(true);
      expect(isFederalHoliday(observed)).toBe(true);
    });
  }

  it('has no other weekday holidays in those years', () => {
    const listed = new Set(Object.values(OPM).flatMap((rows) => rows.flat()));
    const extra: string[] = [];
    for (const day of shopHolidaysAhead('2026-01-01', 365 * 3)) if (!listed.has(day)) extra.push(day);
    expect(extra).toEqual([]);
    expect(isFederalHoliday('2026-11-27')).toBe(false);
    expect(isFederalHoliday('2026-12-24')).toBe(false);
  });
});

describe('SHOP_HOLIDAYS', () => {
  it('adds closed days and, with a leading minus, opens a federal holiday', () => {
    const overrides = parseShopHolidays('2026-12-24, -2026-11-11');
    expect(overrides).toEqual({ closed: ['2026-12-24'], open: ['2026-11-11'] });
    expect(isShopHoliday('2026-12-24', overrides)).toBe(true);
    expect(isShopHoliday('2026-11-11', overrides)).toBe(false);
    expect(isShopHoliday('2026-11-11')).toBe(true);
    expect(isShopHoliday('2026-11-26', overrides)).toBe(true);
    expect(parseShopHolidays(undefined)).toEqual({ closed: [], open: [] });
  });

  it('refuses what it cannot read, naming it', () => {
    expect(() => parseShopHolidays('2026-12-25,xmas')).toThrow(/"xmas" is not a YYYY-MM-DD date/);
    expect(() => parseShopHolidays('2026-02-30')).toThrow(/"2026-02-30"/);
    expect(() => parseShopHolidays('-2026-11-12')).toThrow(/-2026-11-12 is not a federal holiday/);
  });
});

describe('the shop clock', () => {
  it('reads instants on the counter wall across DST', () => {
    expect(shopDay(new Date('2026-11-26T04:30:00Z'))).toBe('2026-11-25');
    expect(shopInstant('2026-11-27', 19 * 60).toISOString()).toBe('2026-11-28T00:00:00.000Z');
    expect(shopInstant('2026-07-03', 19 * 60).toISOString()).toBe('2026-07-03T23:00:00.000Z');
    expect(shopInstant('2026-03-08', 10 * 60).toISOString()).toBe('2026-03-08T14:00:00.000Z');
    expect(shortDayText('2026-11-27')).toBe('Fri, Nov 27');
    // 00:30 UTC on the 26th is still the 25th at the counter.
    expect(longDateText(new Date('2026-11-26T00:30:00Z'))).toBe('November 25, 2026');
    expect(dateTimeText(new Date('2026-11-25T17:30:00Z'))).toBe('Nov 25, 2026, 12:30 PM');
    expect(dateTimeText(new Date('2026-07-03T16:05:00Z'))).toBe('Jul 3, 2026, 12:05 PM');
  });

  it('counts carrier days past weekends and federal holidays, Saturdays only where the service delivers', () => {
    expect(isCarrierDay('2026-11-26')).toBe(false);
    expect(isCarrierDay('2026-11-28')).toBe(false);
    expect(isCarrierDay('2026-11-28', { saturday: true })).toBe(true);
    expect(carrierDeliveryDay('2026-11-25', 1)).toBe('2026-11-27');
    expect(carrierDeliveryDay('2026-11-25', 2)).toBe('2026-11-30');
    expect(carrierDeliveryDay('2026-11-25', 2, { saturday: true })).toBe('2026-11-28');
    expect(carrierDeliveryDay('2026-12-24', 1)).toBe('2026-12-28');
    expect(carrierDeliveryDay('2027-12-30', 1)).toBe('2028-01-03');
  });
});

describe('addCalendarMonths', () => {
  it('counts months as people do: a missing day becomes the month’s last', () => {
    expect(addCalendarMonths('2026-03-15', 12)).toBe('2027-03-15');
    expect(addCalendarMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addCalendarMonths('2028-02-29', 12)).toBe('2029-02-28');
    expect(addCalendarMonths('2026-12-31', 2)).toBe('2027-02-28');
    expect(addCalendarMonths('2027-03-31', -1)).toBe('2027-02-28');
    expect(addCalendarMonths('2027-01-10', -13)).toBe('2025-12-10');
  });
});
