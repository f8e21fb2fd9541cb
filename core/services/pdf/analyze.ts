/**
 * Runs MuPDF on PDF files in one warm child process (child.ts) with a time limit and a memory limit
 * per job, so a hostile or enormous PDF can stall or poison only that process: never the event loop,
 * the other jobs or the worker. A child past either limit is killed and that PDF is rejected with a
 * message a person understands; a child that dies is started again for the next job, and one that
 * has grown past RECYCLE_MB is replaced when it is idle (MuPDF's WebAssembly heap never shrinks).
 *
 * A job answers in two steps: the verdict as soon as every sheet is measured (`onVerdict`, which the
 * worker writes at once so the customer sees a price), then, for an accepted set, the per-sheet
 * report (color, blank, scale notes, low resolution, previews) in chunks. Another customer's verdict
 * is measured while a chunk is being reported (the child's main thread measures, its report threads
 * report), so it waits for no report.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { MAX_PAGES, MAX_PREVIEWS } from '#shared/limits';
import {
  judgeSheets,
  noDrawingsVerdict,
  unreadableVerdict,
  type SheetPoints,
  type SheetReport,
  type SheetVerdict,
  type UnreadableReason,
} from '#shared/upload';
import { PROJECT_ROOT } from '../../lib/paths';
import type { ChildCommand, Kept, Measured, PairMessage } from './child';
import type { PairResult, SheetPair } from './sheetCompare';
import { PDF_CHILD_ENTRY } from './entries';

/**
 * How to start the child: built, it is its own esbuild entry (scripts/build-server.ts), run by plain
 * node wherever the bundle holding this code sits in dist/server; from source (tsx, vitest), child.ts
 * through tsx's loader (the child loads its report threads' reporter.ts through tsx too).
 */
function childCommand(): string[] {
  if (!import.meta.url.endsWith('.ts')) return [path.join(PROJECT_ROOT, 'dist/server', `${PDF_CHILD_ENTRY}.js`)];
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  return ['--import', tsx, fileURLToPath(new URL('./child.ts', import.meta.url))];
}

export type AnalyzeOptions = {
  /** Folder the previews are written to as <n>.png (it must exist). */
  previewDir: string;
  /** Previews of the first this-many sheets (accepted sets only). */
  maxPreviews?: number;
  /** Preview size: the long side in pixels. */
  previewPx?: number;
  /** The child is killed after this long; without a verdict by then the PDF is rejected. */
  timeoutMs?: number;
  /** The child is killed when its resident memory passes this (MuPDF's WebAssembly heap included). */
  memoryLimitMb?: number;
  /** Called once, as soon as the sizes are judged, before any sheet is reported. */
  onVerdict?: (verdict: SheetVerdict, sheets: SheetPoints[]) => void;
  /** Called for each sheet of an accepted set as it is reported, in page order. */
  onSheet?: (report: SheetReport, preview: boolean) => void;
  /** Make the per-sheet report of an accepted set (default true). */
  report?: boolean;
};

export type AnalyzeResult = {
  verdict: SheetVerdict;
  /** Sheets 1..previewCount have a preview in previewDir. */
  previewCount: number;
  /** Milliseconds from handing the file to the child to its verdict (sheets measured and judged). */
  verdictMs: number;
  /** Of those, the milliseconds MuPDF took inside the child to open the file and measure every sheet. */
  measureMs: number | null;
  /** Each sheet's size in points (empty when the PDF could not be measured). */
  sheets: SheetPoints[];
  /** The per-sheet reports made, in page order. */
  reports: SheetReport[];
  /** Every sheet of an accepted set was reported (false when a limit or a crash cut the report short). */
  reportComplete: boolean;
  /** Milliseconds until the child was done, previews included. */
  elapsedMs: number;
};

/** The child died without a verdict for a reason a retry might fix (not a limit we enforced). */
export class AnalyzerCrashedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AnalyzerCrashedError';
  }
}

/**
 * The flag on every uploads__report and revisions__compare job. Each holds its worker process's MuPDF
 * child for seconds to minutes, so a process runs one at a time (worker/src/runner.ts skips flagged
 * jobs while it runs one): they spread over the worker processes instead of queueing behind each other.
 */
export const REPORT_FLAG = 'uploads__report';

export const DEFAULT_TIMEOUT_MS = 60_000;
export const DEFAULT_MEMORY_LIMIT_MB = 1536;
/** An idle child larger than this is replaced by a fresh one. */
export const RECYCLE_MB = 512;
/**
 * Sheets reported per command: the reports of two uploads in one child take turns by chunks (a
 * verdict no longer waits for one: it is measured beside it). Each chunk's end costs the report threads ~5 ms of idling (the last sheets,
 * then the round trip to this process for the next chunk): at 8 sheets a chunk that was ~300 ms of a
 * 500-sheet report, at 32 about 90 ms.
 */
const REPORT_CHUNK = 32;

type Child = ChildProcess & { stdin: Writable; stderr: Readable };

type ChildMessage =
  | ({ job: number } & Measured)
  | ({ job: number } & Kept)
  | ({ job: number; type: 'sheet'; preview: boolean } & SheetReport)
  | PairMessage
  | { job: number; type: 'reported' };

type Command =
  | { op: 'open'; job: Job; body: Omit<Extract<ChildCommand, { op: 'open' }>, 'op' | 'job'> }
  | { op: 'report'; job: Job; body: Omit<Extract<ChildCommand, { op: 'report' }>, 'op' | 'job'> }
  | { op: 'compare'; job: Job; body: Omit<Extract<ChildCommand, { op: 'compare' }>, 'op' | 'job'> }
  | { op: 'keep'; job: Job; body: Omit<Extract<ChildCommand, { op: 'keep' }>, 'op' | 'job'> };

/** One analysis as the scheduler sees it. */
type Job = {
  id: number;
  memoryLimitMb: number;
  /** Its file is open in the current child. */
  opened: boolean;
  /** The limit that ended it, if one did. */
  limit: UnreadableReason | null;
  onMessage: (message: ChildMessage) => void;
  /** The child died (killed on a limit or crashed) while this job had work in it. */
  onExit: (code: number | null, signal: NodeJS.Signals | null, stderr: string) => void;
  /** The child has been handed its file. */
  onOpen: () => void;
};

function results(child: ChildProcess): Readable {
  return child.stdio[3] as Readable;
}

/** Resident memory of a process in MB (Linux), or null where /proc is not available. */
function residentMb(pid: number): number | null {
  try {
    const pages = Number(fs.readFileSync(`/proc/${pid}/statm`, 'utf8').split(' ')[1]);
    return (pages * 4096) / (1024 * 1024);
  } catch {
    return null;
  }
}

let child: Child | null = null;
let stderrTail = '';
/**
 * The commands the child is working on: at most one open (a verdict) and one report chunk at once.
 * The child measures a file on its main thread while its report threads work on a chunk, so a
 * verdict never waits for the report of another upload's sheets.
 */
const running: { open: Command | null; report: Command | null } = { open: null, report: null };
const queue: Command[] = [];
const jobs = new Map<number, Job>();
let nextJobId = 1;
let watchdog: NodeJS.Timeout | null = null;

function startChild(): Child {
  const started = spawn(process.execPath, ['--max-old-space-size=256', ...childCommand()], {
    stdio: ['pipe', 'ignore', 'pipe', 'pipe'],
    env: { ...process.env, NODE_OPTIONS: '' },
  }) as Child;
  stderrTail = '';
  let buffered = '';
  const out = results(started);
  out.setEncoding('utf8');
  out.on('data', (chunk: string) => {
    buffered += chunk;
    let newline: number;
    while ((newline = buffered.indexOf('\n')) >= 0) {
      const line = buffered.slice(0, newline);
      buffered = buffered.slice(newline + 1);
      onAnswer(JSON.parse(line) as ChildMessage);
    }
  });
  started.stderr.setEncoding('utf8');
  started.stderr.on('data', (chunk: string) => {
    stderrTail = (stderrTail + chunk).slice(-4000);
  });
  // Writing to a child that has just died fails with EPIPE; its exit is handled below.
  started.stdin.on('error', () => {});
  started.once('error', () => started.emit('close', null, null));
  started.once('close', (code: number | null, signal: NodeJS.Signals | null) => onChildExit(started, code, signal));
  hold(started, false);
  return started;
}

/** Lets this process exit while `c` idles (or makes it wait for the child again). */
function hold(c: Child, held: boolean): void {
  const handles = [c, c.stdin, c.stderr, results(c)] as { ref?: () => void; unref?: () => void }[];
  for (const h of handles) (held ? h.ref : h.unref)?.call(h);
}

function live(c: Child | null): c is Child {
  return c !== null && c.exitCode === null && c.signalCode === null && !c.killed;
}

function onChildExit(dead: Child, code: number | null, signal: NodeJS.Signals | null): void {
  if (dead !== child) return;
  child = null;
  running.open = null;
  running.report = null;
  stopWatchdog();
  // Jobs with work in the dead child end here; jobs still waiting to be opened go to the next child.
  // Decided before any of them ends: an ending job hands the next one to a new child at once.
  const hit = [...jobs.values()].filter((job) => job.opened);
  for (const job of hit) job.onExit(code, signal, stderrTail);
  for (let i = queue.length - 1; i >= 0; i--) if (queue[i].op === 'report') queue.splice(i, 1);
  dispatch();
}

function onAnswer(message: ChildMessage): void {
  const job = jobs.get(message.job);
  // Killed on a limit: an answer the child wrote before the signal reached it does not count (a
  // warm child can measure a small file in the moment between the command and the kill). The
  // child's exit settles the job and hands on the queue.
  if (job?.limit) return;
  if (message.type === 'sheets' || message.type === 'failed' || message.type === 'kept' || message.type === 'reported') {
    if (message.type === 'reported') running.report = null;
    else running.open = null;
    // The next command goes before the job hears its answer, so the child never idles.
    dispatch();
  }
  job?.onMessage(message);
}

function send(body: ChildCommand): void {
  if (child?.stdin.writable) child.stdin.write(`${JSON.stringify(body)}\n`);
}

/** Hands the child its next commands: the next open (a verdict) and the next report chunk or compare, each when none of its kind is running. */
function dispatch(): void {
  for (const op of ['open', 'report'] as const) {
    if (running[op]) continue;
    const index = queue.findIndex((c) => slotOf(c.op) === op);
    if (index >= 0) start(queue.splice(index, 1)[0]);
  }
  if (!running.open && !running.report) idle();
}

function start(next: Command): void {
  if (!live(child)) {
    child = startChild();
  }
  hold(child, true);
  running[slotOf(next.op)] = next;
  send(commandOf(next));
  // A compare is opened and done in one command, as an analysis is opened by its first.
  if (next.op !== 'report') {
    next.job.opened = true;
    next.job.onOpen();
  }
  startWatchdog();
}

function commandOf(next: Command): ChildCommand {
  if (next.op === 'open') return { op: 'open', job: next.job.id, ...next.body };
  if (next.op === 'report') return { op: 'report', job: next.job.id, ...next.body };
  if (next.op === 'keep') return { op: 'keep', job: next.job.id, ...next.body };
  return { op: 'compare', job: next.job.id, ...next.body };
}

/** Which of the child's two places a command takes: a compare works on the report threads; keeping pages, as opening, on its main thread. */
function slotOf(op: Command['op']): 'open' | 'report' {
  return op === 'open' || op === 'keep' ? 'open' : 'report';
}

/** The jobs the child is working on now. */
function workingFor(): Job[] {
  return [running.open?.job, running.report?.job].filter((job): job is Job => job !== undefined);
}

function checkMemory(): void {
  const pid = child?.pid;
  const mb = pid ? residentMb(pid) : null;
  // Past a limit, every job working in the child ends on it: which one grew the heap cannot be told.
  if (mb !== null) for (const job of workingFor()) if (mb > job.memoryLimitMb) killFor(job, 'too_complex');
}

/** Checks the child's memory now, for the command just handed to it, and every 50 ms while it works. */
function startWatchdog(): void {
  watchdog ??= setInterval(checkMemory, 50);
  checkMemory();
}

function stopWatchdog(): void {
  if (watchdog) clearInterval(watchdog);
  watchdog = null;
}

function killFor(job: Job, why: UnreadableReason): void {
  if (job.limit) return;
  job.limit = why;
  child?.kill('SIGKILL');
}

/** Nothing to do: let the process exit around the child, and replace a child that has grown too big. */
function idle(): void {
  stopWatchdog();
  if (!child) return;
  const mb = child.pid ? residentMb(child.pid) : null;
  if (mb !== null && mb > RECYCLE_MB && ![...jobs.values()].some((j) => j.opened)) {
    const old = child;
    child = null;
    old.kill('SIGKILL');
    child = startChild();
    return;
  }
  hold(child, false);
}

/** A job is over: its timer stopped, its waiting commands dropped, its file closed in the child, the next command handed on. */
function endJob(job: Job, timer: NodeJS.Timeout | null): void {
  if (timer) clearTimeout(timer);
  jobs.delete(job.id);
  for (let i = queue.length - 1; i >= 0; i--) if (queue[i].job === job) queue.splice(i, 1);
  if (job.opened) send({ op: 'close', job: job.id });
  job.opened = false;
  dispatch();
}

/**
 * Starts the MuPDF child now (when the worker loads its tasks), so not even the first PDF's verdict
 * waits for start-up; the child's report threads boot while that first file is measured.
 */
export function prewarmAnalyzer(): void {
  if (!live(child)) child = startChild();
}

/** The process id of the MuPDF child, while there is one (tests and health checks). */
export function analyzerPid(): number | null {
  return live(child) ? (child.pid ?? null) : null;
}

/** Stops the MuPDF child (tests and shutdown; it would also exit with this process). */
export function stopSpareAnalyzer(): void {
  const old = child;
  if (!old) return;
  // Jobs in it end as after any crash.
  onChildExit(old, null, 'SIGKILL');
  old.kill('SIGKILL');
}

/**
 * Measures and judges `file`; for an accepted set, then reports every sheet and renders previews of
 * the first ones. Resolves when all is done (or cut short by a limit); rejects only with
 * AnalyzerCrashedError, when the child died before the verdict for a reason a retry might fix.
 */
export function analyzePdf(file: string, options: AnalyzeOptions): Promise<AnalyzeResult> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const wantReport = options.report ?? true;
  const maxPreviews = options.maxPreviews ?? MAX_PREVIEWS;
  const started = Date.now();

  return new Promise<AnalyzeResult>((resolve, reject) => {
    let verdict: SheetVerdict | null = null;
    let sheets: SheetPoints[] = [];
    let verdictMs = 0;
    let measureMs: number | null = null;
    let previewCount = 0;
    let reportFrom = 0;
    let pageCount = 0;
    const reports: SheetReport[] = [];
    let timer: NodeJS.Timeout | null = null;

    const job: Job = {
      id: nextJobId++,
      memoryLimitMb: options.memoryLimitMb ?? DEFAULT_MEMORY_LIMIT_MB,
      opened: false,
      limit: null,
      onMessage,
      onExit,
      // The time limit runs from the moment the child takes the file, not while it waits its turn.
      onOpen: () => {
        timer = setTimeout(() => {
          if (workingFor().includes(job)) return killFor(job, 'timeout');
          // Waiting between two report chunks: stop the report, keep the verdict.
          if (verdict) finish(false);
        }, timeoutMs);
      },
    };
    jobs.set(job.id, job);

    const end = () => endJob(job, timer);
    const finish = (complete: boolean) => {
      end();
      if (!verdict) return;
      const decided: SheetVerdict = verdict;
      resolve({ verdict: decided, sheets, reports, reportComplete: complete, previewCount, verdictMs, measureMs, elapsedMs: Date.now() - started });
    };
    const enqueueChunk = () => {
      const to = Math.min(pageCount, reportFrom + REPORT_CHUNK);
      queue.push({ op: 'report', job, body: { from: reportFrom, to, previews: maxPreviews, dir: options.previewDir, px: options.previewPx ?? 360 } });
      reportFrom = to;
      dispatch();
    };

    function onMessage(message: ChildMessage): void {
      if (message.type === 'failed') {
        verdict = unreadableVerdict(message.reason, message.page);
        verdictMs = Date.now() - started;
        options.onVerdict?.(verdict, []);
        return finish(true);
      }
      if (message.type === 'sheets') {
        sheets = message.sheets;
        pageCount = message.pageCount;
        verdict = judgeSheets(message.pageCount, message.sheets);
        if (verdict.status === 'ready' && !message.drawn) verdict = noDrawingsVerdict(message.pageCount);
        verdictMs = Date.now() - started;
        measureMs = Math.round(message.ms);
        options.onVerdict?.(verdict, sheets);
        if (verdict.status !== 'ready' || !wantReport) return finish(verdict.status !== 'ready');
        return enqueueChunk();
      }
      if (message.type === 'sheet') {
        const { job: _job, type: _type, preview, ...report } = message;
        // Previews arrive in order; count only an unbroken run from sheet 1.
        if (preview && report.number === previewCount + 1) previewCount = report.number;
        reports.push(report);
        options.onSheet?.(report, preview);
        return;
      }
      if (reportFrom < pageCount) return enqueueChunk();
      finish(true);
    }

    function onExit(code: number | null, signal: NodeJS.Signals | null, stderr: string): void {
      job.opened = false;
      if (verdict) return finish(false);
      end();
      if (job.limit) {
        verdict = unreadableVerdict(job.limit);
        options.onVerdict?.(verdict, []);
        return resolve({
          verdict,
          sheets: [],
          reports,
          reportComplete: true,
          previewCount: 0,
          verdictMs: Date.now() - started,
          measureMs: null,
          elapsedMs: Date.now() - started,
        });
      }
      reject(new AnalyzerCrashedError(`PDF analyser exited (${signal ?? `code ${code}`}) without a verdict: ${stderr.trim().slice(-500)}`));
    }

    queue.push({ op: 'open', job, body: { file, maxPages: MAX_PAGES } });
    dispatch();
  });
}

export type CompareOptions = {
  /** Folder the overlays are written to as <position>.png and <position>-large.png (it must exist). */
  dir: string;
  /** Resolution both sides are rendered and compared at. */
  dpi: number;
  /** The compare is stopped after this long (from when the child takes it). */
  timeoutMs?: number;
  /** The child is killed when its resident memory passes this. */
  memoryLimitMb?: number;
  /** Called for each pair as it is compared, in no particular order. */
  onPair?: (result: PairResult) => void;
  /**
   * Renders every pair, even pages written the same (no `samePageContent` walk): the pixel path a set
   * re-exported by another program takes. Only bench/revision-compare.ts sets it, to measure that path.
   */
  pixelPath?: boolean;
};

/**
 * Compares pairs of sheets (a revision against its predecessor) in the MuPDF child's report threads,
 * taking its turn with the analyses. Resolves with every pair's result and the limit that cut it
 * short, if one did; rejects with AnalyzerCrashedError when the child died for another reason.
 */
export function compareSheetPairs(pairs: SheetPair[], options: CompareOptions): Promise<{ results: PairResult[]; limit: UnreadableReason | null }> {
  const results: PairResult[] = [];
  return new Promise((resolve, reject) => {
    let timer: NodeJS.Timeout | null = null;
    const end = () => endJob(job, timer);
    const job: Job = {
      id: nextJobId++,
      memoryLimitMb: options.memoryLimitMb ?? DEFAULT_MEMORY_LIMIT_MB,
      opened: false,
      limit: null,
      onMessage(message) {
        if (message.type === 'pair') {
          const { job: _job, type: _type, ...result } = message;
          results.push(result);
          options.onPair?.(result);
          return;
        }
        if (message.type !== 'reported') return;
        end();
        resolve({ results, limit: null });
      },
      onExit(code, signal, stderr) {
        job.opened = false;
        end();
        if (job.limit) return resolve({ results, limit: job.limit });
        reject(new AnalyzerCrashedError(`PDF analyser exited (${signal ?? `code ${code}`}) while comparing: ${stderr.trim().slice(-500)}`));
      },
      onOpen: () => {
        timer = setTimeout(() => killFor(job, 'timeout'), options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
      },
    };
    jobs.set(job.id, job);
    queue.push({ op: 'compare', job, body: { pairs, dpi: options.dpi, dir: options.dir, pixelPath: options.pixelPath ?? false } });
    dispatch();
  });
}

export type KeepPagesOptions = {
  /** The child is killed after this long (from when it takes the file); the file is then unreadable for this purpose. */
  timeoutMs?: number;
  /** The child is killed when its resident memory passes this. */
  memoryLimitMb?: number;
};

/**
 * Writes `file` with only `pages` (0-based, in the file's order) to `out`, in the MuPDF child, taking
 * its turn with the verdicts. Resolves with the pages written, or with the reason it could not be
 * (a limit, or a file MuPDF cannot rewrite); rejects with AnalyzerCrashedError when the child died
 * for another reason (a retry may help).
 */
export function keepPdfPages(
  file: string,
  pages: number[],
  out: string,
  options: KeepPagesOptions = {},
): Promise<{ pageCount: number } | { failed: UnreadableReason }> {
  return new Promise((resolve, reject) => {
    let timer: NodeJS.Timeout | null = null;
    const end = () => endJob(job, timer);
    const job: Job = {
      id: nextJobId++,
      memoryLimitMb: options.memoryLimitMb ?? DEFAULT_MEMORY_LIMIT_MB,
      opened: false,
      limit: null,
      onMessage(message) {
        if (message.type !== 'kept' && message.type !== 'failed') return;
        end();
        resolve(message.type === 'kept' ? { pageCount: message.pageCount } : { failed: message.reason });
      },
      onExit(code, signal, stderr) {
        job.opened = false;
        end();
        if (job.limit) return resolve({ failed: job.limit });
        reject(new AnalyzerCrashedError(`PDF analyser exited (${signal ?? `code ${code}`}) while leaving out sheets: ${stderr.trim().slice(-500)}`));
      },
      onOpen: () => {
        timer = setTimeout(() => killFor(job, 'timeout'), options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
      },
    };
    jobs.set(job.id, job);
    queue.push({ op: 'keep', job, body: { file, pages, out } });
    dispatch();
  });
}
