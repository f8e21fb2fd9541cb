/**
 * The calendar's closed days: the eleven US federal holidays (5 U.S.C. 6103) with their observed
 * days, and the shop's own changes to them from SHOP_HOLIDAYS. Days are YYYY-MM-DD calendar dates
 * (no zone: the clock turns instants into days in the shop's zone before asking). A rule table, not a
 * library: eleven rules fit on a screen, and the observed-day rule is the part that must be right.
 */

/** A calendar date, YYYY-MM-DD. */
export type CalendarDay = string;

/** The shop's changes to the federal calendar (SHOP_HOLIDAYS). */
export type HolidayOverrides = {
  /** Extra closed days ("2026-12-24"). */
  closed: readonly CalendarDay[];
  /** Federal holidays the shop opens on anyway ("-2026-11-11"). */
  open: readonly CalendarDay[];
};

/** No changes: every federal holiday is closed and nothing else. */
export const NO_OVERRIDES: HolidayOverrides = { closed: [], open: [] };

/**
 * A calendar day as a Date at its UTC midnight, for pure day arithmetic: days have no zone, so no
 * zone library is needed (and Date.UTC is ten times faster than a zoned date here).
 */
export function calendarDate(day: CalendarDay): Date {
  return new Date(`${day}T00:00:00Z`);
}

/** YYYY-MM-DD of a calendarDate. */
function keyOf(date: Date): CalendarDay {
  return date.toISOString().slice(0, 10);
}

/** The day `n` calendar days after `day` (n may be negative). */
export function addCalendarDays(day: CalendarDay, n: number): CalendarDay {
  const d = calendarDate(day);
  d.setUTCDate(d.getUTCDate() + n);
  return keyOf(d);
}

/**
 * The day `n` calendar months after `day` (n may be negative); a day the target month lacks becomes
 * its last day (Jan 31 + 1 month = Feb 28, Feb 29 + 12 months = Feb 28), as people count months.
 */
export function addCalendarMonths(day: CalendarDay, n: number): CalendarDay {
  const [year, month, date] = day.split('-').map(Number);
  const lastOfTarget = new Date(Date.UTC(year, month - 1 + n + 1, 0)).getUTCDate();
  return keyOf(new Date(Date.UTC(year, month - 1 + n, Math.min(date, lastOfTarget))));
}

/** 0 = Sunday … 6 = Saturday. */
export function weekdayOf(day: CalendarDay): number {
  return calendarDate(day).getUTCDay();
}

/** The `n`th `weekday` of a month (n = -1: the last one). Month 1-12. */
function nthWeekday(year: number, month: number, weekday: number, n: number): CalendarDay {
  if (n > 0) {
    const first = fixed(year, month, 1);
    return addCalendarDays(first, ((weekday - weekdayOf(first) + 7) % 7) + 7 * (n - 1));
  }
  const last = keyOf(new Date(Date.UTC(year, month, 0)));
  return addCalendarDays(last, -((weekdayOf(last) - weekday + 7) % 7));
}

function fixed(year: number, month: number, date: number): CalendarDay {
  return keyOf(new Date(Date.UTC(year, month - 1, date)));
}

/** The federal holidays of a year by name, on their legal dates (before the observed-day rule). */
export function federalHolidayDates(year: number): { name: string; day: CalendarDay }[] {
  return [
    { name: "New Year's Day", day: fixed(year, 1, 1) },
    { name: 'Birthday of Martin Luther King, Jr.', day: nthWeekday(year, 1, 1, 3) },
    { name: "Washington's Birthday", day: nthWeekday(year, 2, 1, 3) },
    { name: 'Memorial Day', day: nthWeekday(year, 5, 1, -1) },
    { name: 'Juneteenth National Independence Day', day: fixed(year, 6, 19) },
    { name: 'Independence Day', day: fixed(year, 7, 4) },
    { name: 'Labor Day', day: nthWeekday(year, 9, 1, 1) },
    { name: 'Columbus Day', day: nthWeekday(year, 10, 1, 2) },
    { name: 'Veterans Day', day: fixed(year, 11, 11) },
    { name: 'Thanksgiving Day', day: nthWeekday(year, 11, 4, 4) },
    { name: 'Christmas Day', day: fixed(year, 12, 25) },
  ];
}

/** The day a holiday is observed: a Saturday holiday on the Friday before, a Sunday one on the Monday after. */
export function observedDay(day: CalendarDay): CalendarDay {
  const weekday = weekdayOf(day);
  if (weekday === 6) return addCalendarDays(day, -1);
  if (weekday === 0) return addCalendarDays(day, 1);
  return day;
}

const federalByYear = new Map<number, Set<CalendarDay>>();

/** Every federal holiday day of a year: legal dates and observed days (a Saturday holiday closes both). */
function federalDays(year: number): Set<CalendarDay> {
  let days = federalByYear.get(year);
  if (!days) {
    days = new Set();
    // The next year's New Year's Day is observed on Dec 31 when it falls on a Saturday.
    for (const { day } of [...federalHolidayDates(year), ...federalHolidayDates(year + 1).slice(0, 1)]) {
      days.add(day);
      days.add(observedDay(day));
    }
    federalByYear.set(year, days);
  }
  return days;
}

/** Whether `day` is a federal holiday or the day one is observed; carriers neither collect nor deliver then. */
export function isFederalHoliday(day: CalendarDay): boolean {
  const year = Number(day.slice(0, 4));
  return federalDays(year).has(day) || federalDays(year - 1).has(day);
}

/** Whether the shop is closed for a holiday on `day`: a federal one it has not opened, or one of its own. */
export function isShopHoliday(day: CalendarDay, overrides: HolidayOverrides = NO_OVERRIDES): boolean {
  if (overrides.closed.includes(day)) return true;
  return isFederalHoliday(day) && !overrides.open.includes(day);
}

/** Whether a string is a real YYYY-MM-DD date (not 2026-02-30). */
export function isCalendarDay(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(calendarDate(value).getTime()) && keyOf(calendarDate(value)) === value;
}

/**
 * Reads SHOP_HOLIDAYS: comma-separated YYYY-MM-DD days the shop is closed, and `-YYYY-MM-DD` for a
 * federal holiday it opens on. Throws a RangeError naming every entry it cannot read, so a typo stops
 * the boot instead of silently promising a closed day.
 */
export function parseShopHolidays(value: string | undefined): HolidayOverrides {
  const entries = (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = entries.filter((e) => !isCalendarDay(e.replace(/^-/, '')));
  if (bad.length > 0) {
    throw new RangeError(`SHOP_HOLIDAYS: ${bad.map((b) => `"${b}"`).join(', ')} is not a YYYY-MM-DD date (or -YYYY-MM-DD to open on a federal holiday)`);
  }
  const open = entries.filter((e) => e.startsWith('-')).map((e) => e.slice(1));
  const notFederal = open.filter((day) => !isFederalHoliday(day));
  if (notFederal.length > 0) {
    throw new RangeError(`SHOP_HOLIDAYS: -${notFederal.join(', -')} is not a federal holiday, so there is nothing to open`);
  }
  return { closed: entries.filter((e) => !e.startsWith('-')), open };
}

/** The shop's closed holiday days from `from` on for `count` days, for the client to show. */
export function shopHolidaysAhead(from: CalendarDay, count: number, overrides: HolidayOverrides = NO_OVERRIDES): CalendarDay[] {
  const days: CalendarDay[] = [];
  for (let i = 0; i < count; i++) {
    const day = addCalendarDays(from, i);
    if (isShopHoliday(day, overrides)) days.push(day);
  }
  return days;
}
