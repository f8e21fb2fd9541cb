/**
 * The built-in rate table against the shop clock: delivery dates skip weekends and federal holidays,
 * and across every zone and a year of ship days, a dearer service never arrives later than a cheaper one.
 */
import { describe, expect, it } from 'vitest';
import { TableShipping } from './table';
import { addCalendarDays, parseShopHolidays } from '#shared/holidays';
import { shipDayForPayment } from '#shared/readyBy';
import type { RateQuote } from './types';

const table = new TableShipping();
const et = (local: string) => new Date(`${local}-05:00`);
const to = (zipCode: string, state: string) => ({ street1: '1 Main St', city: 'Somewhere', state, zipCode });
const NY = to('10166', 'NY');

/** A rate's arrival as a sortable key: the day, then the time of day it promises. */
function arrival(rate: RateQuote): string {
  return `${rate.deliveryDate} ${rate.deliveryTime === 'by end of day' ? '2' : '1'}`;
}

describe('built-in rate table', () => {
  it('counts from the day the tube leaves, which the ready-by promise decides', async () => {
    // Friday 2026-11-20, 3 PM in New York: ready Saturday, the tube leaves Monday.
    const friday = new Date('2026-11-20T20:00:00Z');
    expect(shipDayForPayment(friday, false)).toBe('2026-11-23');
    // Monday 10 AM: a regular order is ready at 7 PM, after the 5 PM pickup, so it leaves Tuesday;
    // a rush order is ready at 2 PM and leaves the same day.
    expect(shipDayForPayment(new Date('2026-11-23T15:00:00Z'), false)).toBe('2026-11-24');
    expect(shipDayForPayment(new Date('2026-11-23T15:00:00Z'), true)).toBe('2026-11-23');
    // Monday 1 PM: regular is printed Tuesday, after the pickup, so it leaves Wednesday.
    expect(shipDayForPayment(new Date('2026-11-23T18:00:00Z'), false)).toBe('2026-11-25');
    const rates = await table.quote({ toAddress: to('94105', 'CA'), printSize: '24x36', pageCount: 3 }, friday);
    expect(rates.map((r) => r.service)).toEqual(['ground', '2day', 'overnight']);
    expect(rates.find((r) => r.service === 'overnight')?.deliveryDate).toBe('2026-11-24');
    expect(rates.find((r) => r.service === '2day')?.deliveryDate).toBe('2026-11-25');
    // Ground to California is 5 carrier days from Monday: Thanksgiving pushes it to Tuesday Dec 1.
    expect(rates.find((r) => r.service === 'ground')?.deliveryDate).toBe('2026-12-01');
    const near = await table.quote({ toAddress: to('07601', 'NJ'), printSize: '24x36', pageCount: 3 }, friday);
    expect(near[0].costCents).toBeLessThan(rates[0].costCents);
  });

  it('Wed Nov 25 2026 12:30 ET to New York: nothing arrives on Thanksgiving, 2nd Day Air never after Ground', async () => {
    const at = et('2026-11-25T12:30:00');
    // A regular order is ready Friday 7 PM (after the carriers' pickup): it leaves Monday.
    const regular = await table.quote({ toAddress: NY, printSize: '24x36', pageCount: 3, shipDay: shipDayForPayment(at, false) });
    expect(regular.map((r) => [r.service, r.deliveryDate])).toEqual([
      ['ground', '2026-12-01'],
      ['2day', '2026-12-01'],
      ['overnight', '2026-12-01'],
    ]);
    // A rush order is ready at 4:30 PM today and leaves today: the next carrier day is Friday.
    const rush = await table.quote({ toAddress: NY, printSize: '24x36', pageCount: 3, shipDay: shipDayForPayment(at, true) });
    expect(rush.map((r) => [r.service, r.deliveryDate])).toEqual([
      ['ground', '2026-11-27'],
      ['2day', '2026-11-27'],
      ['overnight', '2026-11-27'],
    ]);
    expect(rush.map((r) => r.costCents)).toEqual([...rush.map((r) => r.costCents)].sort((a, b) => a - b));
  });

  it('moves rush shipping dates with a shop holiday, not only the pickup', async () => {
    // Wednesday 4 PM rush: 3 open hours today and one more on the next open day.
    const at = et('2026-11-25T16:00:00');
    const open = await table.quote({ toAddress: to('90210', 'CA'), printSize: '24x36', pageCount: 3, shipDay: shipDayForPayment(at, true) });
    expect(open.find((r) => r.service === 'overnight')?.deliveryDate).toBe('2026-11-30');
    // Closed Friday too: ready Saturday 11 AM, leaves Monday, overnight arrives Tuesday.
    const holidays = parseShopHolidays('2026-11-27');
    const closed = await table.quote({ toAddress: to('90210', 'CA'), printSize: '24x36', pageCount: 3, shipDay: shipDayForPayment(at, true, { holidays }) });
    expect(closed.find((r) => r.service === 'overnight')?.deliveryDate).toBe('2026-12-01');
  });

  it('a dearer service never arrives later, for every zone and every ship day of a year', async () => {
    const destinations = [
      to('07652', 'NJ'),
      to('10166', 'NY'),
      to('02108', 'MA'),
      to('19103', 'PA'),
      to('20001', 'DC'),
      to('30303', 'GA'),
      to('43215', 'OH'),
      to('55401', 'MN'),
      to('60601', 'IL'),
      to('73301', 'TX'),
      to('80202', 'CO'),
      to('94105', 'CA'),
      to('99501', 'AK'),
      to('96813', 'HI'),
    ];
    let checked = 0;
    for (let i = 0; i < 400; i++) {
      const shipDay = addCalendarDays('2026-11-01', i);
      for (const toAddress of destinations) {
        for (const pageCount of [1, 40]) {
          const rates = await table.quote({ toAddress, printSize: '24x36', pageCount, shipDay });
          for (let a = 0; a < rates.length; a++) {
            for (let b = a + 1; b < rates.length; b++) {
              if (rates[b].costCents <= rates[a].costCents) continue;
              expect(arrival(rates[b]) <= arrival(rates[a]), `${shipDay} ${toAddress.zipCode}: ${rates[b].service} after ${rates[a].service}`).toBe(true);
              checked++;
            }
            // Carriers deliver on neither weekends nor federal holidays.
            const day = new Date(`${rates[a].deliveryDate}T12:00:00Z`).getUTCDay();
            expect(day === 0 || day === 6, `${rates[a].deliveryDate}`).toBe(false);
            expect(['2026-11-26', '2026-12-25', '2027-01-01', '2027-01-18', '2027-07-05']).not.toContain(rates[a].deliveryDate);
          }
        }
      }
    }
    expect(checked).toBe(400 * 14 * 2 * 3);
  });
});
