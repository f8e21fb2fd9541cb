/** Business-day arithmetic in the shop's time zone (America/New_York), weekends skipped. */

const NY = 'America/New_York';

/** Calendar date and hour in New York for `at`. */
export function newYorkParts(at: Date): { year: number; month: number; day: number; hour: number; weekday: number } {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: NY, year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', hourCycle: 'h23', weekday: 'short' }).formatToParts(at);
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
 * The day a tube leaves: today when it is a weekday before noon in New York (orders before 12 PM are
 * ready by end of day), otherwise the next weekday. Returned as a UTC-midnight date.
 */
export function shipDate(now: Date): Date {
  const p = newYorkParts(now);
  const date = new Date(Date.UTC(p.year, p.month - 1, p.day));
  if (!isWeekend(date) && p.hour < 12) return date;
  do date.setUTCDate(date.getUTCDate() + 1);
  while (isWeekend(date));
  return date;
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
