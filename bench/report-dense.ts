/**
 * The full per-sheet report of a dense CAD-like set against `mutool draw -r 36` of the same file, in
 * the same rounds (docs/decisions/024-color-sheet-numbers-preflight.md). Target: no slower than
 * `mutool`, and every color sheet found.
 *
 * The set is made once with PDFKit under bench/out/: 20 ARCH D sheets, each with 16,000 short
 * three-segment polylines (about 50,000 path operators), a hatch inside a clip, 150 lines of 7 pt
 * notes and a title block (its sheet number and title); every fifth sheet has a 0.6 pt red cloud,
 * the color a B&W set most often carries. The report runs in the warm MuPDF child (analyzePdf, no
 * previews: the way sheets past the previews are reported).
 *
 *   npx tsx bench/report-dense.ts        # RUNS=5 by default
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import PDFDocument from 'pdfkit';
import { analyzePdf, stopSpareAnalyzer } from '#core/services/pdf/analyze';
import { median } from './kit';

const OUT = path.join(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'), 'bench/out');
const SET = path.join(OUT, 'dense-20-sheets-v1.pdf');
const SHEETS = 20;
const RUNS = Number(process.env.RUNS ?? 5);

async function makeSet(): Promise<void> {
  if (fs.existsSync(SET)) return;
  fs.mkdirSync(OUT, { recursive: true });
  const doc = new PDFDocument({ autoFirstPage: false, compress: true });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise((resolve) => doc.on('end', resolve));
  const [w, h] = [36 * 72, 24 * 72];
  for (let s = 0; s < SHEETS; s++) {
    doc.addPage({ size: [w, h], margin: 0 });
    // Deterministic, so the set is the same bytes every time it is made.
    let seed = s + 1;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    doc.lineWidth(0.35);
    for (let i = 0; i < 16_000; i++) {
      const x = 72 + next() * (w - 300);
      const y = 72 + next() * (h - 200);
      doc
        .moveTo(x, y)
        .lineTo(x + 30 * next(), y)
        .lineTo(x + 30 * next(), y + 20 * next());
    }
    doc.stroke('#000000');
    doc.save();
    doc.rect(300, 300, 600, 400).clip();
    for (let x = 300; x < 1300; x += 6) doc.moveTo(x, 300).lineTo(x - 400, 700);
    doc.lineWidth(0.2).stroke('#444444');
    doc.restore();
    doc.fillColor('#000000').fontSize(7);
    for (let i = 0; i < 150; i++)
      doc.text(`NOTE ${i}: PROVIDE 5/8" GYP. BD. EACH SIDE`, 100 + (i % 5) * 400, 100 + Math.floor(i / 5) * 40, { lineBreak: false });
    doc.fontSize(36).text(`A-${101 + s}`, w - 180, h - 180, { lineBreak: false });
    doc.fontSize(14).text('FLOOR PLAN', w - 420, h - 172, { lineBreak: false });
    if (s % 5 === 4) doc.lineWidth(0.6).circle(1500, 900, 160).stroke('#ff0000');
  }
  doc.end();
  await done;
  fs.writeFileSync(SET, Buffer.concat(chunks));
}

await makeSet();
const previewDir = fs.mkdtempSync(path.join(OUT, 'dense-'));
const report: number[] = [];
const mutool: number[] = [];
let colorSheets: number[] = [];
let numbered = 0;
try {
  // One round to warm the child and the page cache, not counted.
  await analyzePdf(SET, { previewDir, maxPreviews: 0 });
  for (let round = 0; round < RUNS; round++) {
    let started = performance.now();
    execFileSync('mutool', ['draw', '-r', '36', '-o', path.join(previewDir, 'page%d.png'), SET], { stdio: 'ignore' });
    mutool.push(performance.now() - started);
    started = performance.now();
    const result = await analyzePdf(SET, { previewDir, maxPreviews: 0 });
    report.push(performance.now() - started);
    colorSheets = result.reports.filter((r) => r.color).map((r) => r.number);
    numbered = result.reports.filter((r) => r.sheetNumber).length;
  }
} finally {
  stopSpareAnalyzer();
  fs.rmSync(previewDir, { recursive: true, force: true });
}
const expected = Array.from({ length: SHEETS / 5 }, (_, i) => (i + 1) * 5);
console.log(`| what | median | rounds (ms) |
|---|---|---|
| full report, ${SHEETS} dense sheets | ${Math.round(median(report))} ms | ${report.map(Math.round).join(', ')} |
| \`mutool draw -r 36\` | ${Math.round(median(mutool))} ms | ${mutool.map(Math.round).join(', ')} |

report / mutool: ${(median(report) / median(mutool)).toFixed(2)}×; color sheets ${JSON.stringify(colorSheets)} (expected ${JSON.stringify(expected)}); sheet numbers read on ${numbered} of ${SHEETS}`);
process.exit(colorSheets.join() === expected.join() ? 0 : 1);
