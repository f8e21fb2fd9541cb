/**
 * The MuPDF child serves every upload of a worker for hours: whatever it opens for one upload (the
 * file, in the child and in each report thread that reads it) must be released when that upload is
 * done, or a busy shop runs out of file descriptors. Counted from /proc/<pid>/fd.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARCH_D, makeDrawingPdf } from '#test/helpers/pdf';
import { analyzePdf, analyzerPid, prewarmAnalyzer, stopSpareAnalyzer } from './analyze';

const UPLOADS = 200;
/** Uploads analysed side by side, as several worker jobs are. */
const AT_ONCE = 4;

let dir: string;
/** One file per kind of upload: each outcome opens and closes its own way. */
const kinds: { name: string; bytes: Buffer; status: string }[] = [];

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-open-files-'));
  const accepted = await makeDrawingPdf({ pages: 3, size: ARCH_D, linework: 50, title: `PLAN  SCALE: 1/4" = 1'-0"` });
  kinds.push(
    // Reported sheet by sheet on the report threads, with previews.
    { name: 'accepted', bytes: accepted, status: 'ready' },
    // Measured, refused: never reaches the report threads.
    { name: 'wrong-size', bytes: await makeDrawingPdf({ pages: 2, size: { widthIn: 11, heightIn: 17 } }), status: 'rejected' },
    // Cut short: repaired by MuPDF, then refused.
    { name: 'cut-short', bytes: accepted.subarray(0, Math.floor(accepted.length * 0.7)), status: 'rejected' },
    // Not a PDF at all: MuPDF will not open it.
    { name: 'garbage', bytes: Buffer.from('%PDF-1.7\n' + 'not a pdf '.repeat(500)), status: 'rejected' },
  );
});

afterAll(() => {
  stopSpareAnalyzer();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Descriptors the process holds open now. */
function openFiles(pid: number): number {
  return fs.readdirSync(`/proc/${pid}/fd`).length;
}

/** Analyses upload number `n` from its own file and folder, as the worker does, then removes them. */
async function upload(n: number): Promise<void> {
  const kind = kinds[n % kinds.length];
  const folder = path.join(dir, String(n));
  fs.mkdirSync(path.join(folder, 'previews'), { recursive: true });
  const file = path.join(folder, 'original.pdf');
  fs.writeFileSync(file, kind.bytes);
  const result = await analyzePdf(file, { previewDir: path.join(folder, 'previews'), maxPreviews: 2, previewPx: 120 });
  expect(result.verdict.status, kind.name).toBe(kind.status);
  if (kind.status === 'ready') {
    expect(result.reportComplete).toBe(true);
    expect(result.previewCount).toBe(2);
  }
  fs.rmSync(folder, { recursive: true, force: true });
}

describe.skipIf(!fs.existsSync('/proc/self/fd'))('the MuPDF child releases what it opens', () => {
  it(`holds no more files after ${UPLOADS} uploads than after the first few`, async () => {
    prewarmAnalyzer();
    const pid = analyzerPid();
    expect(pid).not.toBeNull();
    let done = 0;
    const batch = async () => {
      await Promise.all(Array.from({ length: AT_ONCE }, (_, i) => upload(done + i)));
      done += AT_ONCE;
    };
    // The first few warm everything up (the report threads, MuPDF's caches).
    while (done < 12) await batch();
    const settled = openFiles(pid!);
    while (done < UPLOADS) await batch();
    // Still the same child: a restart would hide a leak.
    expect(analyzerPid()).toBe(pid);
    const after = openFiles(pid!);
    // A leak of even one descriptor per upload would be ~190 here.
    expect(after, `open files: ${settled} after 12 uploads, ${after} after ${UPLOADS}`).toBeLessThanOrEqual(settled + 3);
  }, 180_000);
});
