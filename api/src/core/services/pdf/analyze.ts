/**
 * Runs MuPDF on a PDF file in a child process (child.mjs) with a time limit and a memory limit, so a
 * hostile or enormous PDF can stall or poison only that process: never the event loop, the other
 * jobs or the worker. A child past either limit is killed and the PDF is rejected with a message a
 * person understands; previews rendered before a late kill are kept.
 *
 * Each child analyses one PDF and exits. Starting Node and MuPDF's WebAssembly takes a few hundred
 * milliseconds, so one spare child is kept started and idle (it holds no file and exits when this
 * process does); the next analysis takes it and starts the next spare.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { MAX_PAGES, MAX_PREVIEWS } from '../../../../../shared/limits';
import { judgeSheets, unreadableVerdict, type SheetPoints, type SheetVerdict, type UnreadableReason } from '../../../../../shared/upload';

// Beside this module: in the source tree, and in dist/server, where the build copies child.mjs next to
// every bundle that holds this code.
const CHILD = path.join(path.dirname(fileURLToPath(import.meta.url)), 'child.mjs');

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
  /** Keep a started child ready for the next call (default true). */
  keepSpare?: boolean;
};

export type AnalyzeResult = {
  verdict: SheetVerdict;
  /** Sheets 1..previewCount have a preview in previewDir. */
  previewCount: number;
  /** Milliseconds from handing the file to the child to its verdict (sheets measured and judged). */
  verdictMs: number;
  /** Of those, the milliseconds MuPDF took inside the child to open the file and measure every sheet. */
  measureMs: number | null;
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

export const DEFAULT_TIMEOUT_MS = 60_000;
export const DEFAULT_MEMORY_LIMIT_MB = 1536;

type Child = ChildProcess & { stdin: Writable; stderr: Readable };

function results(child: ChildProcess): Readable {
  return child.stdio[3] as Readable;
}

function startChild(): Child {
  const child = spawn(process.execPath, ['--max-old-space-size=256', CHILD], {
    stdio: ['pipe', 'ignore', 'pipe', 'pipe'],
    env: { ...process.env, NODE_OPTIONS: '' },
  }) as Child;
  // A spare that fails to start is noticed when it is used.
  child.once('error', () => {});
  return child;
}

/** Lets this process exit while `child` idles (or makes it wait for the child again). */
function hold(child: Child, held: boolean): void {
  const handles = [child, child.stdin, child.stderr, results(child)] as { ref?: () => void; unref?: () => void }[];
  for (const h of handles) (held ? h.ref : h.unref)?.call(h);
}

let spare: Child | null = null;

function takeChild(keepSpare: boolean): Child {
  const ready = spare && spare.exitCode === null && spare.signalCode === null ? spare : null;
  if (spare && !ready) spare.kill('SIGKILL');
  spare = null;
  const child = ready ?? startChild();
  hold(child, true);
  if (keepSpare) {
    spare = startChild();
    hold(spare, false);
  }
  return child;
}

/** Starts the spare child now (when the worker loads its tasks), so not even the first PDF waits for start-up. */
export function prewarmAnalyzer(): void {
  if (spare && spare.exitCode === null && spare.signalCode === null) return;
  spare = startChild();
  hold(spare, false);
}

/** Stops the spare child (tests and shutdown; it would also exit with this process). */
export function stopSpareAnalyzer(): void {
  spare?.kill('SIGKILL');
  spare = null;
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

type ChildMessage =
  | { type: 'failed'; reason: 'unreadable' | 'encrypted' | 'incomplete' | 'no_size'; page?: number }
  | { type: 'sheets'; pageCount: number; sheets: SheetPoints[]; ms: number }
  | { type: 'preview'; page: number }
  | { type: 'done' };

/** Measures and judges `file`, rendering previews when the set is accepted; rejects only with AnalyzerCrashedError. */
export function analyzePdf(file: string, options: AnalyzeOptions): Promise<AnalyzeResult> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const memoryLimitMb = options.memoryLimitMb ?? DEFAULT_MEMORY_LIMIT_MB;
  const child = takeChild(options.keepSpare ?? true);
  const started = Date.now();
  const send = (command: Record<string, unknown>) => {
    if (child.stdin.writable) child.stdin.write(`${JSON.stringify(command)}\n`);
  };

  return new Promise<AnalyzeResult>((resolve, reject) => {
    let verdict: SheetVerdict | null = null;
    let verdictMs = 0;
    let measureMs: number | null = null;
    let previewCount = 0;
    let limit: UnreadableReason | null = null;
    let buffered = '';
    let stderr = '';

    const kill = (why: 'timeout' | 'too_complex') => {
      if (limit) return;
      limit = why;
      child.kill('SIGKILL');
    };
    const timer = setTimeout(() => kill('timeout'), timeoutMs);
    const checkMemory = () => {
      const mb = child.pid ? residentMb(child.pid) : null;
      if (mb !== null && mb > memoryLimitMb) kill('too_complex');
    };
    const watchdog = setInterval(checkMemory, 50);

    const onMessage = (message: ChildMessage) => {
      if (message.type === 'failed') {
        verdict = unreadableVerdict(message.reason, message.page);
        verdictMs = Date.now() - started;
      } else if (message.type === 'sheets') {
        verdict = judgeSheets(message.pageCount, message.sheets);
        verdictMs = Date.now() - started;
        measureMs = Math.round(message.ms);
        const wanted = verdict.status === 'ready' ? Math.min(verdict.pageCount, options.maxPreviews ?? MAX_PREVIEWS) : 0;
        send({ render: wanted, dir: options.previewDir, px: options.previewPx ?? 360 });
      } else if (message.type === 'preview' && message.page === previewCount + 1) {
        // Previews arrive in order; count only an unbroken run from sheet 1.
        previewCount = message.page;
      }
    };

    const out = results(child);
    out.setEncoding('utf8');
    out.on('data', (chunk: string) => {
      buffered += chunk;
      let newline: number;
      while ((newline = buffered.indexOf('\n')) >= 0) {
        const line = buffered.slice(0, newline);
        buffered = buffered.slice(newline + 1);
        onMessage(JSON.parse(line) as ChildMessage);
      }
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      if (stderr.length < 4000) stderr += chunk;
    });
    // Writing to a child that has just died fails with EPIPE; its exit is handled below.
    child.stdin.on('error', () => {});

    const settle = (code: number | null, signal: NodeJS.Signals | null) => {
      clearTimeout(timer);
      clearInterval(watchdog);
      const elapsedMs = Date.now() - started;
      if (verdict) return resolve({ verdict, previewCount, verdictMs, measureMs, elapsedMs });
      if (limit) return resolve({ verdict: unreadableVerdict(limit), previewCount: 0, verdictMs: elapsedMs, measureMs: null, elapsedMs });
      reject(new AnalyzerCrashedError(`PDF analyser exited (${signal ?? `code ${code}`}) without a verdict: ${stderr.trim().slice(-500)}`));
    };
    if (child.exitCode !== null || child.signalCode !== null) return settle(child.exitCode, child.signalCode);
    child.once('close', settle);
    child.once('error', (error) => {
      child.removeListener('close', settle);
      clearTimeout(timer);
      clearInterval(watchdog);
      reject(new AnalyzerCrashedError(`could not start the PDF analyser: ${error.message}`));
    });
    checkMemory();
    send({ file, maxPages: MAX_PAGES });
  });
}
