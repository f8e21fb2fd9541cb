/**
 * The API's latency while customers upload: `GET /api/health` every 20 ms, idle and while 4 clients
 * each upload 50 MB PDFs back to back. Target: p99 during the uploads ≤ 1.5× idle p99.
 *
 * Starts the real `web` process alone (api/src/server.ts, no worker: under `npm start` the worker
 * shares the process and its analysis adds to the figures) as a child on a free port, with a
 * throw-away database on BENCH_DATABASE_URL's server (default: the PostgreSQL at 127.0.0.1:5432) and
 * local storage in a temp folder. The prober runs in its own process so the uploading client's work
 * does not delay its timers. Idle and upload windows take turns for `--rounds` rounds, so load from
 * other work on the machine falls on both alike; each ratio is against the idle window just before.
 *
 *   npx tsx bench/api-p99-upload.ts                  # 5 rounds of 4 s idle + 4 s uploading
 *   npx tsx bench/api-p99-upload.ts --seconds 10 --rounds 2
 *   npx tsx bench/api-p99-upload.ts --sink            # the floor: the same uploads go to a sink instead
 *   npx tsx bench/api-p99-upload.ts --warm            # uploads as a browser sends them (see below)
 *
 * With `--sink` the uploads go to a bare Node HTTP server in its own process that takes the bytes in
 * at the shop's intake rate and drops them, while the prober still asks the shop: what the machine
 * alone (the uploading client and the kernel on the same two cores) does to the shop's p99.
 *
 * By default each uploader streams its uploads (chunked) back to back on its own connection. With
 * `--warm` every upload is sent as a browser sends it from a loaded page: counted (Content-Length),
 * on a keep-alive connection that has just carried another request.
 */
import { freePort, streamedUpload, uploadOnWarmConnection, waitForServer } from './kit';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { migrateDatabase } from '#core/lib/migrate';
import { uploadIntake } from '../api/src/http/uploadIntake';
import { DEFAULT_UPLOAD_INTAKE_MB_PER_SECOND } from '#shared/env';
import http from 'node:http';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SELF = fileURLToPath(import.meta.url);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const UPLOADERS = 4;
const SINK = process.argv.includes('--sink');
const WARM = process.argv.includes('--warm');
/** Just under the limit, so every upload is accepted and stored whole. */
const UPLOAD_BYTES = 50 * 1024 * 1024 - 64 * 1024;
const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};

/** Requests a new prober makes and throws away before it measures: see `probe`. */
const WARM_UP_REQUESTS = 25;

/**
 * The prober (its own process): one GET every 20 ms for `ms`, then the latencies as JSON on stdout.
 * A new process's first request costs it 15–25 ms of its own (fetch's modules load, the connection
 * opens), which is the prober's cost, not the shop's: with ~200 samples a window, that one request
 * alone set the p99 of many windows. So it first makes `WARM_UP_REQUESTS` requests and drops them.
 */
async function probe(base: string, ms: number) {
  for (let i = 0; i < WARM_UP_REQUESTS; i++) {
    await fetch(`${base}/api/health`).then((r) => r.arrayBuffer());
    await new Promise((r) => setTimeout(r, 20));
  }
  const latencies: number[] = [];
  const pending: Promise<void>[] = [];
  const end = Date.now() + ms;
  const timer = setInterval(() => {
    const started = process.hrtime.bigint();
    pending.push(
      fetch(`${base}/api/health`)
        .then((r) => r.arrayBuffer())
        .then(() => void latencies.push(Number(process.hrtime.bigint() - started) / 1e6)),
    );
  }, 20);
  await new Promise((r) => setTimeout(r, end - Date.now()));
  clearInterval(timer);
  await Promise.all(pending);
  process.stdout.write(JSON.stringify(latencies));
}

function runProbe(base: string, ms: number): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', SELF, '--probe', base, String(ms)], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(JSON.parse(out) as number[]) : reject(new Error(`probe exited ${code}`))));
  });
}

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};

async function main() {
  const seconds = arg('seconds', 4);
  const rounds = arg('rounds', 5);
  const name = `bp_bench_p99_${randomBytes(3).toString('hex')}`;
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  const u = new URL(ADMIN_URL);
  u.pathname = `/${name}`;
  const url = u.toString();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-bench-p99-'));
  const port = await freePort();
  let server: ChildProcess | null = null;
  let sink: ChildProcess | null = null;
  try {
    await migrateDatabase(url, { includeCurrent: true });
    const env = {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: url,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SESSION_SECRET: randomBytes(32).toString('hex'),
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: randomBytes(12).toString('hex'),
    };
    server = spawn(
      process.execPath,
      [...(process.env.BENCH_SERVER_FLAGS?.split(' ').filter(Boolean) ?? []), '--import', 'tsx', path.join(ROOT, 'api/src/server.ts')],
      { cwd: ROOT, env, stdio: ['ignore', 'inherit', 'inherit'] },
    );
    const base = `http://127.0.0.1:${port}`;
    await waitForServer(`${base}/api/health`, (status) => status === 200);
    let target = base;
    if (SINK) {
      const sinkPort = await freePort();
      sink = spawn(
        process.execPath,
        ['--import', 'tsx', SELF, '--serve-sink', String(sinkPort), process.env.UPLOAD_INTAKE_MB_PER_SECOND ?? String(DEFAULT_UPLOAD_INTAKE_MB_PER_SECOND)],
        {
          cwd: ROOT,
          stdio: ['ignore', 'ignore', 'inherit'],
        },
      );
      target = `http://127.0.0.1:${sinkPort}`;
      await waitForServer(`${target}/`, () => true);
    }
    await streamedUpload(base, 1024 * 1024); // warm-up: modules and pools a first upload brings in
    const rows: string[] = [];
    const ratios: number[] = [];
    const allIdle: number[] = [];
    const allBusy: number[] = [];
    let uploads = 0;
    let refused = 0;
    for (let round = 1; round <= rounds; round++) {
      const idle = await runProbe(base, seconds * 1000);
      // Uploading window: 4 clients upload back to back until the prober is done.
      let probing = true;
      const loaded = runProbe(base, seconds * 1000).finally(() => (probing = false));
      const started = Date.now();
      let bytes = 0;
      await Promise.all(
        Array.from({ length: UPLOADERS }, async () => {
          while (probing) {
            const r = await (WARM ? uploadOnWarmConnection : streamedUpload)(target, UPLOAD_BYTES);
            uploads++;
            if (r.status !== 202) refused++;
            else bytes += UPLOAD_BYTES;
            // Keep the temp disk small: the stored file is not needed (no worker analyses it).
            if (r.body.uploadId) fs.rmSync(path.join(dataDir, 'uploads', r.body.uploadId), { recursive: true, force: true });
          }
        }),
      );
      const busy = await loaded;
      const mbps = bytes / 2 ** 20 / ((Date.now() - started) / 1000);
      const ratio = percentile(busy, 99) / percentile(idle, 99);
      allIdle.push(...idle);
      allBusy.push(...busy);
      ratios.push(ratio);
      rows.push(
        `| ${round} | idle | ${idle.length} | ${percentile(idle, 50).toFixed(1)} | ${percentile(idle, 99).toFixed(1)} | ${Math.max(...idle).toFixed(1)} | | |`,
      );
      rows.push(
        `| ${round} | ${UPLOADERS} × 50 MB uploads | ${busy.length} | ${percentile(busy, 50).toFixed(1)} | ${percentile(busy, 99).toFixed(1)} | ${Math.max(...busy).toFixed(1)} | ${ratio.toFixed(2)}× | ${mbps.toFixed(0)} MB/s |`,
      );
    }
    const median = [...ratios].sort((a, b) => a - b)[Math.floor(ratios.length / 2)];
    console.log(
      [
        `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}; load average ${os.loadavg()[0].toFixed(1)}; ${new Date().toISOString()}`,
        `web process alone (no worker), GET /api/health every 20 ms from a separate process, ${seconds} s windows; ${uploads} uploads${WARM ? ' (each on a warm keep-alive connection)' : ''}, ${refused} not accepted`,
        '',
        '| round | window | requests | p50 ms | p99 ms | max ms | p99 vs idle | upload rate |',
        '|---:|---|---:|---:|---:|---:|---:|---:|',
        ...rows,
        '',
        `All rounds pooled: idle p99 ${percentile(allIdle, 99).toFixed(1)} ms, during uploads ${percentile(allBusy, 99).toFixed(1)} ms: ${(percentile(allBusy, 99) / percentile(allIdle, 99)).toFixed(2)}× (target ≤ 1.5×)`,
        `Median of the rounds' ratios: ${median.toFixed(2)}×`,
      ].join('\n'),
    );
  } finally {
    server?.kill('SIGTERM');
    sink?.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    await admin.unsafe(`drop database if exists "${name}" with (force)`).catch(() => {});
    await admin.end({ timeout: 1 });
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The sink (its own process): takes request bodies in at `mbps` and drops them, answering 202. */
async function serveSink(port: number, mbps: number) {
  const intake = uploadIntake(mbps);
  http
    .createServer((req, res) => {
      req
        .pipe(intake.through())
        .on('data', () => {})
        .on('end', () => res.writeHead(202, { 'content-type': 'application/json' }).end('{}'));
    })
    .listen(port, '127.0.0.1', () => process.stdout.write('ready\n'));
}

const probeAt = process.argv.indexOf('--probe');
const sinkAt = process.argv.indexOf('--serve-sink');
if (probeAt > 0) await probe(process.argv[probeAt + 1], Number(process.argv[probeAt + 2]));
else if (sinkAt > 0) await serveSink(Number(process.argv[sinkAt + 1]), Number(process.argv[sinkAt + 2]));
else await main();
