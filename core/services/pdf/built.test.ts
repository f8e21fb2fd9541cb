/**
 * The MuPDF child as production runs it: child.ts and reporter.ts built by esbuild with the server's
 * own options (scripts/build-server.ts) and started with plain node, no TypeScript loader. The child
 * measures, its report threads (started from the built reporter.js beside it) report every sheet and
 * write a preview, and closing the job releases the file.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDF_ENTRIES, serverBuildOptions } from '../../../scripts/build-server';
import { ARCH_D, makeDrawingPdf } from '#test/helpers/pdf';
import { PROJECT_ROOT } from '../../lib/paths';
import type { ChildCommand } from './child';
import { PDF_CHILD_ENTRY } from './entries';

let out: string;
let child: ChildProcess;
const answers: Record<string, unknown>[] = [];

beforeAll(async () => {
  // Inside node_modules, so the built files find mupdf and pngjs as they do in dist/server.
  fs.mkdirSync(path.join(PROJECT_ROOT, 'node_modules/.cache'), { recursive: true });
  out = fs.mkdtempSync(path.join(PROJECT_ROOT, 'node_modules/.cache/bp-pdf-built-'));
  await build(serverBuildOptions(PDF_ENTRIES, out));
  child = spawn(process.execPath, [path.join(out, `${PDF_CHILD_ENTRY}.js`)], { stdio: ['pipe', 'ignore', 'pipe', 'pipe'] });
  let buffered = '';
  (child.stdio[3] as Readable).setEncoding('utf8').on('data', (chunk: string) => {
    buffered += chunk;
    let newline: number;
    while ((newline = buffered.indexOf('\n')) >= 0) {
      answers.push(JSON.parse(buffered.slice(0, newline)));
      buffered = buffered.slice(newline + 1);
    }
  });
}, 60_000);

afterAll(() => {
  child?.kill('SIGKILL');
  if (out) fs.rmSync(out, { recursive: true, force: true });
});

function send(command: ChildCommand): void {
  child.stdin!.write(`${JSON.stringify(command)}\n`);
}

/** Waits for the child's answer of `type` to job `job`. */
async function answer(job: number, type: string): Promise<Record<string, unknown>> {
  for (let waited = 0; waited < 30_000; waited += 10) {
    const found = answers.find((a) => a.job === job && a.type === type);
    if (found) return found;
    if (child.exitCode !== null) throw new Error(`the built child exited (${child.exitCode})`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`no ${type} answer to job ${job}`);
}

describe('the built MuPDF child', () => {
  it('is plain JavaScript: no TypeScript beside it', () => {
    const files = fs.readdirSync(out, { recursive: true }).map(String);
    expect(files).toContain(`${PDF_CHILD_ENTRY}.js`);
    expect(files.filter((f) => f.endsWith('.ts'))).toEqual([]);
  });

  it('measures a set, reports every sheet on its report threads with a preview, and closes the file', async () => {
    const file = path.join(out, 'set.pdf');
    fs.writeFileSync(file, await makeDrawingPdf({ pages: 4, size: ARCH_D, title: `PLAN  SCALE: 1/8" = 1'-0"` }));
    fs.mkdirSync(path.join(out, 'previews'));
    send({ op: 'open', job: 1, file, maxPages: 500 });
    expect(await answer(1, 'sheets')).toMatchObject({ pageCount: 4, drawn: true });
    send({ op: 'report', job: 1, from: 0, to: 4, previews: 1, dir: path.join(out, 'previews'), px: 100 });
    await answer(1, 'reported');
    const sheets = answers.filter((a) => a.job === 1 && a.type === 'sheet');
    expect(sheets.map((s) => s.number)).toEqual([1, 2, 3, 4]);
    for (const sheet of sheets) expect(sheet).toMatchObject({ color: false, blank: false, scaleNotes: [`1/8" = 1'-0"`], lowResolution: false });
    expect(sheets.map((s) => s.preview)).toEqual([true, false, false, false]);
    expect(fs.readFileSync(path.join(out, 'previews/1.png')).subarray(1, 4).toString()).toBe('PNG');

    if (!fs.existsSync('/proc/self/fd')) return;
    const holding = () => fs.readdirSync(`/proc/${child.pid}/fd`).filter((fd) => fs.readlinkSync(`/proc/${child.pid}/fd/${fd}`) === file);
    // The child and each report thread that reported a sheet hold the file until the job is closed.
    expect(holding().length).toBeGreaterThan(0);
    send({ op: 'close', job: 1 });
    // Closing answers nothing: ask something else, and the close is done by its answer.
    send({ op: 'open', job: 2, file: path.join(out, 'missing.pdf'), maxPages: 500 });
    expect(await answer(2, 'failed')).toMatchObject({ reason: 'unreadable' });
    for (let waited = 0; holding().length > 0 && waited < 2_000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(holding()).toEqual([]);
  }, 60_000);
});
