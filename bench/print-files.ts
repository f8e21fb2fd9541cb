/**
 * Building the print-ready files of the dense 40-sheet set (bench/denseSet.ts), 2 sets + 1
 * half-size set, as `print_batches__build` does (core/production: plan, then one PDF per paper and
 * ink), against native `mutool draw -r 36 -o /dev/null` of the same set in the same run.
 *
 * Targets (issue "Production at the counter"): building every batch takes no longer than `mutool`;
 * each batch file is at most 1.2× the customer's file (a sheet is stored once however many sets
 * place it). The sum over the batches is printed too: a full-size and a half-size batch each carry
 * the sheets they place.
 *
 *   npx tsx bench/print-files.ts            (RUNS=3 by default)
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { planBatches } from '#core/production/plan';
import { buildPrintFile } from '#core/production/printFile';
import { HALF_SCALE } from '#shared/production';
import { COLOR_SHEETS, DENSE_SHEETS, makeDenseSet } from './denseSet';
import { median } from './kit';
import { machineLine } from './machine';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT = path.join(ROOT, 'bench/out');
const SET = path.join(OUT, `dense-${DENSE_SHEETS}-sheets-v2.pdf`);
const RUNS = Number(process.env.RUNS ?? 3);

if (!fs.existsSync(SET)) {
  fs.mkdirSync(OUT, { recursive: true });
  fs.writeFileSync(SET, makeDenseSet());
}
const setBytes = fs.statSync(SET).size;
const sheets = Array.from({ length: DENSE_SHEETS }, (_, i) => ({ position: i + 1, paper: '24x36' as const, color: COLOR_SHEETS.includes(i + 1) }));
const batches = planBatches(sheets, { printSize: 'asDrawn', sets: 2, halfSets: 1 });
const banner = {
  orderNumber: 'BENCH001',
  recipient: 'Bench',
  jobName: 'Dense set',
  setsText: '2 sets + 1 half-size set',
  sheetsText: `Sheets 1–${DENSE_SHEETS}`,
  paperText: '24" x 36"',
  finishing: ['No finishing'],
  dueText: '—',
  batchText: 'Batch',
};

function buildAll(): { ms: number; sizes: { name: string; bytes: number; pages: number }[] } {
  const started = performance.now();
  const sizes = batches.map((b) => {
    const file = buildPrintFile([{ path: SET, firstPosition: 1, pageCount: DENSE_SHEETS }], { ...b, scale: b.halfSize ? HALF_SCALE : 1 }, banner);
    return { name: `${b.paper} ${b.ink}${b.halfSize ? ' half' : ''} (${b.positions.length} sheets × ${b.sets})`, bytes: file.bytes.length, pages: file.pages };
  });
  return { ms: performance.now() - started, sizes };
}

function runMutool(): number {
  const started = performance.now();
  execFileSync('mutool', ['draw', '-r', '36', '-o', '/dev/null', SET], { stdio: 'ignore' });
  return performance.now() - started;
}

console.log(machineLine());
buildAll();
runMutool();
const built: number[] = [];
const mutool: number[] = [];
let sizes: { name: string; bytes: number; pages: number }[] = [];
for (let round = 0; round < RUNS; round++) {
  mutool.push(runMutool());
  const run = buildAll();
  built.push(run.ms);
  sizes = run.sizes;
  console.error(`round ${round + 1}: mutool ${Math.round(mutool.at(-1)!)} ms, build ${Math.round(run.ms)} ms; load ${os.loadavg()[0].toFixed(1)}`);
}
const mb = (n: number) => (n / 1e6).toFixed(2);
const total = sizes.reduce((n, s) => n + s.bytes, 0);
console.log(`
| what | median ms | vs mutool |
|---|---|---|
| \`mutool draw -r 36 -o /dev/null\` (${DENSE_SHEETS} sheets) | ${Math.round(median(mutool))} | 1.00 |
| build every batch (2 sets + 1 half-size set) | ${Math.round(median(built))} | ${(median(built) / median(mutool)).toFixed(2)} |

The customer's file: ${mb(setBytes)} MB.

| batch | pages | MB | × the customer's file |
|---|---|---|---|
${sizes.map((s) => `| ${s.name} | ${s.pages} | ${mb(s.bytes)} | ${(s.bytes / setBytes).toFixed(2)} |`).join('\n')}
| all batches | ${sizes.reduce((n, s) => n + s.pages, 0)} | ${mb(total)} | ${(total / setBytes).toFixed(2)} |
`);
