/**
 * The ready-by clock: when an order paid at a given instant is ready, in the shop's time zone.
 * Regular orders paid before the same-day cutoff (12:00) on an open day are ready by that day's
 * closing time, otherwise by the next open day's closing. Rush orders are ready 4 open hours after
 * payment (the hours left today, then from the next opening). Pure: no clock, no I/O; the caller
 * passes the instant and, when configured, the holidays.
 */
import { DEFAULT_SHOP, OPENING_HOURS, SAME_DAY_CUTOFF_MINUTES } from './shop';

/** Open hours a rush order needs. */
export const RUSH_OPEN_MINUTES = 4 * 60;
/** A tube that is ready by this time (minutes after midnight) leaves the same day. */
export const SHIP_SAME_DAY_BY_MINUTES = 17 * 60;

export type ClockOptions = {
  /** IANA zone of the counter (default America/New_York). */
  timeZone?: string;
  /** Closed dates, YYYY-MM-DD in the shop's zone. */
  holidays?: readonly string[];
};

/** A calendar day in the shop's zone. */
type Day = { year: number; month: number; day: number };

/** One promise: the instant and how a person reads it. */
export type ReadyPromise = { readyBy: string; text: string };
/** What `GET /api/turnaround` answers. */
export type Turnaround = {
  regular: ReadyPromise;
  rush: ReadyPromise;
  /** When today's same-day promise runs out (ISO instant), or null when it does not apply now. */
  sameDayCutoff: string | null;
};

/**
 * Formatters by zone and style, built once: an Intl.DateTimeFormat costs tens of microseconds to
 * make and the order JSON words a ready-by time on every request.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string, style: 'parts' | 'time' | 'date'): Intl.DateTimeFormat {
  const key = `${style} ${timeZone}`;
  let made = formatters.get(key);
  if (!made) {
    const options: Intl.DateTimeFormatOptions =
      style === 'parts'
        ? { year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric', hourCycle: 'h23' }
        : style === 'time'
          ? { hour: 'numeric', minute: '2-digit', hour12: true }
          : { weekday: 'long', month: 'short', day: 'numeric' };
    made = new Intl.DateTimeFormat('en-US', { timeZone, ...options });
    formatters.set(key, made);
  }
  return made;
}

function partsIn(at: Date, timeZone: string): Day & { minutes: number } {
  const parts = formatter(timeZone, 'parts').formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const seconds = get('second') + (((at.getTime() % 1000) + 1000) % 1000) / 1000;
  return { year: get('year'), month: get('month'), day: get('day'), minutes: get('hour') * 60 + get('minute') + seconds / 60 };
}

/** Offset of `timeZone` from UTC at `at`, in milliseconds. */
function offsetMs(at: Date, timeZone: string): number {
  const p = partsIn(at, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day) + Math.round(p.minutes * 60_000);
  return asUtc - at.getTime();
}

/** The instant of a wall-clock time (minutes after midnight) on `day` in `timeZone`. */
export function zonedInstant(day: Day, minutes: number, timeZone: string): Date {
  const wall = Date.UTC(day.year, day.month - 1, day.day) + Math.round(minutes * 60_000);
  let instant = wall - offsetMs(new Date(wall), timeZone);
  // Once more with the offset at the guess, for the hours around a DST change.
  instant = wall - offsetMs(new Date(instant), timeZone);
  return new Date(instant);
}

function weekday(day: Day): number {
  return new Date(Date.UTC(day.year, day.month - 1, day.day)).getUTCDay();
}

function nextDay(day: Day): Day {
  const d = new Date(Date.UTC(day.year, day.month - 1, day.day + 1));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** YYYY-MM-DD of a day. */
export function dayKey(day: Day): string {
  return `${day.year}-${String(day.month).padStart(2, '0')}-${String(day.day).padStart(2, '0')}`;
}

function hoursOn(day: Day, options: ClockOptions): { open: number; close: number } | null {
  if (options.holidays?.includes(dayKey(day))) return null;
  return OPENING_HOURS[weekday(day)] ?? null;
}

function nextOpenDay(day: Day, options: ClockOptions): Day {
  let d = nextDay(day);
  // A year of closed days would be a configuration error; stop rather than loop forever.
  for (let i = 0; i < 366 && !hoursOn(d, options); i++) d = nextDay(d);
  return d;
}

/** When an order paid at `paidAt` is ready. */
export function readyBy(paidAt: Date, rush: boolean, options: ClockOptions = {}): Date {
  const timeZone = options.timeZone ?? DEFAULT_SHOP.timeZone;
  const now = partsIn(paidAt, timeZone);
  const today: Day = { year: now.year, month: now.month, day: now.day };
  const hours = hoursOn(today, options);
  if (!rush) {
    if (hours && now.minutes < SAME_DAY_CUTOFF_MINUTES) return zonedInstant(today, hours.close, timeZone);
    const next = nextOpenDay(today, options);
    return zonedInstant(next, hoursOn(next, options)?.close ?? 0, timeZone);
  }
  let left = RUSH_OPEN_MINUTES;
  if (hours && now.minutes < hours.close) {
    const start = Math.max(now.minutes, hours.open);
    // Rounded up to the minute: a promise reads "by 2:01 PM", never earlier than the 4 hours.
    if (hours.close - start >= left) return zonedInstant(today, Math.ceil(start + left), timeZone);
    left -= hours.close - start;
  }
  let day = today;
  for (let i = 0; i < 366; i++) {
    day = nextOpenDay(day, options);
    const h = hoursOn(day, options);
    if (!h) break;
    if (h.close - h.open >= left) return zonedInstant(day, Math.ceil(h.open + left), timeZone);
    left -= h.close - h.open;
  }
  throw new RangeError('The shop has no open hours in the coming year');
}

/** "7:00 PM" / "11:00 AM" in the shop's zone. */
function timeText(at: Date, timeZone: string): string {
  return formatter(timeZone, 'time').format(at);
}

/** "Today by 7:00 PM" when `ready` falls on `now`'s day, else "Monday, Nov 30 by 11:00 AM". */
export function readyByText(ready: Date, now: Date, options: ClockOptions = {}): string {
  const timeZone = options.timeZone ?? DEFAULT_SHOP.timeZone;
  const a = partsIn(ready, timeZone);
  const b = partsIn(now, timeZone);
  const time = timeText(ready, timeZone);
  if (a.year === b.year && a.month === b.month && a.day === b.day) return `Today by ${time}`;
  const date = formatter(timeZone, 'date').format(ready);
  return `${date} by ${time}`;
}

/** "Monday, Nov 30 by 11:00 AM" whatever the day: for receipts and emails read later. */
export function readyByDateText(ready: Date, options: ClockOptions = {}): string {
  return readyByText(ready, new Date(0), options);
}

/** Both promises for an order paid at `at`, as the API sends them. */
export function turnaround(at: Date, options: ClockOptions = {}): Turnaround {
  const timeZone = options.timeZone ?? DEFAULT_SHOP.timeZone;
  const promise = (rush: boolean): ReadyPromise => {
    const ready = readyBy(at, rush, options);
    return { readyBy: ready.toISOString(), text: readyByText(ready, at, options) };
  };
  const now = partsIn(at, timeZone);
  const today: Day = { year: now.year, month: now.month, day: now.day };
  const sameDay = hoursOn(today, options) !== null && now.minutes < SAME_DAY_CUTOFF_MINUTES;
  return {
    regular: promise(false),
    rush: promise(true),
    sameDayCutoff: sameDay ? zonedInstant(today, SAME_DAY_CUTOFF_MINUTES, timeZone).toISOString() : null,
  };
}

/**
 * The day a tube leaves (YYYY-MM-DD in the shop's zone, as a UTC-midnight date): the day it is ready
 * when it is ready by 17:00, otherwise the next open weekday (carriers do not collect on Sunday).
 */
export function shipDateFor(ready: Date, options: ClockOptions = {}): Date {
  const timeZone = options.timeZone ?? DEFAULT_SHOP.timeZone;
  const p = partsIn(ready, timeZone);
  let day: Day = { year: p.year, month: p.month, day: p.day };
  if (p.minutes > SHIP_SAME_DAY_BY_MINUTES || !hoursOn(day, options)) {
    day = nextDay(day);
    for (let i = 0; i < 366 && (!hoursOn(day, options) || weekday(day) === 0 || weekday(day) === 6); i++) day = nextDay(day);
  }
  return new Date(Date.UTC(day.year, day.month - 1, day.day));
}
