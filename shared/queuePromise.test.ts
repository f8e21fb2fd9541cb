import { describe, expect, it } from 'vitest';
import { parseShopHolidays } from './holidays';
import { readyBy, turnaround } from './readyBy';
import { turnaroundOrderQuery } from './turnaroundQuery';
import {
  NO_WAIT,
  NO_WORK,
  orderWorkOf,
  sumWork,
  queuePromiseText,
  queueReadyBy,
  queueTurnaround,
  queueWaitFor,
  type QueueBatch,
  type QueueLoad,
  type QueuePrinter,
} from './queuePromise';

// 2026-11-23 is a Monday; New York is UTC-5 in November. Working hours: Mon-Fri 9-18, Sat 10-17.
const et = (iso: string) => new Date(`${iso}-05:00`);
const plotter: QueuePrinter = { id: 'p1', papers: ['24x36', '30x42', '12x18', '15x21'], color: true, sheetsPerHour: 120 };
const batch = (pages: number, more: Partial<QueueBatch> = {}): QueueBatch => ({
  paper: '24x36',
  ink: 'bw',
  pages,
  state: 'waiting',
  printerId: null,
  rush: false,
  ...more,
});
const EMPTY: QueueLoad = { printers: [plotter], batches: [] };

describe('queueReadyBy', () => {
  it.each([
    ['Monday 10:00 regular', '2026-11-23T10:00:00', false],
    ['Monday 10:00 rush', '2026-11-23T10:00:00', true],
    ['Monday 13:00 regular (after the cutoff)', '2026-11-23T13:00:00', false],
    ['Monday 20:00 rush (after close)', '2026-11-23T20:00:00', true],
    ['Saturday 16:00 rush', '2026-11-28T16:00:00', true],
    ['Sunday 10:00 regular', '2026-11-29T10:00:00', false],
  ])('no wait gives exactly today’s rule: %s', (_name, local, rush) => {
    expect(queueReadyBy(et(local), rush, NO_WAIT)).toEqual({ readyBy: readyBy(et(local), rush), queue: false });
  });

  it('keeps today’s rule while the queue ends before it', () => {
    const at = et('2026-11-23T10:00:00');
    expect(queueReadyBy(at, false, { queueMinutes: 300, printMinutes: 60, finishingMinutes: 0 })).toEqual({ readyBy: readyBy(at, false), queue: false });
    expect(queueReadyBy(at, true, { queueMinutes: 200, printMinutes: 30, finishingMinutes: 10 })).toEqual({ readyBy: readyBy(at, true), queue: false });
  });

  it('pushes a regular order past 6 PM onto the next working morning, rounded up to the quarter hour', () => {
    // 10:00 + 9 h 5 min of work: 8 h to 18:00, then 1 h 5 min from Tuesday 9:00 → 10:05 → 10:15.
    const p = queueReadyBy(et('2026-11-23T10:00:00'), false, { queueMinutes: 480, printMinutes: 60, finishingMinutes: 5 });
    expect(p).toEqual({ readyBy: et('2026-11-24T10:15:00'), queue: true });
  });

  it('pushes a rush order later the same day', () => {
    // 10:00 + 5 h 10 min → 15:10 → 15:15, later than rush's 14:00.
    const p = queueReadyBy(et('2026-11-23T10:00:00'), true, { queueMinutes: 300, printMinutes: 0, finishingMinutes: 10 });
    expect(p).toEqual({ readyBy: et('2026-11-23T15:15:00'), queue: true });
  });

  it('never rounds past the day’s working end', () => {
    // 10:00 + 7 h 58 min → 17:58, rounded to 18:00 at most; regular (18:00) is then not pushed, rush is.
    const wait = { queueMinutes: 478, printMinutes: 0, finishingMinutes: 0 };
    expect(queueReadyBy(et('2026-11-23T10:00:00'), true, wait)).toEqual({ readyBy: et('2026-11-23T18:00:00'), queue: true });
    expect(queueReadyBy(et('2026-11-23T10:00:00'), false, wait).queue).toBe(false);
  });

  it('counts from the next opening after close, and skips Sunday', () => {
    // Saturday 16:00: 11 h of work is 1 h to 17:00, 9 h on Monday (9-18), 1 h on Tuesday → 10:00.
    const p = queueReadyBy(et('2026-11-28T16:00:00'), false, { queueMinutes: 600, printMinutes: 60, finishingMinutes: 0 });
    expect(p).toEqual({ readyBy: et('2026-12-01T10:00:00'), queue: true });
    // Friday 20:00 (after close): Saturday 10:00 + 7 h 30 min → Saturday 17:00 (7 h) + Monday 9:30.
    const late = queueReadyBy(et('2026-11-27T20:00:00'), true, { queueMinutes: 420, printMinutes: 30, finishingMinutes: 0 });
    expect(late).toEqual({ readyBy: et('2026-11-30T09:30:00'), queue: true });
  });

  it('skips holidays: Thanksgiving, and a closed day of SHOP_HOLIDAYS', () => {
    // Wed Nov 25 10:00 + 10 h: 8 h to 18:00, Thanksgiving closed, Friday 9:00 + 2 h → 11:00.
    const wait = { queueMinutes: 540, printMinutes: 60, finishingMinutes: 0 };
    expect(queueReadyBy(et('2026-11-25T10:00:00'), false, wait)).toEqual({ readyBy: et('2026-11-27T11:00:00'), queue: true });
    // With Friday closed too, Saturday from 10:00 → 12:00.
    const holidays = parseShopHolidays('2026-11-27');
    expect(queueReadyBy(et('2026-11-25T10:00:00'), false, wait, { holidays })).toEqual({ readyBy: et('2026-11-28T12:00:00'), queue: true });
  });
});

describe('queueWaitFor', () => {
  it('an empty queue waits for nothing; the order itself prints at the printer’s speed', () => {
    expect(queueWaitFor(EMPTY, NO_WORK, false)).toEqual(NO_WAIT);
    expect(queueWaitFor(EMPTY, { colorSheets: 0, bwSheets: 60, finishingMinutes: 7 }, false)).toEqual({
      queueMinutes: 0,
      printMinutes: 30,
      finishingMinutes: 7,
    });
  });

  it('counts every batch not printed for a regular order, and only what is at the printer and rush batches for a rush order', () => {
    const load: QueueLoad = {
      printers: [plotter],
      batches: [batch(120, { state: 'printing', printerId: 'p1' }), batch(60, { rush: true }), batch(240), batch(120, { state: 'sent', printerId: 'p1' })],
    };
    // 540 pages at 120 an hour: 270 minutes, then the order's 12 sheets take 6.
    expect(queueWaitFor(load, { colorSheets: 0, bwSheets: 12, finishingMinutes: 0 }, false)).toEqual({
      queueMinutes: 270,
      printMinutes: 6,
      finishingMinutes: 0,
    });
    // Rush: the printing and sent batches (240 pages) and the waiting rush batch (60): 150 minutes.
    expect(queueWaitFor(load, { colorSheets: 0, bwSheets: 12, finishingMinutes: 0 }, true).queueMinutes).toBe(150);
  });

  it('puts waiting batches on the printer able to take their paper and ink that finishes first', () => {
    const bwOnly: QueuePrinter = { id: 'p2', papers: ['24x36'], color: false, sheetsPerHour: 240 };
    const load: QueueLoad = { printers: [plotter, bwOnly], batches: [batch(240), batch(120, { ink: 'color' }), batch(60, { paper: '30x42' })] };
    // The B&W 24x36 batch goes to p2 (60 min there against 120 on p1); color and 30x42 to p1 (60 + 30).
    // The order's 24 color sheets can only go to p1: after 90 minutes, 12 minutes.
    expect(queueWaitFor(load, { colorSheets: 24, bwSheets: 0, finishingMinutes: 0 }, false)).toEqual({
      queueMinutes: 90,
      printMinutes: 12,
      finishingMinutes: 0,
    });
    // Its 24 B&W sheets go to p2: after 60 minutes, 6 minutes.
    expect(queueWaitFor(load, { colorSheets: 0, bwSheets: 24, finishingMinutes: 0 }, false)).toEqual({
      queueMinutes: 60,
      printMinutes: 6,
      finishingMinutes: 0,
    });
  });

  it('a batch no printer takes holds no one up', () => {
    const bwOnly: QueuePrinter = { id: 'p2', papers: ['24x36'], color: false, sheetsPerHour: 120 };
    const load: QueueLoad = { printers: [bwOnly], batches: [batch(600, { ink: 'color' }), batch(600, { paper: '30x42' })] };
    expect(queueWaitFor(load, { colorSheets: 0, bwSheets: 12, finishingMinutes: 0 }, false)).toEqual({ queueMinutes: 0, printMinutes: 6, finishingMinutes: 0 });
  });
});

describe('orderWorkOf', () => {
  it('counts every set’s sheets per ink and the finishing minutes', () => {
    const fold = { fold: 'title_out', bind: 'staple_left', holes: 0 } as const;
    // 40 sheets, 3 sets folded and stapled: 120 sheets / 20 a minute = 6, 3 sets x 2 = 6.
    expect(orderWorkOf({ pageCount: 40, colorPages: 4, sets: 3, halfSets: 0, finishing: fold })).toEqual({
      colorSheets: 12,
      bwSheets: 108,
      finishingMinutes: 12,
    });
    expect(orderWorkOf({ pageCount: 3, colorPages: 0, sets: 1, halfSets: 1 })).toEqual({ colorSheets: 0, bwSheets: 6, finishingMinutes: 0 });
  });

  it('prints every sheet once more for each reduced set', () => {
    // 10 sheets, 2 of them color: 1 full-size set and 2 reduced sets are 3 copies of each.
    expect(orderWorkOf({ pageCount: 10, colorPages: 2, sets: 1, halfSets: 0, reducedSets: 2 })).toEqual({
      colorSheets: 6,
      bwSheets: 24,
      finishingMinutes: 0,
    });
  });
});

describe('sumWork', () => {
  it('adds the packages’ sheets of each ink and their finishing', () => {
    expect(sumWork([])).toEqual(NO_WORK);
    expect(
      sumWork([
        { colorSheets: 2, bwSheets: 10, finishingMinutes: 3 },
        { colorSheets: 0, bwSheets: 5, finishingMinutes: 4 },
      ]),
    ).toEqual({ colorSheets: 2, bwSheets: 15, finishingMinutes: 7 });
  });
});

describe('queueTurnaround', () => {
  it('an empty queue answers exactly turnaround(), with no note', () => {
    for (const at of [et('2026-11-23T10:00:00'), et('2026-11-25T12:30:00'), et('2026-11-29T10:00:00')]) {
      expect(queueTurnaround(at, EMPTY, NO_WORK)).toEqual({ ...turnaround(at), queue: { regular: null, rush: null } });
      expect(queueTurnaround(at, { printers: [], batches: [batch(5000)] }, NO_WORK)).toEqual({ ...turnaround(at), queue: { regular: null, rush: null } });
    }
  });

  it('a full queue pushes the regular promise to the next day and says so', () => {
    const at = et('2026-11-23T10:00:00');
    // 1200 pages at 120 an hour: 10 h → Tuesday 11:00; rush waits for nothing and keeps 14:00.
    const t = queueTurnaround(at, { printers: [plotter], batches: [batch(1200)] }, NO_WORK);
    expect(t.regular).toEqual({ readyBy: et('2026-11-24T11:00:00').toISOString(), text: 'Tuesday, Nov 24 by 11:00 AM' });
    expect(t.queue.regular).toBe("The counter's queue is full today: ready Tuesday, Nov 24 by 11:00 AM.");
    expect(t.rush).toEqual(turnaround(at).rush);
    expect(t.queue.rush).toBeNull();
  });

  it('words a push within today', () => {
    expect(queuePromiseText(et('2026-11-23T15:15:00'), et('2026-11-23T10:00:00'))).toBe("The counter's queue is busy: ready today by 3:15 PM.");
  });
});

describe('turnaroundOrderQuery', () => {
  it('names the order as GET /api/turnaround reads it, finishing only when chosen', () => {
    expect(turnaroundOrderQuery({ pages: 3, colorPages: 0, sets: 1, halfSets: 0 })).toBe('pages=3&colorPages=0&sets=1&halfSets=0');
    const fold = { fold: 'title_out', bind: 'screw_post', holes: 0 } as const;
    const half = { fold: 'none', bind: 'staple_left', holes: 3 } as const;
    expect(turnaroundOrderQuery({ pages: 2, colorPages: 5, sets: 2, halfSets: 1, finishing: fold, halfFinishing: half })).toBe(
      'pages=2&colorPages=2&sets=2&halfSets=1&fold=title_out&bind=screw_post&halfBind=staple_left',
    );
    expect(turnaroundOrderQuery({ pages: 3, colorPages: 0, sets: 1, halfSets: 0, reducedSets: 2 })).toBe(
      'pages=3&colorPages=0&sets=1&halfSets=0&reducedSets=2',
    );
  });
});
