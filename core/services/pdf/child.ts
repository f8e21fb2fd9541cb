// The MuPDF process, spawned by analyze.ts: from dist/server/pdf/child.js when built (an esbuild entry
// of its own, so it starts in a fraction of a second without a TypeScript loader), from this file
// through tsx in development and tests. The judging of sheet sizes stays in the parent.
//
// One process stays warm and serves many jobs, one command at a time, so no job pays for starting
// Node and MuPDF's WebAssembly. It reads commands from stdin as JSON lines and answers on file
// descriptor 3 as JSON lines, so MuPDF's own warnings on stdout/stderr can never be mistaken for
// answers. Every answer carries the job it belongs to:
//   stdin  {"op":"open","job":1,"file":"/…/original.pdf","maxPages":500}
//   fd 3   {"job":1,"type":"failed","reason":"unreadable"|"encrypted"|"incomplete"|"no_size","page"?:n}
//       or {"job":1,"type":"sheets","pageCount":n,"sheets":[{"width":w,"height":h},…],"drawn":true,"ms":t}
//          (points, /Rotate applied; drawn: some sheet paints anything; t = time MuPDF took). The file stays open.
//   stdin  {"op":"report","job":1,"from":0,"to":20,"previews":50,"dir":"/…/previews","px":360}
//   fd 3   {"job":1,"type":"sheet","number":1,"color":false,"blank":false,"scaleNotes":[],"lowResolution":false,"preview":true} …
//          then {"job":1,"type":"reported"}
//   stdin  {"op":"close","job":1}   (no answer; the file is closed and every MuPDF object of the job destroyed)
//   stdin  {"op":"keep","job":2,"file":"/…/original.pdf","pages":[0,1,3],"out":"/…/kept.pdf"}
//   fd 3   {"job":2,"type":"kept","pageCount":3} or {"job":2,"type":"failed","reason":"unreadable"}
//          (the file without its other pages written to `out`: a sheet that cannot be printed left out)
// The parent sends reports in chunks, at most one at a time, and an "open" may come while one runs
// (it is measured on this thread while the report threads work: a verdict never waits for a report); it kills
// this process on a job's time or memory limit (a hostile PDF poisons only this process). A chunk's
// sheets go to report threads (reporter.ts), one per core, each taking the next sheet when it is free,
// and are answered in page order.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { Worker } from 'node:worker_threads';
import * as mupdf from 'mupdf';
import type { SheetPoints } from '#shared/upload';
import { pageHasPaint } from './contentStream';
import { PDF_REPORTER_ENTRY } from './entries';
import { openFile } from './openFile';
import type { ReporterCommand, ReporterMessage } from './reporter';
import type { PairResult, SheetPair } from './sheetCompare';

/** A command from the parent (analyze.ts), one JSON line on stdin. */
export type ChildCommand =
  | { op: 'open'; job: number; file: string; maxPages: number }
  | { op: 'report'; job: number; from: number; to: number; previews: number; dir: string; px: number }
  | { op: 'compare'; job: number; pairs: SheetPair[]; dpi: number; dir: string; pixelPath: boolean }
  | { op: 'close'; job: number }
  | { op: 'keep'; job: number; file: string; pages: number[]; out: string };

/** What keeping some pages of a file answers (with its job). */
export type Kept = { type: 'kept'; pageCount: number } | { type: 'failed'; reason: 'unreadable'; page?: number };

/** What measuring a file answers (with its job). */
export type Measured =
  | { type: 'failed'; reason: 'unreadable' | 'encrypted' | 'incomplete' | 'no_size'; page?: number }
  | { type: 'sheets'; pageCount: number; sheets: SheetPoints[]; drawn: boolean; ms: number };

/**
 * A report thread: reporter.js beside this file in dist/server/pdf; from source, reporter.ts loaded
 * through tsx's API, since Node 20 does not hand the loader this process was started with (--import)
 * on to worker threads.
 */
function reportThread(): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL(`./${path.posix.basename(PDF_REPORTER_ENTRY)}.js`, import.meta.url));
  const tsx = JSON.stringify(import.meta.resolve('tsx/esm/api'));
  const reporter = JSON.stringify(new URL('./reporter.ts', import.meta.url).href);
  return new Worker(`import(${tsx}).then((tsx) => tsx.tsImport(${reporter}, ${JSON.stringify(import.meta.url)}))`, { eval: true });
}

// A SIGKILLed worker cannot stop this process: leave once the parent is gone (its ppid changes). The
// same watch as exitWithParent() (core/lib/processGuards.ts), written out here: the built child that
// imported it stopped holding its open file between report and close (built.test.ts), not yet understood.
const parentPid = process.ppid;
setInterval(() => process.ppid !== parentPid && process.exit(0), 1000).unref();

const answer = (message: object) => fs.writeSync(3, `${JSON.stringify(message)}\n`);
const commands = readline.createInterface({ input: process.stdin });

/** [x0, y0, x1, y1] of a page box, or null when it is missing or not four numbers. */
function pageBox(page: mupdf.PDFObject, key: string): [number, number, number, number] | null {
  const box = page.getInheritable(key);
  try {
    if (!box.isArray() || box.length < 4) return null;
    const v = [0, 1, 2, 3].map((i) => box.get(i));
    const numbers = v.every((n) => n.isNumber());
    const [a, b, c, d] = v.map((n) => (numbers ? n.asNumber() : NaN));
    for (const n of v) n.destroy();
    if (!numbers) return null;
    return [Math.min(a, c), Math.min(b, d), Math.max(a, c), Math.max(b, d)];
  } finally {
    box.destroy();
  }
}

/**
 * The size a sheet is shown at, as MuPDF's page bounds compute it: the CropBox within the MediaBox,
 * times UserUnit, sides swapped for /Rotate 90 or 270. Read from the page dictionary, which is about
 * ten times faster than loading each page; a page whose boxes are odd is loaded and asked instead.
 */
function sheetSize(doc: mupdf.Document, pdf: mupdf.PDFDocument | null, index: number): SheetPoints | null {
  if (pdf) {
    const page = pdf.findPage(index);
    try {
      const size = sizeFromDictionary(page);
      if (size !== undefined) return size;
    } finally {
      page.destroy();
    }
  }
  const page = doc.loadPage(index);
  try {
    const [x0, y0, x1, y1] = page.getBounds();
    return { width: x1 - x0, height: y1 - y0 };
  } finally {
    page.destroy();
  }
}

/** A page dictionary's sheet size (see sheetSize), null when it has none, undefined when the page is to be asked. */
function sizeFromDictionary(page: mupdf.PDFObject): SheetPoints | null | undefined {
  {
    const media = pageBox(page, 'MediaBox');
    // A page without a usable MediaBox has no size: MuPDF would show it as US Letter, and the
    // customer would be told their drawing is 8.5" x 11".
    if (!media || !(media[2] > media[0] && media[3] > media[1]) || !media.every(Number.isFinite)) return null;
    if (media && media[2] > media[0] && media[3] > media[1]) {
      const crop = pageBox(page, 'CropBox');
      const [x0, y0, x1, y1] = crop
        ? [Math.max(crop[0], media[0]), Math.max(crop[1], media[1]), Math.min(crop[2], media[2]), Math.min(crop[3], media[3])]
        : media;
      const unitObj = page.get('UserUnit');
      const unit = unitObj.isNumber() && unitObj.asNumber() > 0 ? unitObj.asNumber() : 1;
      unitObj.destroy();
      const rotateObj = page.getInheritable('Rotate');
      const rotate = rotateObj.isNumber() ? ((Math.round(rotateObj.asNumber() / 90) % 4) + 4) % 4 : 0;
      rotateObj.destroy();
      if (x1 > x0 && y1 > y0) {
        const w = (x1 - x0) * unit;
        const h = (y1 - y0) * unit;
        return rotate % 2 === 1 ? { width: h, height: w } : { width: w, height: h };
      }
    }
  }
  return undefined;
}

/**
 * True when the file looks cut short: it holds at least one whole object (so it began as a real PDF)
 * but its last kilobyte lacks the %%EOF end marker. A file of garbage after the header is damaged,
 * not incomplete.
 */
function looksCutShort(file: string): boolean {
  let fd: number;
  try {
    fd = fs.openSync(file, 'r');
  } catch {
    return false;
  }
  try {
    const size = fs.fstatSync(fd).size;
    const tail = Buffer.alloc(Math.min(1024, size));
    fs.readSync(fd, tail, 0, tail.length, size - tail.length);
    const head = Buffer.alloc(Math.min(1024 * 1024, size));
    fs.readSync(fd, head, 0, head.length, 0);
    return !tail.includes('%%EOF') && head.includes('endobj');
  } catch {
    return false;
  } finally {
    fs.closeSync(fd);
  }
}

/** True when the catalog has a real page tree (a /Pages dictionary with a /Kids array), empty or not. */
function hasPageTree(pdf: mupdf.PDFDocument): boolean {
  try {
    const pages = pdf.getTrailer().get('Root').get('Pages');
    return pages.isDictionary() && pages.get('Kids').isArray();
  } catch {
    return false;
  }
}

/**
 * While this process waits as the spare, it measures a made-up 300-sheet set a few times, so the
 * WebAssembly code that measuring runs is compiled and optimised before a customer's file arrives
 * (it makes the first real measurement several times faster).
 */
function warmUp(): void {
  try {
    const made = new mupdf.PDFDocument();
    for (let i = 0; i < 300; i++) made.insertPage(-1, made.addPage([0, 0, 2592, 1728], i % 2 ? 90 : 0, made.newDictionary(), ''));
    const saved = made.saveToBuffer('');
    made.destroy();
    const doc = mupdf.Document.openDocument(saved, 'application/pdf');
    saved.destroy();
    const pdf = doc.asPDF();
    for (let round = 0; round < 3; round++) for (let i = 0; i < 300; i++) sheetSize(doc, pdf, i);
    doc.destroy();
  } catch {
    // Only a warm-up: the real file is measured either way.
  }
}
warmUp();

/** Open documents by job. */
const open = new Map<number, { doc: mupdf.Document; file: string }>();

function measure(job: Extract<ChildCommand, { op: 'open' }>): Measured {
  const started = performance.now();
  // A file cut short (an interrupted download or export) lacks its end marker and needs repair: say
  // it is incomplete rather than judge what repair salvaged (pages without their sizes, or none).
  const cutShort = looksCutShort(job.file);
  let doc: mupdf.Document;
  try {
    doc = openFile(job.file);
  } catch {
    return { type: 'failed', reason: cutShort ? 'incomplete' : 'unreadable' };
  }
  const failed = (answer: Measured): Measured => {
    doc.destroy();
    return answer;
  };
  const sheets: SheetPoints[] = [];
  let pageCount: number;
  let drawn = false;
  try {
    if (doc.needsPassword()) return failed({ type: 'failed', reason: 'encrypted' });
    const pdf = doc.asPDF();
    if (cutShort && pdf?.wasRepaired()) return failed({ type: 'failed', reason: 'incomplete' });
    pageCount = doc.countPages();
    // No pages and no page tree: the file is broken (a bad xref or catalog), not an empty drawing set.
    if (pageCount === 0 && pdf && !hasPageTree(pdf)) return failed({ type: 'failed', reason: 'unreadable' });
    if (pageCount <= job.maxPages) {
      for (let i = 0; i < pageCount; i++) {
        const size = sheetSize(doc, pdf, i);
        if (!size) return failed({ type: 'failed', reason: 'no_size', page: i + 1 });
        sheets.push(size);
      }
      // Usually sheet 1 already draws something; only an all-blank set is read through.
      for (let i = 0; i < pageCount && !drawn; i++) {
        if (!pdf) drawn = true;
        else {
          const page = pdf.findPage(i);
          drawn = pageHasPaint(page);
          page.destroy();
        }
      }
    }
  } catch {
    return failed({ type: 'failed', reason: 'unreadable' });
  }
  open.set(job.job, { doc, file: job.file });
  return { type: 'sheets', pageCount, sheets, drawn, ms: performance.now() - started };
}

/**
 * Writes `file` with only `pages` (0-based, in the file's order) to `out`. The other pages are deleted
 * from the file itself rather than the kept ones copied into a new one, so what the document holds
 * beside its pages (layers and which are shown, page labels, fonts they share) stays as exported.
 */
function keep(job: Extract<ChildCommand, { op: 'keep' }>): Kept {
  let doc: mupdf.Document;
  try {
    doc = openFile(job.file);
  } catch {
    return { type: 'failed', reason: 'unreadable' };
  }
  try {
    const pdf = doc.asPDF();
    if (!pdf || doc.needsPassword()) return { type: 'failed', reason: 'unreadable' };
    const keeping = new Set(job.pages);
    for (let i = pdf.countPages() - 1; i >= 0; i--) if (!keeping.has(i)) pdf.deletePage(i);
    const saved = pdf.saveToBuffer('garbage=compact');
    try {
      fs.writeFileSync(job.out, saved.asUint8Array());
    } finally {
      saved.destroy();
    }
    return { type: 'kept', pageCount: pdf.countPages() };
  } catch {
    return { type: 'failed', reason: 'unreadable' };
  } finally {
    doc.destroy();
  }
}

/** A report thread, answering one command at a time. */
type SheetMessage = Extract<ReporterMessage, { type: 'sheet' }>;
/** What comparing one pair answers (with its job). */
export type PairMessage = { job: number; type: 'pair' } & PairResult;
type Reporter = { worker: Worker; onMessage: ((message: ReporterMessage) => void) | null; post: (command: ReporterCommand) => void };

function startReporter(): Reporter {
  const worker = reportThread();
  const reporter: Reporter = { worker, onMessage: null, post: (command) => worker.postMessage(command) };
  worker.on('message', (message: ReporterMessage) => reporter.onMessage?.(message));
  // A thread that dies takes the process with it: the parent sees a crash and starts a fresh one.
  worker.on('error', (error: Error) => {
    process.stderr.write(`report thread failed: ${error?.stack ?? error}\n`);
    process.exit(70);
  });
  worker.on('exit', (code) => process.exit(code || 70));
  return reporter;
}

/**
 * Sheets dealt to a report thread before it has finished the one it is on: the next is waiting in its
 * queue when it is done, instead of a round trip through this thread (which is answering the parent
 * at the same time) per sheet.
 */
const SHEETS_AHEAD = 2;

/**
 * One report thread per core (at most four), started with the first command rather than with the
 * process: each thread compiles MuPDF's WebAssembly again (about half a second of a core built,
 * twice that from source through tsx), and a warm child that is never handed a file (a worker that
 * only takes orders) should not pay for them. They boot while the first file is measured on this
 * thread, before its report is asked for.
 */
let started = null as Reporter[] | null;
function reporters(): Reporter[] {
  started ??= Array.from({ length: Math.max(1, Math.min(4, os.availableParallelism())) }, startReporter);
  return started;
}

/**
 * Deals `count` items to the report threads, one at a time to whichever thread is free (SHEETS_AHEAD
 * queued each), `command(i)` being the command for item i; every message other than 'done' goes to
 * `onMessage`. Resolves when every item is done.
 */
function deal(
  count: number,
  command: (item: number) => ReporterCommand,
  onMessage: (message: Exclude<ReporterMessage, { type: 'done' }>) => void,
): Promise<unknown> {
  let item = 0;
  const work = reporters().map(
    (reporter) =>
      new Promise<void>((resolve) => {
        let dealt = 0;
        const next = () => {
          while (dealt < SHEETS_AHEAD && item < count) {
            dealt++;
            reporter.post(command(item++));
          }
          if (dealt === 0) resolve();
        };
        reporter.onMessage = (message) => {
          if (message.type !== 'done') return onMessage(message);
          dealt--;
          next();
        };
        next();
      }),
  );
  return Promise.all(work);
}

/**
 * Reports sheets from..to-1 of an open job on the report threads, one sheet at a time to whichever
 * thread is free (a sheet with color to measure takes a few times longer than one without), and
 * answers each sheet in page order as soon as the sheets before it are in.
 */
function report(job: Extract<ChildCommand, { op: 'report' }>): Promise<unknown> {
  const opened = open.get(job.job);
  if (!opened) return Promise.resolve();
  const to = Math.min(job.to, opened.doc.countPages());
  const arrived = new Map<number, SheetMessage>();
  let next = job.from + 1;
  const onSheet = (message: SheetMessage) => {
    arrived.set(message.number, message);
    while (arrived.has(next)) {
      answer(arrived.get(next) as SheetMessage);
      arrived.delete(next);
      next++;
    }
  };
  return deal(
    Math.max(0, to - job.from),
    (i) => ({ op: 'report', job: job.job, file: opened.file, pages: [job.from + i], previews: job.previews, dir: job.dir, px: job.px }),
    (message) => message.type === 'sheet' && onSheet(message),
  );
}

/** Compares each pair of sheets on the report threads, answering each as it is done. */
function compare(job: Extract<ChildCommand, { op: 'compare' }>): Promise<unknown> {
  return deal(
    job.pairs.length,
    (i) => ({ op: 'compare', job: job.job, pairs: [job.pairs[i]], dpi: job.dpi, dir: job.dir, pixelPath: job.pixelPath }),
    (message) => message.type === 'pair' && answer(message),
  );
}

for await (const line of commands) {
  const command = JSON.parse(line) as ChildCommand;
  if (command.op !== 'close') reporters();
  if (command.op === 'open') {
    answer({ job: command.job, ...measure(command) });
  } else if (command.op === 'report') {
    // Not awaited: the parent may hand over an open (another upload's verdict) while the report
    // threads work on this chunk, and this thread, otherwise only dealing sheets, measures it meanwhile.
    void report(command).then(() => answer({ job: command.job, type: 'reported' }));
  } else if (command.op === 'compare') {
    // A compare takes the report threads the same way (the parent runs one or the other at a time).
    void compare(command).then(() => answer({ job: command.job, type: 'reported' }));
  } else if (command.op === 'keep') {
    answer({ job: command.job, ...keep(command) });
  } else if (command.op === 'close') {
    open.get(command.job)?.doc.destroy();
    open.delete(command.job);
    for (const reporter of started ?? []) reporter.post({ op: 'close', job: command.job });
  }
}
process.exit(0);
