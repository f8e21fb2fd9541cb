/**
 * The API's p99 while customers upload as customers do: 20 clients each send drawing sets of 20–50 MB
 * at 2–10 MB/s (a size and a line speed drawn per upload, the bytes released by a clock on the
 * client side), one after another, to `POST /api/upload-pdf` (multipart, as the contract says), while
 * a prober in its own process asks one route every 20 ms. The same prober measures the same route
 * idle just before, in the same run. Target: p99 while uploading ≤ 1.5× idle p99.
 *
 * Starts the real `web` process alone (api/src/server.ts, `NODE_ENV=production`; no worker, so the
 * uploads are received and stored but not analysed) on a throw-away database on BENCH_DATABASE_URL's
 * server (default: the PostgreSQL at 127.0.0.1:5432) and local storage in a temp folder. Uploads are
 * taken in by the web process, with its intake limit (UPLOAD_INTAKE_MB_PER_SECOND). Idle and upload windows take turns for `--rounds` rounds, so other
 * load on the machine falls on both alike; each ratio is against the idle window just before it.
 *
 *   npx tsx bench/customer-uploads.ts                        # 3 rounds of 10 s, 20 customers, GET /api/health
 *   npx tsx bench/customer-uploads.ts --customers 10 --seconds 20 --rounds 2
 *   npx tsx bench/customer-uploads.ts --route /api/config     # probe another GET route
 */
import { freePort, productionWebEnv, waitForServer } from './kit';
import { machineLine } from './machine';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { migrateDatabase } from '#core/lib/migrate';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SELF = fileURLToPath(import.meta.url);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const MB = 1024 * 1024;
/** The contract's limit is 50 MB; the largest set stays a little under it with its multipart framing. */
const MAX_SET_BYTES = 50 * MB - 64 * 1024;
const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const textArg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};

/** Bytes every customer's line has let out so far, all together: what the uploads offered the shop. */
let released = 0;

/** Requests a new prober makes and throws away first: its own first requests load fetch and open the connection. */
const WARM_UP_REQUESTS = 25;

/** The prober (its own process): one GET of `route` every 20 ms for `ms`, then the latencies as JSON on stdout. */
async function probe(url: string, ms: number) {
  for (let i = 0; i < WARM_UP_REQUESTS; i++) {
    await fetch(url).then((r) => r.arrayBuffer());
    await new Promise((r) => setTimeout(r, 20));
  }
  const latencies: number[] = [];
  const pending: Promise<void>[] = [];
  let failures = 0;
  const timer = setInterval(() => {
    const started = process.hrtime.bigint();
    pending.push(
      fetch(url)
        .then(async (r) => {
          await r.arrayBuffer();
          if (r.status !== 200) failures++;
        })
        .then(() => void latencies.push(Number(process.hrtime.bigint() - started) / 1e6)),
    );
  }, 20);
  await new Promise((r) => setTimeout(r, ms));
  clearInterval(timer);
  await Promise.all(pending);
  process.stdout.write(JSON.stringify({ latencies, failures }));
}

function runProbe(url: string, ms: number): Promise<{ latencies: number[]; failures: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', SELF, '--probe', url, String(ms)], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(JSON.parse(out) as { latencies: number[]; failures: number }) : reject(new Error(`probe exited ${code}`)),
    );
  });
}

/**
 * A multipart body released no faster than a customer's line: the line earns `bytesPerSecond` of
 * credit as time passes (at most 100 ms worth saved up while the shop holds the upload back), and
 * every 50 ms what the credit allows is let out. So an upload never goes faster than its line, and a
 * shop that reads slowly slows it down as TCP would. The file is a PDF signature and then spaces.
 */
function throttledBody(head: Buffer, fill: number, tail: Buffer, bytesPerSecond: number): Readable {
  const total = head.length + fill + tail.length;
  const spaces = Buffer.alloc(256 * 1024, 0x20);
  const pieceAt = (from: number, n: number): Buffer => {
    if (from < head.length) return head.subarray(from, Math.min(head.length, from + n));
    if (from < head.length + fill) return spaces.subarray(0, Math.min(spaces.length, n, head.length + fill - from));
    return tail.subarray(from - head.length - fill, Math.min(tail.length, from - head.length - fill + n));
  };
  let sent = 0;
  let credit = 0;
  let last = Date.now();
  let timer: NodeJS.Timeout | undefined;
  const release = (stream: Readable) => {
    timer = undefined;
    const now = Date.now();
    credit = Math.min(credit + ((now - last) / 1000) * bytesPerSecond, bytesPerSecond / 10);
    last = now;
    let wanted = true;
    while (wanted && credit >= 1 && sent < total) {
      const piece = pieceAt(sent, Math.floor(credit));
      sent += piece.length;
      credit -= piece.length;
      released += piece.length;
      wanted = stream.push(piece);
    }
    if (sent >= total) stream.push(null);
    else if (wanted) timer = setTimeout(() => release(stream), 50); // the line is the limit: wait for it
    // else the shop is the limit: read() calls again when it wants more
  };
  return new Readable({
    read() {
      if (!timer) release(this);
    },
    destroy(error, done) {
      clearTimeout(timer);
      done(error);
    },
  });
}

type Sent = { status: number; bytes: number; ms: number; uploadId?: string };

/** One customer's upload: `bytes` on the wire at `bytesPerSecond`, counted (Content-Length) as a browser sends a file. */
function customerUpload(base: string, bytes: number, bytesPerSecond: number): Promise<Sent> {
  const boundary = `bench${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="pdf"; filename="Set.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const fill = Math.max(0, bytes - head.length - tail.length);
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      new URL('/api/upload-pdf', base),
      { method: 'POST', headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': head.length + fill + tail.length } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (text += d));
        res.on('end', () => {
          let uploadId: string | undefined;
          try {
            uploadId = (JSON.parse(text) as { uploadId?: string }).uploadId;
          } catch {
            // not JSON: the status says what happened
          }
          resolve({ status: res.statusCode ?? 0, bytes: head.length + fill + tail.length, ms: Date.now() - started, uploadId });
        });
      },
    );
    req.on('error', reject);
    throttledBody(head, fill, tail, bytesPerSecond).pipe(req);
  });
}

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};

async function main() {
  const seconds = arg('seconds', 10);
  const rounds = arg('rounds', 3);
  const customers = arg('customers', 20);
  const route = textArg('route', '/api/health');
  const name = `bp_bench_cust_${randomBytes(3).toString('hex')}`;
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  const u = new URL(ADMIN_URL);
  u.pathname = `/${name}`;
  const url = u.toString();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-bench-cust-'));
  const port = await freePort();
  let server: ChildProcess | null = null;
  try {
    await migrateDatabase(url, { includeCurrent: true });
    const env = productionWebEnv({ databaseUrl: url, port, dataDir });
    server = spawn(
      process.execPath,
      [...(process.env.BENCH_SERVER_FLAGS?.split(' ').filter(Boolean) ?? []), '--import', 'tsx', path.join(ROOT, 'api/src/server.ts')],
      { cwd: ROOT, env, stdio: ['ignore', 'inherit', 'inherit'] },
    );
    const base = `http://127.0.0.1:${port}`;
    await waitForServer(`${base}/api/health`, (status) => status === 200);
    const probeUrl = `${base}${route}`;
    await customerUpload(base, MB, 100 * MB); // warm-up: the modules and pools a first upload brings in
    const forget = (sent: Sent) => {
      // Keep the temp disk small: no worker analyses the stored file.
      if (sent.uploadId) fs.rmSync(path.join(dataDir, 'files', 'uploads', sent.uploadId), { recursive: true, force: true });
    };

    const rows: string[] = [];
    const ratios: number[] = [];
    const allIdle: number[] = [];
    const allBusy: number[] = [];
    const done: Sent[] = [];
    let failedProbes = 0;
    for (let round = 1; round <= rounds; round++) {
      const idle = await runProbe(probeUrl, seconds * 1000);
      // Customers arrive over the first 2 s and upload set after set until the probe is done; the
      // probe starts once the last has arrived, so it sees the steady state.
      let uploading = true;
      const customersDone = Promise.all(
        Array.from({ length: customers }, async () => {
          await new Promise((r) => setTimeout(r, randomInt(2000)));
          while (uploading) {
            const size = Math.min(MAX_SET_BYTES, randomInt(20 * MB, 50 * MB));
            const rate = randomInt(2 * MB, 10 * MB);
            const sent = await customerUpload(base, size, rate);
            done.push(sent);
            forget(sent);
          }
        }),
      );
      await new Promise((r) => setTimeout(r, 2500));
      const probeStarted = Date.now();
      const releasedBefore = released;
      const busy = await runProbe(probeUrl, seconds * 1000);
      const probeMs = Date.now() - probeStarted;
      uploading = false;
      const offered = (released - releasedBefore) / MB / (probeMs / 1000);
      await customersDone; // the sets under way finish at their own pace
      const ratio = percentile(busy.latencies, 99) / percentile(idle.latencies, 99);
      ratios.push(ratio);
      allIdle.push(...idle.latencies);
      allBusy.push(...busy.latencies);
      failedProbes += idle.failures + busy.failures;
      const fmt = (xs: number[]) => `${xs.length} | ${percentile(xs, 50).toFixed(1)} | ${percentile(xs, 99).toFixed(1)} | ${Math.max(...xs).toFixed(1)}`;
      rows.push(`| ${round} | idle | ${fmt(idle.latencies)} | | |`);
      rows.push(`| ${round} | ${customers} customers uploading | ${fmt(busy.latencies)} | ${ratio.toFixed(2)}× | ${offered.toFixed(0)} MB/s |`);
    }
    const accepted = done.filter((s) => s.status === 202);
    const lineRates = accepted.map((s) => s.bytes / MB / (s.ms / 1000));
    const medianRatio = [...ratios].sort((a, b) => a - b)[Math.floor(ratios.length / 2)];
    const pooled = percentile(allBusy, 99) / percentile(allIdle, 99);
    console.log(
      [
        machineLine(),
        `web process alone (no worker), uploads taken inline; GET ${route} every 20 ms from a separate process, ${seconds} s windows`,
        `${done.length} sets sent (20–50 MB at 2–10 MB/s each), ${accepted.length} accepted (202), ${done.length - accepted.length} not; each set's achieved rate: median ${percentile(lineRates, 50)?.toFixed(1)} MB/s, slowest ${Math.min(...lineRates).toFixed(1)} MB/s; ${failedProbes} probe answers not 200`,
        '',
        '| round | window | requests | p50 ms | p99 ms | max ms | p99 vs idle | sent, all customers |',
        '|---:|---|---:|---:|---:|---:|---:|---:|',
        ...rows,
        '',
        `All rounds pooled: idle p99 ${percentile(allIdle, 99).toFixed(1)} ms, while uploading ${percentile(allBusy, 99).toFixed(1)} ms: ${pooled.toFixed(2)}× (target ≤ 1.5×: ${pooled <= 1.5 ? 'met' : 'missed'})`,
        `Median of the rounds' ratios: ${medianRatio.toFixed(2)}×`,
      ].join('\n'),
    );
  } finally {
    server?.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    await admin.unsafe(`drop database if exists "${name}" with (force)`).catch(() => {});
    await admin.end({ timeout: 1 });
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const probeAt = process.argv.indexOf('--probe');
if (probeAt > 0) await probe(process.argv[probeAt + 1], Number(process.argv[probeAt + 2]));
else await main();
