/**
 * Upload finished → price on screen, in Chromium, for the 500-sheet set under 50 MiB that
 * bench/upload-analyze.ts makes (target ≤ 1.0 s). The real `web` and `worker` processes run on a
 * throw-away database (BENCH_DATABASE_URL's server, default the PostgreSQL at 127.0.0.1:5432) with
 * local storage and the built client; the landing page uploads the file through its own file input.
 * In the page, "upload finished" is the moment the upload's XMLHttpRequest answers (202) and "price
 * on screen" the moment the order summary with its total is in the document, both on the page's clock.
 * Each run also notes the CPU time the web process spent while the file went up.
 *
 *   npx tsx bench/upload-analyze.ts            # once, to make the set
 *   npx tsx bench/upload-price-chromium.ts     # prints the runs
 *   npx tsx bench/upload-price-chromium.ts --write
 */
import { cpuMs, median, startShop } from './kit';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildClientIfStale } from '../scripts/build-client';
import { launchBrowser } from '#test/helpers/browser';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SET = path.join(ROOT, 'bench/out/set-500-sheets-v4.pdf');
const RUNS = Number(process.env.RUNS ?? 5);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Runs in the page before its scripts: notes when the upload answers and when the total appears. */
function instrument() {
  const marks = { uploadDone: 0, priceShown: 0 };
  (window as unknown as { benchMarks: typeof marks }).benchMarks = marks;
  const send = XMLHttpRequest.prototype.send;
  XMLHttpRequest.prototype.send = function (this: XMLHttpRequest, body) {
    this.addEventListener('load', () => {
      if (this.responseURL.endsWith('/api/upload-pdf') && this.status === 202) marks.uploadDone = performance.now();
    });
    return send.call(this, body);
  };
  new MutationObserver(() => {
    if (marks.uploadDone && !marks.priceShown && document.getElementById('order-summary-title')) marks.priceShown = performance.now();
  }).observe(document, { childList: true, subtree: true });
}

async function main() {
  if (!fs.existsSync(SET)) throw new Error('Run bench/upload-analyze.ts first: it makes the set.');
  await buildClientIfStale(() => {});
  const shop = await startShop('price');
  const browser = await launchBrowser();
  try {
    const { base } = shop;
    const runs: { uploadToPriceMs: number; uploadSendMs: number; webCpuMs: number }[] = [];
    // One warm-up run (worker modules, MuPDF compiling, the browser's cache of the client), then the measured ones.
    for (let i = 0; i <= RUNS; i++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.addInitScript(instrument);
      await page.goto(`${base}/`);
      const input = page.locator('#upload input[type=file]');
      await input.waitFor({ state: 'attached', timeout: 30_000 });
      const chosen = await page.evaluate(() => performance.now());
      const cpuBefore = cpuMs(shop.webPid);
      await input.setInputFiles(SET);
      await page.waitForFunction(() => (window as unknown as { benchMarks: { uploadDone: number } }).benchMarks.uploadDone > 0, null, { timeout: 120_000 });
      const webCpuMs = cpuMs(shop.webPid) - cpuBefore;
      await page.locator('#order-summary-title').waitFor({ timeout: 120_000 });
      const marks = await page.evaluate(() => (window as unknown as { benchMarks: { uploadDone: number; priceShown: number } }).benchMarks);
      if (i > 0) {
        runs.push({
          uploadToPriceMs: +(marks.priceShown - marks.uploadDone).toFixed(1),
          uploadSendMs: +(marks.uploadDone - chosen).toFixed(1),
          webCpuMs,
        });
      }
      await context.close();
      await sleep(1500);
    }
    const result = {
      date: new Date().toISOString(),
      machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, load ${os.loadavg()[0].toFixed(1)}`,
      file: { pages: 500, mebibytes: +(fs.statSync(SET).size / 2 ** 20).toFixed(2) },
      medianUploadToPriceMs: median(runs.map((r) => r.uploadToPriceMs)),
      runs,
    };
    console.log(JSON.stringify(result, null, 2));
    if (process.argv.includes('--write')) fs.writeFileSync(path.join(ROOT, 'bench/out/upload-price-chromium.json'), JSON.stringify(result, null, 2));
  } finally {
    await browser.close();
    await shop.stop();
  }
}

void main();
