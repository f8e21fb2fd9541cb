/**
 * Export benchmark: streams a set of PDF-sized incompressible files through the real `exports__build`
 * task into local storage, in a child process so its peak RSS is the export's own, and compares the
 * time with `zip -0` on the same files. BENCH_EXPORT_MB (default 2048) and BENCH_FILE_MB (default 16).
 *   npx tsx bench/admin-export.ts
 *   npm run build && npx tsx bench/admin-export.ts --built   # the whole built worker process (node dist/server/worker.js)
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseEnv } from '#shared/env';
import { createContext } from '#core/context';
import { createLogger } from '#core/lib/logger';
import { connect } from '#core/lib/db';
import { createBenchDatabase, insertOrders } from './admin-db';

const SELF = fileURLToPath(import.meta.url);

async function child(url: string, dataDir: string, exportId: string) {
  const env = parseEnv({ NODE_ENV: 'test', DATABASE_URL: url, DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
  const ctx = await createContext(env, { sql: connect(url, { max: 2 }), log: createLogger('warn') });
  const task = (await import('../worker/src/tasks/exports__build')).default;
  global.gc?.();
  const baseline = process.memoryUsage().rss;
  let peak = 0;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const started = process.hrtime.bigint();
  await task.run({ exportId }, ctx, { job: { attempts: 1, max_attempts: 1 } } as never);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  clearInterval(timer);
  const hwm = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync('/proc/self/status', 'utf8'));
  process.stdout.write(
    JSON.stringify({ seconds, baselineRssMb: baseline / 2 ** 20, peakRssMb: Math.max(peak, Number(hwm?.[1] ?? 0) * 1024) / 2 ** 20 }) + '\n',
  );
  await ctx.sql.end();
}

/** VmRSS and VmHWM of a process, in MB. */
function memoryOf(pid: number): { rssMb: number; hwmMb: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0);
  return { rssMb: kb('VmRSS') / 1024, hwmMb: kb('VmHWM') / 1024 };
}

/** The export run by the production worker process itself (`node dist/server/worker.js`): its whole RSS. */
async function builtWorker(url: string, dataDir: string, exportId: string) {
  const root = path.resolve(path.dirname(SELF), '..');
  const worker = spawn(process.execPath, [path.join(root, 'dist/server/worker.js')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      SESSION_SECRET: 'x'.repeat(40),
      ADMIN_USERNAME: 'a',
      ADMIN_PASSWORD: 'b',
      LOG_LEVEL: 'warn',
      WORKER_CONCURRENCY: '1',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const sql = connect(url, { max: 1 });
  try {
    // Idle first: the process as it waits for work.
    await new Promise((r) => setTimeout(r, 4000));
    const baseline = memoryOf(worker.pid as number).rssMb;
    let peak = baseline;
    const timer = setInterval(() => (peak = Math.max(peak, memoryOf(worker.pid as number).rssMb)), 20);
    const started = process.hrtime.bigint();
    await sql`select graphile_worker.add_job('exports__build', json_build_object('exportId', ${exportId}::text))`;
    for (;;) {
      const [row] = await sql<{ status: string }[]>`select status from exports where id = ${exportId}`;
      if (row.status !== 'processing') break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    clearInterval(timer);
    return { seconds, baselineRssMb: baseline, peakRssMb: Math.max(peak, memoryOf(worker.pid as number).hwmMb) };
  } finally {
    worker.kill('SIGTERM');
    await sql.end();
  }
}

async function main() {
  const totalMb = Number(process.env.BENCH_EXPORT_MB ?? 2048);
  const fileMb = Number(process.env.BENCH_FILE_MB ?? 16);
  const files = Math.max(1, Math.round(totalMb / fileMb));
  const db = await createBenchDatabase('export');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-bench-export-'));
  const sql = connect(db.url, { max: 2 });
  try {
    const dir = path.join(dataDir, 'files', 'bench');
    fs.mkdirSync(dir, { recursive: true });
    const chunk = randomBytes(fileMb * 2 ** 20);
    for (let n = 1; n <= files; n++) {
      // Incompressible like real (already compressed) PDFs; a distinct first bytes per file.
      chunk.write(`%PDF-1.7 file ${n}\n`, 0);
      fs.writeFileSync(path.join(dir, `${n}.pdf`), chunk);
    }
    await insertOrders(sql, files);
    const ids = (await sql<{ id: string }[]>`select id from orders order by created_at`).map((r) => r.id);
    const [exp] = await sql<
      { id: string }[]
    >`insert into exports (requested_by, order_ids, total_files) values ('bench', ${ids}::uuid[], ${ids.length}) returning id`;
    const bytes = files * fileMb * 2 ** 20;
    // Warm the page cache the same way for both contenders.
    execFileSync('sh', ['-c', `cat ${dir}/*.pdf > /dev/null`]);

    let ours: { seconds: number; baselineRssMb: number; peakRssMb: number };
    if (process.argv.includes('--built')) ours = await builtWorker(db.url, dataDir, exp.id);
    else {
      const run = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', SELF, '--child', db.url, dataDir, exp.id], { encoding: 'utf8' });
      if (run.status !== 0) throw new Error(run.stderr);
      ours = JSON.parse(run.stdout.trim().split('\n').pop() as string) as { seconds: number; baselineRssMb: number; peakRssMb: number };
    }
    const [row] = await sql<
      { status: string; byte_size: number; processed_files: number }[]
    >`select status, byte_size, processed_files from exports where id = ${exp.id}`;
    if (row.status !== 'completed' || row.processed_files !== files) throw new Error(`export ended ${row.status}`);

    const zipOut = path.join(dataDir, 'zip0.zip');
    const timed = spawnSync(
      '/usr/bin/time',
      ['-f', '%e %M', 'zip', '-0', '-q', '-j', zipOut, ...Array.from({ length: files }, (_, i) => path.join(dir, `${i + 1}.pdf`))],
      { encoding: 'utf8' },
    );
    const [zipSeconds, zipKb] = timed.stderr.trim().split('\n').pop()!.split(' ').map(Number);
    const mbps = (s: number) => bytes / 2 ** 20 / s;
    const result = {
      files,
      totalMb: bytes / 2 ** 20,
      ours: {
        seconds: +ours.seconds.toFixed(2),
        mbPerS: +mbps(ours.seconds).toFixed(0),
        peakRssMb: +ours.peakRssMb.toFixed(0),
        rssBeforeExportMb: +ours.baselineRssMb.toFixed(0),
        zipBytes: row.byte_size,
      },
      zip0: { seconds: zipSeconds, mbPerS: +mbps(zipSeconds).toFixed(0), peakRssMb: +(zipKb / 1024).toFixed(0), zipBytes: fs.statSync(zipOut).size },
      throughputVsZip: +(zipSeconds / ours.seconds).toFixed(2),
    };
    console.log(JSON.stringify(result, null, 2));
  } finally {
    await sql.end();
    await db.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--child') await child(process.argv[3], process.argv[4], process.argv[5]);
else await main();
