/**
 * Comparing two issues of a 100-sheet dense CAD-like set (bench/denseSet.ts made to 100 sheets: its
 * scans and colored markup on the first 40; the second issue adds a 0.5 pt line 1" long, its `added`
 * option, to every tenth sheet) against native `mutool draw -r 50 -c gray` of both files, in the
 * same rounds (docs/decisions/029-revisions.md). Target: no slower than `mutool`, and exactly the ten changed sheets found. The compare runs in the
 * warm MuPDF child (compareSheetPairs, the revisions__compare job's work without its database
 * writes), overlays of the changed sheets written. The 90 unchanged sheets are written the same in
 * both files, so they take the object walk (samePageContent); BENCH_PIXEL_PATH=1 renders them too, as
 * for a set another program re-exported, where nothing is written the same. Rendered here, an
 * unchanged sheet gives the same pixels on both sides, so its diff stops at that check; another
 * program's export would differ by anti-aliasing and take the whole diff (blur, dilate).
 *
 *   npx tsx bench/revision-compare.ts                      # RUNS=3 by default
 *   BENCH_PIXEL_PATH=1 npx tsx bench/revision-compare.ts   # every pair rendered
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compareSheetPairs, stopSpareAnalyzer } from '#core/services/pdf/analyze';
import { COMPARE_DPI } from '#core/services/pdf/sheetCompare';
import { makeDenseSet } from './denseSet';
import { median } from './kit';
import { machineLine } from './machine';

const OUT = path.join(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'), 'bench/out');
const SHEETS = 100;
// Named apart from the sets the PDFKit generator wrote before (dense-100-sheets-*-v1.pdf), so those are not reused.
const SETS = path.join(OUT, `revision-${SHEETS}-sheets-v2`);
const PREVIOUS = path.join(SETS, 'issue-1.pdf');
const REVISION = path.join(SETS, 'issue-2.pdf');
const RUNS = Number(process.env.RUNS ?? 3);
const PIXEL_PATH = process.env.BENCH_PIXEL_PATH === '1';
const changed = (sheet: number) => sheet % 10 === 0;

fs.mkdirSync(SETS, { recursive: true });
if (!fs.existsSync(PREVIOUS)) fs.writeFileSync(PREVIOUS, makeDenseSet({ count: SHEETS }));
if (!fs.existsSync(REVISION)) fs.writeFileSync(REVISION, makeDenseSet({ count: SHEETS, added: changed }));
const dir = fs.mkdtempSync(path.join(OUT, 'revision-'));
const pairs = Array.from({ length: SHEETS }, (_, i) => ({ position: i + 1, before: { file: PREVIOUS, page: i }, after: { file: REVISION, page: i } }));
const compare: number[] = [];
const mutool: number[] = [];
let found: number[] = [];
let rendered = 0;
console.log(machineLine());
try {
  // One round of five pairs to warm the child and the page cache, not counted.
  await compareSheetPairs(pairs.slice(0, 5), { dir, dpi: COMPARE_DPI, timeoutMs: 600_000, pixelPath: PIXEL_PATH });
  for (let round = 0; round < RUNS; round++) {
    let started = performance.now();
    for (const file of [PREVIOUS, REVISION])
      execFileSync('mutool', ['draw', '-r', '50', '-c', 'gray', '-o', path.join(dir, 'page%d.png'), file], { stdio: 'ignore' });
    mutool.push(performance.now() - started);
    started = performance.now();
    const { results, limit } = await compareSheetPairs(pairs, { dir, dpi: COMPARE_DPI, timeoutMs: 600_000, pixelPath: PIXEL_PATH });
    compare.push(performance.now() - started);
    if (limit) throw new Error(`compare stopped: ${limit}`);
    found = results
      .filter((r) => r.boxes.length > 0 || r.failed)
      .map((r) => r.position)
      .sort((a, b) => a - b);
    rendered = results.filter((r) => r.rendered).length;
  }
} finally {
  stopSpareAnalyzer();
  fs.rmSync(dir, { recursive: true, force: true });
}
const expected = Array.from({ length: SHEETS }, (_, i) => i + 1).filter(changed);
console.log(`| what | median | rounds (ms) |
|---|---|---|
| compare, ${SHEETS} + ${SHEETS} dense sheets at ${COMPARE_DPI} dpi, ${PIXEL_PATH ? 'pixel path (BENCH_PIXEL_PATH=1: every pair rendered)' : 'pages written the same walked, not rendered'} | ${Math.round(median(compare))} ms | ${compare.map(Math.round).join(', ')} |
| \`mutool draw -r 50 -c gray\` of both files | ${Math.round(median(mutool))} ms | ${mutool.map(Math.round).join(', ')} |

compare / mutool: ${(median(compare) / median(mutool)).toFixed(2)}×; pairs rendered ${rendered} of ${SHEETS}; changed sheets ${JSON.stringify(found)} (expected ${JSON.stringify(expected)})`);
process.exit(found.join() === expected.join() ? 0 : 1);
