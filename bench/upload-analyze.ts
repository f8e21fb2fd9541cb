/**
 * How long a customer waits for the analysis of a 500-sheet drawing set just under the 50 MiB upload
 * limit, against `pdfinfo -f 1 -l 500` (poppler-utils) reading every page's size from the same file,
 * in the same run (docs/decisions/012-sheet-report-after-ready.md). Targets: upload accepted → `ready` ≤ 1.0× `pdfinfo` plus the
 * client's poll interval; the full per-sheet report (color, blank, scale notes, previews) ≤ 1.5 s.
 *
 * The set is 500 ARCH D (24" x 36") sheets of uncompressed vector linework (short polylines, as walls
 * and dimensions are), a scale note on each and red markup on every tenth, made once with PDFKit
 * under bench/out/. Measured two ways, interleaved with `pdfinfo` round by round:
 *   - end to end: the real `web` and `worker` processes (api/src/server.ts, worker/src/main.ts) on a
 *     throw-away database (BENCH_DATABASE_URL's server, default the PostgreSQL at 127.0.0.1:5432)
 *     with local storage; the file is POSTed to /api/upload-pdf, then GET /api/uploads/{id} is asked
 *     every 5 ms: accepted (202) → `ready`; then the database row until `sheets_complete`
 *     (REPORT_WATCH_MS), and the API once more: → full report;
 *   - in process: analyzePdf on the warm child alone: verdict, and verdict + whole report.
 *
 *   npx tsx bench/upload-analyze.ts            # prints the table
 *   npx tsx bench/upload-analyze.ts --write    # also writes bench/out/upload-analyze.json for the results file
 */
import { median, startShop } from './kit';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import PDFDocument from 'pdfkit';
import postgres from 'postgres';
import { analyzePdf, stopSpareAnalyzer, prewarmAnalyzer } from '#core/services/pdf/analyze';
import { MAX_UPLOAD_BYTES } from '#shared/limits';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT = path.join(ROOT, 'bench/out');
const SET = path.join(OUT, 'set-500-sheets-v4.pdf');
const RUNS = Number(process.env.RUNS ?? 5);
/** The bench's own poll until `ready`: fine enough that the poll adds little to what is measured. */
const POLL_MS = 5;
/**
 * After `ready`, the end of the report is watched in the database (`uploads.sheets_complete`, one
 * row, every 5 ms) and the API is asked once when it is there. Polling the API instead (every 25 ms
 * until 20:30 on 2026-11-23) asked for the 500-sheet JSON 40 times a second, 16 times the client's
 * rate (REPORT_POLL_EVERY_MS), and took a share of the two cores the report runs on.
 */
const REPORT_WATCH_MS = 5;

/** A deterministic pseudo-random sequence, so every run measures the same file. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1664525 + 1013904223) % 4294967296;
    return s / 4294967296;
  };
}

function makeSet(file: string, pages: number, segmentsPerPage: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ autoFirstPage: false, compress: false, info: { Title: 'Benchmark drawing set' } });
    const stream = fs.createWriteStream(file);
    doc.pipe(stream);
    stream.on('finish', () => resolve());
    doc.on('error', reject);
    const next = random(42);
    const w = 36 * 72;
    const h = 24 * 72;
    for (let p = 0; p < pages; p++) {
      doc.addPage({ size: [w, h], margin: 36 });
      doc
        .lineWidth(3)
        .rect(36, 36, w - 72, h - 72)
        .stroke('#000');
      doc
        .fillColor('#000')
        .fontSize(48)
        .text(`A-${String(p + 1).padStart(3, '0')}`, 72, 72, { lineBreak: false });
      doc.fontSize(14).text(`FLOOR PLAN   SCALE: 1/4" = 1'-0"`, 72, h - 120, { lineBreak: false });
      if (p % 10 === 9)
        doc
          .lineWidth(1.5)
          .rect(w / 3, h / 3, w / 3, h / 3)
          .stroke('#d00000');
      doc.lineWidth(0.5);
      for (let s = 0; s < segmentsPerPage; s += 20) {
        let x = 144 + next() * (w - 288);
        let y = 144 + next() * (h - 288);
        doc.moveTo(x, y);
        for (let k = 0; k < 20; k++) {
          // Walls and dimension lines: short, mostly horizontal or vertical steps.
          if (k % 2 === 0) x += (next() - 0.5) * 144;
          else y += (next() - 0.5) * 144;
          doc.lineTo(x, y);
        }
        doc.stroke('#000');
      }
    }
    doc.end();
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function ms(since: bigint): number {
  return Number(process.hrtime.bigint() - since) / 1e6;
}

function pdfinfo(): { ms: number; pages: number } {
  const started = process.hrtime.bigint();
  const out = execFileSync('pdfinfo', ['-f', '1', '-l', '500', SET], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return { ms: ms(started), pages: out.split('\n').filter((l) => /^Page\s+\d+ size:/.test(l)).length };
}

type Info = { status: string; pageCount: number | null; sheetsComplete: boolean; colorSheetCount: number | null; sheets: { scaleNotes: string[] | null }[] };

/** One upload through the real processes: accepted → ready, → full report. */
async function endToEnd(base: string, db: postgres.Sql, bytes: Buffer): Promise<{ readyMs: number; reportMs: number; info: Info }> {
  const form = new FormData();
  form.append('pdf', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), 'Set.pdf');
  const res = await fetch(`${base}/api/upload-pdf`, { method: 'POST', body: form });
  if (res.status !== 202) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
  const accepted = process.hrtime.bigint();
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const { uploadId } = (await res.json()) as { uploadId: string };
  const ask = async () => (await (await fetch(`${base}/api/uploads/${uploadId}`, { headers: { cookie } })).json()) as Info;
  let readyMs: number;
  for (;;) {
    const info = await ask();
    if (info.status === 'rejected') throw new Error(`rejected: ${JSON.stringify(info).slice(0, 300)}`);
    if (info.status === 'ready') {
      readyMs = ms(accepted);
      break;
    }
    if (ms(accepted) > 120_000) throw new Error('no verdict after 2 minutes');
    await sleep(POLL_MS);
  }
  for (;;) {
    const [row] = await db<{ sheets_complete: boolean }[]>`select sheets_complete from uploads where id = ${uploadId}`;
    if (row?.sheets_complete) break;
    if (ms(accepted) > 120_000) throw new Error('no report after 2 minutes');
    await sleep(REPORT_WATCH_MS);
  }
  const reportMs = ms(accepted);
  const info = await ask();
  if (!info.sheetsComplete) throw new Error('the API does not show the report the database has');
  return { readyMs, reportMs, info };
}

async function main() {
  fs.mkdirSync(OUT, { recursive: true });
  if (!fs.existsSync(SET)) {
    process.stderr.write('making the 500-sheet set (once)…\n');
    await makeSet(SET, 500, 3800);
  }
  const bytes = fs.readFileSync(SET);
  if (bytes.length > MAX_UPLOAD_BYTES) throw new Error(`the set is ${bytes.length} bytes, over the ${MAX_UPLOAD_BYTES}-byte upload limit`);

  const previewDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-bench-previews-'));
  const shop = await startShop('analyze');
  const db = postgres(shop.databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const { base } = shop;
    // Warm-up: the worker's first job loads modules and its MuPDF child compiles; neither is a customer's wait.
    await endToEnd(base, db, bytes);
    prewarmAnalyzer();
    await analyzePdf(SET, { previewDir, report: false });

    const runs = { pdfinfo: [] as number[], ready: [] as number[], report: [] as number[], verdictInProcess: [] as number[], reportInProcess: [] as number[] };
    let pdfinfoPages = 0;
    let last: Info | null = null;
    for (let i = 0; i < RUNS; i++) {
      const p = pdfinfo();
      runs.pdfinfo.push(p.ms);
      pdfinfoPages = p.pages;
      const e = await endToEnd(base, db, bytes);
      runs.ready.push(e.readyMs);
      runs.report.push(e.reportMs);
      last = e.info;
      const direct = await analyzePdf(SET, { previewDir });
      runs.verdictInProcess.push(direct.verdictMs);
      runs.reportInProcess.push(direct.elapsedMs);
      await sleep(500);
    }
    const m = Object.fromEntries(Object.entries(runs).map(([k, v]) => [k, +median(v).toFixed(1)])) as Record<keyof typeof runs, number>;
    const result = {
      date: new Date().toISOString(),
      machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, load ${os.loadavg()[0].toFixed(1)}`,
      file: { pages: 500, bytes: bytes.length, mebibytes: +(bytes.length / 2 ** 20).toFixed(2) },
      pdfinfoPages,
      report: last && { status: last.status, pageCount: last.pageCount, colorSheetCount: last.colorSheetCount, scaleNotesOnSheet1: last.sheets[0]?.scaleNotes },
      medianMs: m,
      ratios: {
        readyVsPdfinfo: +(m.ready / m.pdfinfo).toFixed(2),
        verdictInProcessVsPdfinfo: +(m.verdictInProcess / m.pdfinfo).toFixed(2),
        reportVsPdfinfo: +(m.report / m.pdfinfo).toFixed(1),
      },
      runsMs: Object.fromEntries(Object.entries(runs).map(([k, v]) => [k, v.map((x) => +x.toFixed(1))])),
    };
    console.log(JSON.stringify(result, null, 2));
    if (process.argv.includes('--write')) fs.writeFileSync(path.join(OUT, 'upload-analyze.json'), JSON.stringify(result, null, 2));
  } finally {
    stopSpareAnalyzer();
    await db.end({ timeout: 1 });
    await shop.stop();
    fs.rmSync(previewDir, { recursive: true, force: true });
  }
}

void main();
