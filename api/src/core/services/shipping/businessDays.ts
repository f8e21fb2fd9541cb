/** Business-day arithmetic in the shop's time zone (America/New_York), weekends skipped. */
import { readyBy, shipDateFor } from '../../../../../shared/readyBy';

const NY = 'America/New_York';

/** Calendar date and hour in New York for `at`. */
export function newYorkParts(at: Date): { year: number; month: number; day: number; hour: number; weekday: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: NY,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    hourCycle: 'h23',
    weekday: 'short',
  }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(get('weekday'));
  return { year: Number(get('year')), month: Number(get('month')), day: Number(get('day')), hour: Number(get('hour')), weekday };
}

function isWeekend(date: Date): boolean {
  const d = date.getUTCDay();
  return d === 0 || d === 6;
}

/** YYYY-MM-DD of a UTC-midnight date. */
export function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/**
 * The day a tube leaves for an order paid at `now` (a UTC-midnight date): the day the ready-by clock
 * promises it ready when that is by 17:00, otherwise the next open weekday. So a regular order after
 * 12 PM is quoted from tomorrow's print, not from today.
 */
export function shipDate(now: Date, rush = false, holidays: readonly string[] = []): Date {
  return shipDateFor(readyBy(now, rush, { holidays }), { holidays });
}

/** `days` business days after `from` (a UTC-midnight date). */
export function addBusinessDays(from: Date, days: number): Date {
  const date = new Date(from);
  let left = days;
  while (left > 0) {
    date.setUTCDate(date.getUTCDate() + 1);
    if (!isWeekend(date)) left--;
  }
  return date;
}
