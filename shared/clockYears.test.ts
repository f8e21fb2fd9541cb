/**
 * The clock's years as a property: for any instant a person could write in ISO-8601 (any year a
 * JavaScript Date holds, as a date-time, a date, or with an offset), the field either refuses it
 * with a sentence or gives an instant the clock answers without throwing; the years 2000–2100 are
 * always answered, any other year always refused. Instants come from a seeded generator, so a
 * failure names a seed and an instant that reproduce it.
 */
import { describe, expect, it } from 'vitest';
import { clockDayField, clockInstantField } from './fields';
import { CLOCK_FIRST_YEAR, CLOCK_LAST_YEAR, OUTSIDE_CLOCK_YEARS } from './clock';
import { shipDayForPayment, turnaround } from './readyBy';
import { parseShopHolidays } from './holidays';

/** mulberry32: a small seeded generator, the same sequence for the same seed. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SEED = 20261127;
const DATE_LIMIT_MS = 8.64e15;
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** An instant from the whole Date range, or (half the time) near the clock's years and their edges. */
function randomInstant(random: () => number): Date {
  const pick = random();
  if (pick < 0.3) return new Date(Math.round((random() * 2 - 1) * DATE_LIMIT_MS));
  const near = pick < 0.65 ? [Date.UTC(CLOCK_FIRST_YEAR, 0, 1), Date.UTC(CLOCK_LAST_YEAR + 1, 0, 1)][Math.floor(random() * 2)] : Date.UTC(2050, 0, 1);
  const spread = pick < 0.65 ? 3 * 86_400_000 : 80 * 365 * 86_400_000;
  return new Date(Math.round(near + (random() * 2 - 1) * spread));
}

/** One way a person writes `at`: UTC date-time, a date alone, or the wall time at an offset. */
function writtenAs(at: Date, random: () => number): string {
  const iso = at.toISOString();
  const form = random();
  if (form < 0.4) return iso;
  if (form < 0.6) return iso.slice(0, iso.indexOf('T'));
  const offsetMinutes = (Math.floor(random() * 53) - 24) * 30;
  const wall = new Date(at.getTime() + offsetMinutes * 60_000);
  if (Number.isNaN(wall.getTime())) return iso;
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return `${wall.toISOString().slice(0, 19)}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

const SENTENCE = /^(at must be an ISO-8601 date and time, e\.g\. .+\.|Please give a date between the years 2000 and 2100\.)$/;
const clocks = [{}, { timeZone: 'America/Los_Angeles', holidays: parseShopHolidays('2026-12-24,-2026-11-11') }, { timeZone: 'Pacific/Kiritimati' }];

describe('the clock on any instant a person writes', () => {
  it('refuses it with a sentence or answers it without throwing; years 2000–2100 always answered, others always refused', () => {
    const random = seeded(SEED);
    const field = clockInstantField('at');
    let answered = 0;
    let refused = 0;
    for (let i = 0; i < 3000; i++) {
      const text = writtenAs(randomInstant(random), random);
      const read = field.safeParse(text);
      const year = new Date(text).getUTCFullYear();
      if (!read.success) {
        refused++;
        expect(read.error.issues.map((issue) => issue.message).join(' '), `seed ${SEED}, ${text}`).toMatch(SENTENCE);
        expect(year >= CLOCK_FIRST_YEAR && year <= CLOCK_LAST_YEAR && /^\d{4}-/.test(text), `refused ${text}`).toBe(false);
        continue;
      }
      answered++;
      expect(read.data.getUTCFullYear()).toBeGreaterThanOrEqual(CLOCK_FIRST_YEAR);
      expect(read.data.getUTCFullYear()).toBeLessThanOrEqual(CLOCK_LAST_YEAR);
      const clock = clocks[i % clocks.length];
      const promise = turnaround(read.data, clock);
      expect(Date.parse(promise.regular.readyBy), text).toBeGreaterThan(read.data.getTime());
      expect(promise.rush.text, text).toMatch(/by \d{1,2}:\d{2} [AP]M$/);
      expect(shipDayForPayment(read.data, i % 2 === 0, clock)).toMatch(/^2\d{3}-\d{2}-\d{2}$/);
    }
    // The generator reaches both sides (a property that never refuses would prove nothing).
    expect(answered).toBeGreaterThan(500);
    expect(refused).toBeGreaterThan(500);
  });

  it('answers the years’ first and last instants and refuses the instants just outside them', () => {
    const field = clockInstantField('at');
    for (const inside of ['2000-01-01T00:00:00Z', '2100-12-31T23:59:59.999Z']) {
      const read = field.safeParse(inside);
      expect(read.success, inside).toBe(true);
      if (read.success) expect(() => turnaround(read.data)).not.toThrow();
    }
    for (const outside of ['1999-12-31T23:59:59.999Z', '2101-01-01T00:00:00Z', '9999-12-31T23:59:59Z', '0000-01-01', '0001-01-01T00:00:00Z']) {
      const read = field.safeParse(outside);
      expect(read.success ? 'answered' : read.error.issues[0].message, outside).toBe(OUTSIDE_CLOCK_YEARS);
    }
  });

  it('refuses a calendar day outside the years with the same sentence, and a malformed one with its own', () => {
    const field = clockDayField('from must be a date (YYYY-MM-DD)');
    expect(field.safeParse('2026-11-27').success).toBe(true);
    for (const day of ['0000-01-01', '1999-12-31', '2101-01-01', '9999-12-31']) {
      const read = field.safeParse(day);
      expect(read.success ? 'answered' : read.error.issues.map((issue) => issue.message), day).toEqual([OUTSIDE_CLOCK_YEARS]);
    }
    const malformed = field.safeParse('2026-02-30');
    expect(malformed.success ? 'answered' : malformed.error.issues.map((issue) => issue.message)).toEqual(['from must be a date (YYYY-MM-DD)']);
  });
});
