/**
 * The full per-sheet report of a dense CAD-like set against native `mutool draw -r 36 -o /dev/null` of
 * the same file, in the same rounds, alternating which goes first (docs/decisions/030-dense-report-bench.md).
 * Target: the report no slower than `mutool`, every color sheet found and no B&W sheet called color.
 *
 * The set (bench/denseSet.ts) is made once under bench/out/: 40 ARCH D sheets, each with over 50,000
 * path operators in its content stream (counted here and printed), clipped viewports, hatches, Form
 * XObject blocks, about 400 text strings and a title block; a scanned underlay on six sheets; thin
 * colored markup (0.5–0.6 pt red revision clouds, 6 pt blue text) on eleven known sheets.
 *
 * "The full report" is the worker's report of an upload (uploads__report): analyzePdf in the warm
 * MuPDF child with its default options, so the verdict, every sheet's report and the previews of the
 * first 50 sheets (all 40 here). The same without previews (how sheets past the 50th are reported) is
 * timed too, for reference. CPU time is each side's whole process (the child with its report
 * threads; `mutool`'s as a waited-for child of this process).
 *
 *   npx tsx bench/report-dense.ts          # RUNS=3 rounds by default, medians printed
 *   npx tsx bench/report-dense.ts --write  # also keeps the table in bench/results-report-dense.md
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { analyzePdf, analyzerPid, prewarmAnalyzer, stopSpareAnalyzer, type AnalyzeResult } from '#core/services/pdf/analyze';
import { COLOR_SHEETS, DENSE_SHEETS, countSheetOperators, makeDenseSet } from './denseSet';
import { cpuMs, median } from './kit';
import { machineLine } from './machine';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT = path.join(ROOT, 'bench/out');
const SET = path.join(OUT, `dense-${DENSE_SHEETS}-sheets-v2.pdf`);
const RUNS = Number(process.env.RUNS ?? 3);
const MIN_PATH_OPERATORS = 50_000;

/** CPU time (user + system, ms) of this process's children that have been waited for (fields 16 and 17 of /proc/self/stat). */
function childrenCpuMs(): number {
  const stat = fs.readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[13]) + Number(fields[14])) * 1000) / 100;
}

if (!fs.existsSync(SET)) {
  fs.mkdirSync(OUT, { recursive: true });
  const started = performance.now();
  fs.writeFileSync(SET, makeDenseSet());
  console.error(`made ${path.relative(ROOT, SET)} in ${Math.round(performance.now() - started)} ms`);
}
const bytes = fs.readFileSync(SET);
const counted = countSheetOperators(bytes);
const pathOps = counted.map((c) => c.pathOperators);
const scanned = counted.flatMap((c, i) => (c.images ? [i + 1] : []));
if (counted.length !== DENSE_SHEETS || Math.min(...pathOps) < MIN_PATH_OPERATORS) {
  throw new Error(`the set must have ${DENSE_SHEETS} sheets of at least ${MIN_PATH_OPERATORS} path operators: ${pathOps.join(', ')}`);
}

const previewDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-dense-'));
type Timed = { wallMs: number; cpuMs: number };
const full: Timed[] = [];
const bare: Timed[] = [];
const mutool: Timed[] = [];
const wrong: string[] = [];
let last: AnalyzeResult | null = null;

/** The report in the warm child, timed, its color sheets checked against the set's. */
async function report(maxPreviews: number | undefined): Promise<Timed> {
  const pid = analyzerPid();
  if (!pid) throw new Error('no MuPDF child');
  const cpuBefore = cpuMs(pid);
  // Read at each sheet: once the job is done, a child grown past RECYCLE_MB is replaced at once.
  let cpuAfter = cpuBefore;
  const started = performance.now();
  const result = await analyzePdf(SET, {
    previewDir,
    ...(maxPreviews === undefined ? {} : { maxPreviews }),
    onSheet: () => (cpuAfter = analyzerPid() === pid ? cpuMs(pid) : cpuAfter),
  });
  const timed = { wallMs: performance.now() - started, cpuMs: cpuAfter - cpuBefore };
  const color = result.reports.filter((r) => r.color).map((r) => r.number);
  if (!result.reportComplete || color.join() !== COLOR_SHEETS.join())
    wrong.push(`${maxPreviews === 0 ? 'without previews' : 'full'}: complete ${result.reportComplete}, color ${JSON.stringify(color)}`);
  for (const name of fs.readdirSync(previewDir)) fs.rmSync(path.join(previewDir, name));
  last = result;
  return timed;
}

function runMutool(): Timed {
  const cpuBefore = childrenCpuMs();
  const started = performance.now();
  execFileSync('mutool', ['draw', '-r', '36', '-o', '/dev/null', SET], { stdio: 'ignore' });
  return { wallMs: performance.now() - started, cpuMs: childrenCpuMs() - cpuBefore };
}

console.log(machineLine());
try {
  prewarmAnalyzer();
  // One of each to warm the child, its threads and the page cache, not counted.
  await report(undefined);
  runMutool();
  for (let round = 0; round < RUNS; round++) {
    // Alternate which goes first, so neither always meets the other's leftovers (or a quieter minute).
    if (round % 2 === 0) {
      mutool.push(runMutool());
      full.push(await report(undefined));
      bare.push(await report(0));
    } else {
      bare.push(await report(0));
      full.push(await report(undefined));
      mutool.push(runMutool());
    }
    console.error(
      `round ${round + 1}: mutool ${Math.round(mutool.at(-1)!.wallMs)} ms, full report ${Math.round(full.at(-1)!.wallMs)} ms, without previews ${Math.round(bare.at(-1)!.wallMs)} ms; load ${os.loadavg()[0].toFixed(1)}`,
    );
  }
} finally {
  stopSpareAnalyzer();
  fs.rmSync(previewDir, { recursive: true, force: true });
}

const row = (what: string, runs: Timed[]) =>
  `| ${what} | ${Math.round(median(runs.map((r) => r.wallMs)))} ms | ${runs.map((r) => Math.round(r.wallMs)).join(', ')} | ${Math.round(median(runs.map((r) => r.cpuMs)))} ms |`;
const ratio = (runs: Timed[]) => (median(runs.map((r) => r.wallMs)) / median(mutool.map((r) => r.wallMs))).toFixed(2);
const numbered = (last as AnalyzeResult | null)?.reports.filter((r) => r.sheetNumber).length ?? 0;
const table = `${machineLine()}

Set: ${path.relative(ROOT, SET)}, ${DENSE_SHEETS} sheets, ${(bytes.length / 2 ** 20).toFixed(1)} MiB; path operators a sheet ${Math.min(...pathOps)}–${Math.max(...pathOps)} in the content stream (+${counted[0].inBlocks} drawn by its Form XObject blocks); scanned underlay on sheets ${JSON.stringify(scanned)}.

| what (${RUNS} rounds, alternating) | median wall | rounds (ms) | median CPU |
|---|---|---|---|
${row('`mutool draw -r 36 -o /dev/null`', mutool)}
${row('full report (as the worker: previews of the first 50)', full)}
${row('report without previews', bare)}

full report / mutool: **${ratio(full)}×**; without previews / mutool: ${ratio(bare)}×. Color sheets expected ${JSON.stringify(COLOR_SHEETS)}: ${
  wrong.length ? `**wrong** in ${wrong.length} reports: ${wrong.join('; ')}` : 'found in every report, and no other'
}. Sheet numbers read on ${numbered} of ${DENSE_SHEETS}.`;
console.log(table);
if (process.argv.includes('--write')) fs.writeFileSync(path.join(ROOT, 'bench/results-report-dense.md'), `# Dense report\n\n${table}\n`);
const met = wrong.length === 0 && median(full.map((r) => r.wallMs)) <= median(mutool.map((r) => r.wallMs));
process.exit(met ? 0 : 1);
