/**
 * The shop clock: every date the shop shows or promises goes through here. It turns instants into
 * days and times on the counter's wall (its IANA zone, DST included, by @date-fns/tz), knows which
 * days the counter is open (opening hours in shop.ts, holidays in holidays.ts) and which days
 * carriers collect and deliver, and words dates the one way customers read them. Pure: the caller
 * passes the instant.
 */
import { TZDate } from '@date-fns/tz';
import { format, getDay } from 'date-fns';
import { calendarDate, addCalendarDays, isFederalHoliday, isShopHoliday, NO_OVERRIDES, weekdayOf, type CalendarDay, type HolidayOverrides } from './holidays';
import { DEFAULT_SHOP, OPENING_HOURS } from './shop';

export type { CalendarDay, HolidayOverrides } from './holidays';

/**
 * The years the clock reads. A date a person sends outside them is refused where it comes in
 * (`clockInstantField`, `clockDayField` in fields.ts): no order is placed or promised in them, and
 * near year 10000 or before year 1 a wall date can no longer be computed or written (RangeError).
 */
export const CLOCK_FIRST_YEAR = 2000;
export const CLOCK_LAST_YEAR = 2100;
/** What a date outside the clock's years is told. */
export const OUTSIDE_CLOCK_YEARS = `Please give a date between the years ${CLOCK_FIRST_YEAR} and ${CLOCK_LAST_YEAR}.`;

const CLOCK_START = Date.UTC(CLOCK_FIRST_YEAR, 0, 1);
const CLOCK_END = Date.UTC(CLOCK_LAST_YEAR + 1, 0, 1);

/** Whether the clock reads `at`: a real instant within its years (in UTC). */
export function isClockInstant(at: Date): boolean {
  const time = at.getTime();
  return Number.isFinite(time) && time >= CLOCK_START && time < CLOCK_END;
}

/** Whether the clock reads `day` (YYYY-MM-DD): its year is one of the clock's. */
export function isClockDay(day: string): boolean {
  const year = Number(day.slice(0, 4));
  return year >= CLOCK_FIRST_YEAR && year <= CLOCK_LAST_YEAR;
}

/** Where the clock hangs and which days are closed; both default to the shop's. */
export type ClockOptions = {
  /** IANA zone of the counter (default America/New_York). */
  timeZone?: string;
  /** SHOP_HOLIDAYS as parsed (shopFacts(env).holidays); the federal holidays are closed without it. */
  holidays?: HolidayOverrides;
};

/** The zone a set of options means. */
export function zoneOf(options: ClockOptions): string {
  return options.timeZone ?? DEFAULT_SHOP.timeZone;
}

/** `at` on the counter's wall. */
export function onShopWall(at: Date, options: ClockOptions = {}): TZDate {
  return new TZDate(at.getTime(), zoneOf(options));
}

/** The counter's calendar day at `at`. */
export function shopDay(at: Date, options: ClockOptions = {}): CalendarDay {
  const wall = onShopWall(at, options);
  // The wall date's own fields: a third of the time of date-fns format, and this runs per order shown.
  return `${wall.getFullYear()}-${String(wall.getMonth() + 1).padStart(2, '0')}-${String(wall.getDate()).padStart(2, '0')}`;
}

/** Minutes after the counter's midnight at `at`, with the seconds as a fraction. */
export function shopMinutes(at: Date, options: ClockOptions = {}): number {
  const wall = onShopWall(at, options);
  return wall.getHours() * 60 + wall.getMinutes() + (wall.getSeconds() + wall.getMilliseconds() / 1000) / 60;
}

/** The instant the counter's clock reads `minutes` after midnight on `day` (DST handled by the zone). */
export function shopInstant(day: CalendarDay, minutes: number, options: ClockOptions = {}): Date {
  const [year, month, date] = day.split('-').map(Number);
  const whole = Math.floor(minutes);
  const wall = new TZDate(year, month - 1, date, Math.floor(whole / 60), whole % 60, 0, zoneOf(options));
  return new Date(wall.getTime() + Math.round((minutes - whole) * 60_000));
}

/** The counter's hours on `day`, or null when it is closed (its weekly day off or a holiday). */
export function openingHoursOn(day: CalendarDay, options: ClockOptions = {}): { open: number; close: number } | null {
  if (isShopHoliday(day, options.holidays ?? NO_OVERRIDES)) return null;
  return OPENING_HOURS[weekdayOf(day)] ?? null;
}

/** The first open day after `day`. */
export function nextOpenDay(day: CalendarDay, options: ClockOptions = {}): CalendarDay {
  let d = addCalendarDays(day, 1);
  // A year of closed days would be a configuration error; stop rather than loop forever.
  for (let i = 0; i < 366 && !openingHoursOn(d, options); i++) d = addCalendarDays(d, 1);
  return d;
}

/**
 * Whether carriers work on `day`: never on Sunday or a federal holiday, on Saturday only for a service
 * that delivers then. The shop's own SHOP_HOLIDAYS do not move the carriers.
 */
export function isCarrierDay(day: CalendarDay, options: { saturday?: boolean } = {}): boolean {
  const weekday = weekdayOf(day);
  if (weekday === 0 || (weekday === 6 && !options.saturday)) return false;
  return !isFederalHoliday(day);
}

/** The day a parcel that leaves on `leaves` arrives after `transitDays` carrier days. */
export function carrierDeliveryDay(leaves: CalendarDay, transitDays: number, options: { saturday?: boolean } = {}): CalendarDay {
  let day = leaves;
  for (let left = Math.max(1, Math.round(transitDays)); left > 0;) {
    day = addCalendarDays(day, 1);
    if (isCarrierDay(day, options)) left--;
  }
  return day;
}

/** "7:00 PM" in the shop's zone. */
export function timeText(at: Date, options: ClockOptions = {}): string {
  return format(onShopWall(at, options), 'h:mm a');
}

/** "Friday, Nov 27" in the shop's zone. */
export function dateText(at: Date, options: ClockOptions = {}): string {
  return format(onShopWall(at, options), 'EEEE, MMM d');
}

/** "November 25, 2026" in the shop's zone: receipts and letters. */
export function longDateText(at: Date, options: ClockOptions = {}): string {
  return format(onShopWall(at, options), 'MMMM d, yyyy');
}

/** "Nov 25, 2026" in the shop's zone: a date in a list (orders, dashboard). */
export function mediumDateText(at: Date, options: ClockOptions = {}): string {
  return format(onShopWall(at, options), 'MMM d, yyyy');
}

/** "Nov 25, 2026, 12:30 PM" in the shop's zone: job tickets and logs a person reads. */
export function dateTimeText(at: Date, options: ClockOptions = {}): string {
  return format(onShopWall(at, options), 'MMM d, yyyy, h:mm a');
}

/** "Fri, Nov 27" for a calendar day (a carrier's delivery date). */
export function shortDayText(day: CalendarDay): string {
  // Read in UTC, where calendarDate puts the day, whatever the reader's own zone.
  return format(new TZDate(calendarDate(day).getTime(), 'UTC'), 'EEE, MMM d');
}

/** "December 25, 2026" for a calendar day (an invoice's due day). */
export function longDayText(day: CalendarDay): string {
  return format(new TZDate(calendarDate(day).getTime(), 'UTC'), 'MMMM d, yyyy');
}

/** 0 = Sunday … 6 = Saturday for `at` on the counter's wall. */
export function shopWeekday(at: Date, options: ClockOptions = {}): number {
  return getDay(onShopWall(at, options));
}
