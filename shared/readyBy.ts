/**
 * The ready-by clock: when an order paid at a given instant is ready, in the shop's time zone.
 * Every promise leaves the customer an hour to collect before the counter closes: a day's work ends
 * COLLECT_BEFORE_CLOSE_MINUTES before closing ("end of day" is 6 PM on a 9-7 day). Regular orders
 * paid before the same-day cutoff (12:00) on an open day are ready by that day's end, otherwise by
 * the next open day's end. Rush orders are ready 4 working hours after payment (the hours left in
 * today's working day, then from the next opening). Closed days (Sundays, federal holidays,
 * SHOP_HOLIDAYS) come from the shop clock (clock.ts). Pure: no clock, no I/O; the caller passes the
 * instant and, when configured, the shop's holiday changes.
 */
import { isCarrierDay, nextOpenDay, openingHoursOn, shopDay, shopInstant, shopMinutes, dateText, timeText, type CalendarDay, type ClockOptions } from './clock';
import { addCalendarDays } from './holidays';
import { SAME_DAY_CUTOFF_MINUTES } from './shop';

export type { ClockOptions } from './clock';

/** Open hours a rush order needs. */
export const RUSH_OPEN_MINUTES = 4 * 60;
/** Minutes before closing by which every promised order is ready, so a person can still collect it that day. */
export const COLLECT_BEFORE_CLOSE_MINUTES = 60;

/** Opening hours as the promises use them: the working day ends an hour before the counter closes. */
export function workingHoursOn(day: CalendarDay, options: ClockOptions): { open: number; close: number } | null {
  const hours = openingHoursOn(day, options);
  if (!hours) return null;
  return { open: hours.open, close: Math.max(hours.open, hours.close - COLLECT_BEFORE_CLOSE_MINUTES) };
}

/** A tube that is ready by this time (minutes after midnight) leaves the same day. */
export const SHIP_SAME_DAY_BY_MINUTES = 17 * 60;

/** One promise: the instant and how a person reads it. */
export type ReadyPromise = { readyBy: string; text: string };
/** What `GET /api/turnaround` answers. */
export type Turnaround = {
  regular: ReadyPromise;
  rush: ReadyPromise;
  /** When today's same-day promise runs out (ISO instant), or null when it does not apply now. */
  sameDayCutoff: string | null;
};

/** When an order paid at `paidAt` is ready. */
export function readyBy(paidAt: Date, rush: boolean, options: ClockOptions = {}): Date {
  const today = shopDay(paidAt, options);
  const now = shopMinutes(paidAt, options);
  const hours = workingHoursOn(today, options);
  if (!rush) {
    if (hours && now < SAME_DAY_CUTOFF_MINUTES) return shopInstant(today, hours.close, options);
    const next = nextOpenDay(today, options);
    return shopInstant(next, workingHoursOn(next, options)?.close ?? 0, options);
  }
  return addWorkingMinutes(paidAt, RUSH_OPEN_MINUTES, options);
}

/**
 * The instant `minutes` working hours after `at` (the hours left in today's working day, then from
 * each next opening), rounded up to the minute: a promise reads "by 2:01 PM", never earlier.
 */
export function addWorkingMinutes(at: Date, minutes: number, options: ClockOptions = {}): Date {
  const today = shopDay(at, options);
  const now = shopMinutes(at, options);
  const hours = workingHoursOn(today, options);
  let left = minutes;
  if (hours && now < hours.close) {
    const start = Math.max(now, hours.open);
    if (hours.close - start >= left) return shopInstant(today, Math.ceil(start + left), options);
    left -= hours.close - start;
  }
  let day = today;
  for (let i = 0; i < 366; i++) {
    day = nextOpenDay(day, options);
    const h = workingHoursOn(day, options);
    if (!h) break;
    if (h.close - h.open >= left) return shopInstant(day, Math.ceil(h.open + left), options);
    left -= h.close - h.open;
  }
  throw new RangeError('The shop has no open hours in the coming year');
}

/** "Today by 7:00 PM" when `ready` falls on `now`'s day, else "Monday, Nov 30 by 11:00 AM". */
export function readyByText(ready: Date, now: Date, options: ClockOptions = {}): string {
  const time = timeText(ready, options);
  if (shopDay(ready, options) === shopDay(now, options)) return `Today by ${time}`;
  return `${dateText(ready, options)} by ${time}`;
}

/** "Monday, Nov 30 by 11:00 AM" whatever the day: for receipts and emails read later. */
export function readyByDateText(ready: Date, options: ClockOptions = {}): string {
  return `${dateText(ready, options)} by ${timeText(ready, options)}`;
}

/** Both promises for an order paid at `at`, as the API sends them. */
export function turnaround(at: Date, options: ClockOptions = {}): Turnaround {
  const promise = (rush: boolean): ReadyPromise => {
    const ready = readyBy(at, rush, options);
    return { readyBy: ready.toISOString(), text: readyByText(ready, at, options) };
  };
  const today = shopDay(at, options);
  const sameDay = openingHoursOn(today, options) !== null && shopMinutes(at, options) < SAME_DAY_CUTOFF_MINUTES;
  return {
    regular: promise(false),
    rush: promise(true),
    sameDayCutoff: sameDay ? shopInstant(today, SAME_DAY_CUTOFF_MINUTES, options).toISOString() : null,
  };
}

/**
 * The day a tube leaves (YYYY-MM-DD in the shop's zone): the day it is ready when it is ready by
 * 17:00 on a day the counter is open and carriers collect, otherwise the next such day (carriers
 * collect on neither weekends nor federal holidays, even when the counter opens).
 */
export function shipDayFor(ready: Date, options: ClockOptions = {}): CalendarDay {
  let day = shopDay(ready, options);
  const leavesToday = shopMinutes(ready, options) <= SHIP_SAME_DAY_BY_MINUTES && openingHoursOn(day, options) && isCarrierDay(day);
  if (leavesToday) return day;
  for (let i = 0; i < 366; i++) {
    day = addCalendarDays(day, 1);
    if (openingHoursOn(day, options) && isCarrierDay(day)) return day;
  }
  throw new RangeError('No day in the coming year is both open and a carrier day');
}

/** The day the tube of an order paid at `paidAt` leaves: from the ready-by promise, not from today. */
export function shipDayForPayment(paidAt: Date, rush: boolean, options: ClockOptions = {}): CalendarDay {
  return shipDayFor(readyBy(paidAt, rush, options), options);
}
