/**
 * The web process's resident memory (with its children's) while 10 clients each upload a 50 MB PDF at once. Uploads are
 * streamed (busboy → signature gate → storage), so memory should grow by buffers in flight, not by
 * file sizes. Target: ≤ 25 MB extra RSS per concurrent upload.
 *
 * Starts the real `web` process (api/src/server.ts) as a child on a free port, with its own
 * throw-away database on BENCH_DATABASE_URL's server (default: the PostgreSQL at 127.0.0.1:5432) and
 * local file storage in a temp folder; samples /proc/<pid>/statm every 20 ms.
 *
 *   npx tsx bench/upload-rss.ts            # prints the table
 *   npx tsx bench/upload-rss.ts --write    # also writes bench/out/upload-rss.json for the results file
 */
import { childrenOf, freePort, median, streamedUpload } from './kit';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { migrateDatabase } from '#core/lib/migrate';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const CLIENTS = 10;
/** Just under the limit, so every upload is accepted and stored whole. */
const UPLOAD_BYTES = 50 * 1024 * 1024 - 64 * 1024;

function withDatabase(url: string, name: string) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * Resident memory of the web process and its children (tsx may run an esbuild child beside it).
 */
function rssMb(pid: number): number {
  const own = (Number(fs.readFileSync(`/proc/${pid}/statm`, 'utf8').split(' ')[1]) * 4096) / 2 ** 20;
  return own + childrenOf(pid).reduce((sum, child) => sum + (fs.existsSync(`/proc/${child}`) ? rssMb(child) : 0), 0);
}

async function measure(base: string, pid: number, clients: number) {
  const samples: number[] = [];
  const baseline: number[] = [];
  for (let i = 0; i < 50; i++) {
    baseline.push(rssMb(pid));
    await new Promise((r) => setTimeout(r, 20));
  }
  const timer = setInterval(() => samples.push(rssMb(pid)), 20);
  const started = Date.now();
  const statuses = await Promise.all(Array.from({ length: clients }, async () => (await streamedUpload(base, UPLOAD_BYTES)).status));
  const seconds = (Date.now() - started) / 1000;
  clearInterval(timer);
  const before = median(baseline);
  const peak = Math.max(...samples, before);
  return {
    clients,
    statuses: [...new Set(statuses)],
    seconds: +seconds.toFixed(2),
    baselineMb: +before.toFixed(1),
    peakMb: +peak.toFixed(1),
    extraMb: +(peak - before).toFixed(1),
    extraPerUploadMb: +((peak - before) / clients).toFixed(2),
  };
}

async function main() {
  const name = `bp_bench_${randomBytes(4).toString('hex')}`;
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  const url = withDatabase(ADMIN_URL, name);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-bench-rss-'));
  const port = await freePort();
  let server: ReturnType<typeof spawn> | null = null;
  try {
    await migrateDatabase(url, { includeCurrent: true });
    server = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'api/src/server.ts')], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: url, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'development', SERVE_CLIENT: 'false' },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const pid = server.pid as number;
    const base = `http://127.0.0.1:${port}`;
    for (let i = 0; ; i++) {
      const ok = await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (i > 300) throw new Error('the web process did not come up');
      await new Promise((r) => setTimeout(r, 100));
    }
    // Warm up: modules, pools and buffers a first upload brings in.
    await streamedUpload(base, 1024 * 1024);
    await new Promise((r) => setTimeout(r, 3000));
    // Ten first, against the warmed-up baseline, so no earlier 50 MB upload has grown the heap already.
    const ten = await measure(base, pid, CLIENTS);
    await new Promise((r) => setTimeout(r, 3000));
    const one = await measure(base, pid, 1);
    const db = postgres(url, { max: 1, onnotice: () => {} });
    const [{ n }] = await db<{ n: number }[]>`select count(*)::int as n from uploads where file_size > ${49 * 2 ** 20}`;
    await db.end({ timeout: 1 });
    const result = {
      date: new Date().toISOString(),
      machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, load ${os.loadavg()[0].toFixed(1)}`,
      uploadMb: +(UPLOAD_BYTES / 2 ** 20).toFixed(2),
      runs: [ten, one],
      uploadsStoredWhole: n,
    };
    console.log(JSON.stringify(result, null, 2));
    if (process.argv.includes('--write')) fs.writeFileSync(path.join(ROOT, 'bench/out/upload-rss.json'), JSON.stringify(result, null, 2));
  } finally {
    server?.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    await admin.unsafe(`drop database if exists "${name}" with (force)`).catch(() => {});
    await admin.end({ timeout: 1 });
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

void main();
