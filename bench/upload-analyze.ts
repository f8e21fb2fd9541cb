/**
 * How long the upload analysis takes on a 500-page, ~50 MB drawing set, against `pdfinfo -f 1 -l 500`
 * (poppler-utils) reading every page's size from the same file. Target: no slower than pdfinfo.
 *
 * The set is 500 ARCH D (24" x 36") sheets of uncompressed vector linework (short polylines, as walls
 * and dimensions are), about 50 MB, made once with PDFKit under bench/out/. Three numbers for ours:
 *   - MuPDF: opening the file and measuring every sheet, timed inside the child;
 *   - verdict, warm: the worker's normal case, a spare child already started (analyze.ts keeps one);
 *   - verdict, cold: a child started for this file (Node + MuPDF's WebAssembly start-up included);
 *   - whole job: verdict plus the 50 sheet previews.
 *
 *   npx tsx bench/upload-analyze.ts            # prints the table
 *   npx tsx bench/upload-analyze.ts --write    # also writes bench/out/upload-analyze.json for the results file
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import PDFDocument from 'pdfkit';
import { analyzePdf, stopSpareAnalyzer } from '../api/src/core/services/pdf/analyze';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT = path.join(ROOT, 'bench/out');
const SET = path.join(OUT, 'set-500-sheets-v3.pdf');
const RUNS = 5;

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
      doc.lineWidth(3).rect(36, 36, w - 72, h - 72).stroke('#000');
      doc.fontSize(48).text(`A-${String(p + 1).padStart(3, '0')}`, 72, 72);
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
        doc.stroke();
      }
    }
    doc.end();
  });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

async function time(fn: () => Promise<unknown> | unknown): Promise<number> {
  const started = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - started) / 1e6;
}

async function main() {
  fs.mkdirSync(OUT, { recursive: true });
  if (!fs.existsSync(SET)) {
    process.stderr.write('making the 500-sheet set (once)…\n');
    await makeSet(SET, 500, 4000);
  }
  const bytes = fs.statSync(SET).size;
  const previewDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-bench-previews-'));

  const pdfinfo: number[] = [];
  let pdfinfoPages = 0;
  for (let i = 0; i < RUNS; i++) {
    pdfinfo.push(
      await time(() => {
        const out = execFileSync('pdfinfo', ['-f', '1', '-l', '500', SET], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
        pdfinfoPages = out.split('\n').filter((l) => /^Page\s+\d+ size:/.test(l)).length;
      }),
    );
  }

  const inside: number[] = [];
  const cold: number[] = [];
  const warm: number[] = [];
  const whole: number[] = [];
  let verdict = '';
  for (let i = 0; i < RUNS; i++) {
    stopSpareAnalyzer();
    const c = await analyzePdf(SET, { previewDir, maxPreviews: 0 });
    cold.push(c.verdictMs);
    verdict = `${c.verdict.status}, ${c.verdict.pageCount} pages, ${c.verdict.detectedSize}`;
    // Let the spare finish starting, as it has between jobs in the worker.
    await new Promise((r) => setTimeout(r, 3000));
    const w = await analyzePdf(SET, { previewDir, maxPreviews: 0 });
    warm.push(w.verdictMs);
    inside.push(w.measureMs ?? NaN);
    await new Promise((r) => setTimeout(r, 3000));
    whole.push((await analyzePdf(SET, { previewDir })).elapsedMs);
    await new Promise((r) => setTimeout(r, 3000));
  }
  stopSpareAnalyzer();
  fs.rmSync(previewDir, { recursive: true, force: true });

  const result = {
    date: new Date().toISOString(),
    machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, load ${os.loadavg()[0].toFixed(1)}`,
    file: { pages: 500, megabytes: +(bytes / 2 ** 20).toFixed(1) },
    verdict,
    pdfinfoPages,
    medianMs: { pdfinfo: median(pdfinfo), mupdfInChild: median(inside), oursWarm: median(warm), oursCold: median(cold), oursWithPreviews: median(whole) },
    runsMs: { pdfinfo, mupdfInChild: inside, oursWarm: warm, oursCold: cold, oursWithPreviews: whole },
  };
  console.log(JSON.stringify(result, null, 2));
  if (process.argv.includes('--write')) fs.writeFileSync(path.join(OUT, 'upload-analyze.json'), JSON.stringify(result, null, 2));
}

void main();
