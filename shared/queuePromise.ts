/**
 * Promises from the production queue (docs/decisions/070): the ready-by shown before payment and
 * fixed at payment is the later of today's rule (readyBy.ts) and the moment the printers have
 * printed what is ahead of the order, then the order itself, and the counter has finished it
 * (folded and bound), counted on the shop's working hours. Pure: the caller reads the queue.
 */
import { shopDay, shopInstant, shopMinutes, type ClockOptions } from './clock';
import { addWorkingMinutes, readyBy, readyByText, turnaround, workingHoursOn, type ReadyPromise, type Turnaround } from './readyBy';
import { finishingMinutes, NO_FINISHING, type Finishing } from './finishing';
import type { Ink, Paper } from './production';

/** A printer as the estimate sees it: what it takes and how fast it prints. */
export type QueuePrinter = { id: string; papers: readonly string[]; color: boolean; sheetsPerHour: number };

/** A batch not yet printed: its pages (banner included), where it is, and whether its order is rush. */
export type QueueBatch = {
  paper: Paper;
  ink: Ink;
  pages: number;
  state: 'waiting' | 'sent' | 'printing';
  /** The printer it was sent to (sent, printing), or null. */
  printerId: string | null;
  rush: boolean;
};

/** What the printers hold: its batches in the queue's order (rush first, then by ready-by). */
export type QueueLoad = { printers: readonly QueuePrinter[]; batches: readonly QueueBatch[] };

/** The order being promised: its printed sheets of each ink (every set counted) and its finishing time. */
export type OrderWork = { colorSheets: number; bwSheets: number; finishingMinutes: number };

export const NO_WORK: OrderWork = { colorSheets: 0, bwSheets: 0, finishingMinutes: 0 };

/** Working minutes from now, as the estimate adds them. */
export type QueueWait = {
  /** Until the printer that finishes this order's last sheet starts on it (what is ahead of it). */
  queueMinutes: number;
  /** Then until this order's last sheet is printed. */
  printMinutes: number;
  /** Then the counter's folding and binding. */
  finishingMinutes: number;
};

export const NO_WAIT: QueueWait = { queueMinutes: 0, printMinutes: 0, finishingMinutes: 0 };

/** A promise from the queue's estimate rounds up to this many minutes on the wall ("by 11:15 AM"). */
export const QUEUE_PROMISE_STEP_MINUTES = 15;

/**
 * The work of an order (or of one recipient's package) from what the card and the order know: sheets
 * per set, its full-size, half-size and 11" x 17" reduced sets (each a printed copy of every sheet),
 * and its finishing.
 */
export function orderWorkOf(o: {
  pageCount: number;
  colorPages: number;
  sets: number;
  halfSets: number;
  reducedSets?: number;
  finishing?: Finishing | null;
  halfFinishing?: Finishing | null;
}): OrderWork {
  const copies = o.sets + o.halfSets + (o.reducedSets ?? 0);
  const color = Math.min(Math.max(0, o.colorPages), o.pageCount);
  return {
    colorSheets: color * copies,
    bwSheets: (o.pageCount - color) * copies,
    finishingMinutes: finishingMinutes({
      finishing: o.finishing ?? NO_FINISHING,
      halfFinishing: o.halfFinishing ?? NO_FINISHING,
      sets: o.sets,
      halfSets: o.halfSets,
      pageCount: o.pageCount,
    }),
  };
}

/** The work of several packages printed as one order: their sheets of each ink and their finishing, summed. */
export function sumWork(works: readonly OrderWork[]): OrderWork {
  return works.reduce(
    (a, b) => ({ colorSheets: a.colorSheets + b.colorSheets, bwSheets: a.bwSheets + b.bwSheets, finishingMinutes: a.finishingMinutes + b.finishingMinutes }),
    NO_WORK,
  );
}

function takes(printer: QueuePrinter, paper: string | null, ink: Ink): boolean {
  return (paper === null || printer.papers.includes(paper)) && (ink === 'bw' || printer.color);
}

/**
 * How long the queue keeps an order waiting and how long it prints, in working minutes from now.
 * Batches already at a printer (sent, printing) stay on it, counted whole. Each waiting batch goes,
 * in the queue's order, to the printer able to take its paper and ink that would finish it first;
 * a batch no printer takes holds no one up. A rush order is printed before every waiting batch of a
 * regular order, so it waits only for what is at the printers and the waiting rush batches. The
 * order's own sheets (of each ink) then go the same way to whichever able printer finishes them
 * first: before payment the sheets' papers on the printers are not known, their count is.
 */
export function queueWaitFor(load: QueueLoad, work: OrderWork, rush: boolean): QueueWait {
  const busy = new Map<string, number>(load.printers.map((p) => [p.id, 0]));
  const minutesOn = (p: QueuePrinter, pages: number) => (pages / p.sheetsPerHour) * 60;
  /** Puts `pages` on the able printer that finishes them first; its start and end, or null. */
  const place = (paper: string | null, ink: Ink, pages: number): { start: number; end: number } | null => {
    let best: { printer: QueuePrinter; start: number; end: number } | null = null;
    for (const p of load.printers) {
      if (!takes(p, paper, ink)) continue;
      const start = busy.get(p.id) ?? 0;
      const end = start + minutesOn(p, pages);
      if (!best || end < best.end) best = { printer: p, start, end };
    }
    if (!best) return null;
    busy.set(best.printer.id, best.end);
    return best;
  };
  const atPrinter = (b: QueueBatch) => b.state !== 'waiting' && b.printerId !== null && busy.has(b.printerId);
  for (const b of load.batches) {
    if (!atPrinter(b)) continue;
    const printer = load.printers.find((p) => p.id === b.printerId)!;
    busy.set(printer.id, (busy.get(printer.id) ?? 0) + minutesOn(printer, b.pages));
  }
  for (const b of load.batches) {
    if (atPrinter(b) || (rush && !b.rush)) continue;
    place(b.paper, b.ink, b.pages);
  }
  const own = (['color', 'bw'] as const).map((ink) => ({ ink, sheets: ink === 'color' ? work.colorSheets : work.bwSheets })).filter((j) => j.sheets > 0);
  let start = Infinity;
  let end = 0;
  for (const job of own) {
    const placed = place(null, job.ink, job.sheets);
    if (!placed) continue;
    start = Math.min(start, placed.start);
    end = Math.max(end, placed.end);
  }
  if (end === 0) {
    // No sheets of its own (the shop's general promise): it waits for the first printer to be free.
    const free = load.printers.map((p) => busy.get(p.id) ?? 0);
    return { queueMinutes: free.length > 0 ? Math.min(...free) : 0, printMinutes: 0, finishingMinutes: work.finishingMinutes };
  }
  return { queueMinutes: start, printMinutes: end - start, finishingMinutes: work.finishingMinutes };
}

/** A promise and whether the queue pushed it past today's rule. */
export type QueuePromise = { readyBy: Date; queue: boolean };

/**
 * When an order paid at `at` is ready: today's rule (readyBy), or, when the queue ahead of it plus
 * its own printing and finishing end later, that end rounded up to the quarter hour (never past the
 * day's working end). No wait gives exactly today's rule.
 */
export function queueReadyBy(at: Date, rush: boolean, wait: QueueWait, options: ClockOptions = {}): QueuePromise {
  const rule = readyBy(at, rush, options);
  const minutes = wait.queueMinutes + wait.printMinutes + wait.finishingMinutes;
  if (!(minutes > 0)) return { readyBy: rule, queue: false };
  const done = roundUpOnWall(addWorkingMinutes(at, minutes, options), options);
  return done.getTime() > rule.getTime() ? { readyBy: done, queue: true } : { readyBy: rule, queue: false };
}

function roundUpOnWall(at: Date, options: ClockOptions): Date {
  const day = shopDay(at, options);
  const minutes = shopMinutes(at, options);
  const rounded = Math.ceil(minutes / QUEUE_PROMISE_STEP_MINUTES - 1e-9) * QUEUE_PROMISE_STEP_MINUTES;
  const close = workingHoursOn(day, options)?.close ?? rounded;
  return shopInstant(day, Math.max(minutes, Math.min(rounded, close)), options);
}

/** What `GET /api/turnaround` adds: which promise the queue pushed, and the sentence that says so. */
export type QueueNote = { regular: string | null; rush: string | null };

/** Both promises with the queue: `turnaround()`'s shape, plus `queue`. */
export type QueueTurnaround = Turnaround & { queue: QueueNote };

/**
 * The sentence a customer reads when the queue pushed the promise: "The counter's queue is full
 * today: ready Wednesday, Dec 2 by 11:00 AM." (or "is busy: ready today by 4:30 PM." when it stays today).
 */
export function queuePromiseText(ready: Date, now: Date, options: ClockOptions = {}): string {
  const text = readyByText(ready, now, options);
  if (shopDay(ready, options) === shopDay(now, options)) return `The counter's queue is busy: ready ${text.replace(/^Today/, 'today')}.`;
  return `The counter's queue is full today: ready ${text}.`;
}

/** Both promises for an order of `work` paid at `at`, with the queue `load`. An empty load answers `turnaround(at)`. */
export function queueTurnaround(at: Date, load: QueueLoad, work: OrderWork, options: ClockOptions = {}): QueueTurnaround {
  const base = turnaround(at, options);
  const promise = (rush: boolean): { promise: ReadyPromise; note: string | null } => {
    const p = queueReadyBy(at, rush, queueWaitFor(load, work, rush), options);
    if (!p.queue) return { promise: base[rush ? 'rush' : 'regular'], note: null };
    return { promise: { readyBy: p.readyBy.toISOString(), text: readyByText(p.readyBy, at, options) }, note: queuePromiseText(p.readyBy, at, options) };
  };
  const regular = promise(false);
  const rush = promise(true);
  return { ...base, regular: regular.promise, rush: rush.promise, queue: { regular: regular.note, rush: rush.note } };
}
