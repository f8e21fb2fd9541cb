/**
 * The full per-sheet report of a dense CAD-like set against `mutool draw -r 36` of the same file, in
 * the same rounds (docs/decisions/024-color-sheet-numbers-preflight.md). Target: no slower than
 * `mutool`, and every color sheet found.
 *
 * The set (bench/denseSet.ts, 20 sheets) is made once under bench/out/. The report runs in the warm MuPDF child (analyzePdf, no
 * previews: the way sheets past the previews are reported).
 *
 *   npx tsx bench/report-dense.ts        # RUNS=5 by default
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { analyzePdf, stopSpareAnalyzer } from '#core/services/pdf/analyze';
import { makeDenseSet } from './denseSet';
import { median } from './kit';

const OUT = path.join(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'), 'bench/out');
const SET = path.join(OUT, 'dense-20-sheets-v1.pdf');
const SHEETS = 20;
const RUNS = Number(process.env.RUNS ?? 5);

await makeDenseSet(SET, SHEETS);
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
