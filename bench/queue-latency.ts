/**
 * Enqueue-to-start latency of a job: the shop's way (a row and its job written in one transaction
 * with `addJob` from core/lib/db.ts) against graphile-worker's own `WorkerUtils.addJob` and
 * `quickAddJob`, on the same worker (graphile-worker `run`, the shop's concurrency and poll
 * interval; jobs are picked up through LISTEN/NOTIFY). Latency = from just before the enqueue call
 * to the first line of the task. Jobs are sent one at a time with a short pause (latency, not
 * throughput), then a burst of 1,000 measures the drain rate.
 *
 *   npx tsx bench/queue-latency.ts              # 300 jobs per path
 *   npx tsx bench/queue-latency.ts --jobs 1000
 *
 * Uses a throw-away database on BENCH_DATABASE_URL's server (default: the PostgreSQL at
 * 127.0.0.1:5432, user postgres), migrated from scratch and dropped afterwards.
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import postgres from 'postgres';
import { Logger, makeWorkerUtils, quickAddJob, run, type Runner, type Task } from 'graphile-worker';
import { addAnyJob, connect } from '#core/lib/db';
import { migrateDatabase } from '#core/lib/migrate';
import { createPgPool } from '#core/lib/pgPool';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const JOBS = arg('jobs', 300);
const BURST = arg('burst', 1000);
const CONCURRENCY = 4; // WORKER_CONCURRENCY's default
const POLL_MS = 2000; // the shop's worker poll interval (LISTEN/NOTIFY wakes it sooner)

type Stats = { n: number; mean: number; p50: number; p95: number; p99: number; max: number };
function stats(xs: number[]): Stats {
  const s = [...xs].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))];
  return { n: s.length, mean: s.reduce((a, b) => a + b, 0) / s.length, p50: q(0.5), p95: q(0.95), p99: q(0.99), max: s[s.length - 1] };
}
const ms = (x: number) => `${x.toFixed(2)} ms`;

async function main() {
  const name = `bp_bench_queue_${randomBytes(3).toString('hex')}`;
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  const u = new URL(ADMIN_URL);
  u.pathname = `/${name}`;
  const url = u.toString();
  let runner: Runner | null = null;
  let pgPool: ReturnType<typeof createPgPool> | null = null;
  let addPool: ReturnType<typeof createPgPool> | null = null;
  const sql = connect(url, { max: 4 });
  try {
    await migrateDatabase(url, { includeCurrent: true });
    await sql`create table bench_rows (id bigserial primary key, created_at timestamptz not null default now())`;

    // Each job's payload carries its id; the task records when it started.
    const started = new Map<string, number>();
    const waiters = new Map<string, () => void>();
    const noop: Task = async (payload) => {
      const id = (payload as { id: string }).id;
      started.set(id, performance.now());
      waiters.get(id)?.();
    };
    const logger = new Logger(() => () => {});
    pgPool = createPgPool(url, CONCURRENCY + 4, () => {});
    runner = await run({
      pgPool,
      concurrency: CONCURRENCY,
      pollInterval: POLL_MS,
      noHandleSignals: true,
      taskList: { bench__noop: noop },
      logger,
      parsedCronItems: [],
    });
    // Enqueueing uses a pool of its own, as a web process would.
    addPool = createPgPool(url, 2, () => {});
    const utils = await makeWorkerUtils({ pgPool: addPool, logger });
    const quickPool = addPool;

    const paths: Record<string, (id: string) => Promise<void>> = {
      'shop: row + addJob in one transaction': (id) =>
        sql.begin(async (tx) => {
          await tx`insert into bench_rows default values`;
          await addAnyJob(tx, 'bench__noop', { id }, { jobKey: `bench:${id}`, maxAttempts: 3 });
        }) as Promise<unknown> as Promise<void>,
      'shop: addJob alone (no transaction)': (id) => addAnyJob(sql, 'bench__noop', { id }),
      'graphile-worker: WorkerUtils.addJob': async (id) => void (await utils.addJob('bench__noop', { id })),
      'graphile-worker: quickAddJob (shared pool)': async (id) => void (await quickAddJob({ pgPool: quickPool, logger }, 'bench__noop', { id })),
    };

    const results: { path: string; stats: Stats }[] = [];
    // Warm up every path (connections, prepared statements).
    for (const fn of Object.values(paths)) for (let i = 0; i < 20; i++) await timed(fn);
    // Interleave the paths round by round so drift on the machine hits all of them alike.
    const samples = new Map<string, number[]>(Object.keys(paths).map((k) => [k, []]));
    for (let round = 0; round < JOBS; round++) {
      for (const [label, fn] of Object.entries(paths)) {
        samples.get(label)?.push(await timed(fn));
        await new Promise((r) => setTimeout(r, 2));
      }
    }
    for (const [label, xs] of samples) results.push({ path: label, stats: stats(xs) });

    async function timed(fn: (id: string) => Promise<void>): Promise<number> {
      const id = randomBytes(8).toString('hex');
      const done = new Promise<void>((r) => waiters.set(id, r));
      const t0 = performance.now();
      await fn(id);
      await done;
      waiters.delete(id);
      return (started.get(id) as number) - t0;
    }

    // Burst: BURST jobs enqueued as fast as one connection can, each in its own transaction with a row.
    const burstIds = Array.from({ length: BURST }, () => randomBytes(8).toString('hex'));
    const burstDone = Promise.all(burstIds.map((id) => new Promise<void>((r) => waiters.set(id, r))));
    const b0 = performance.now();
    for (const id of burstIds) {
      await sql.begin(async (tx) => {
        await tx`insert into bench_rows default values`;
        await addAnyJob(tx, 'bench__noop', { id });
      });
    }
    const enqueuedMs = performance.now() - b0;
    await burstDone;
    const drainedMs = performance.now() - b0;

    await utils.release();
    const line = (r: { path: string; stats: Stats }) =>
      `| ${r.path} | ${r.stats.n} | ${ms(r.stats.p50)} | ${ms(r.stats.p95)} | ${ms(r.stats.p99)} | ${ms(r.stats.mean)} | ${ms(r.stats.max)} |`;
    const out = [
      `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}; ${new Date().toISOString()}`,
      `Worker: graphile-worker run(), concurrency ${CONCURRENCY}, pollInterval ${POLL_MS} ms (LISTEN/NOTIFY)`,
      '',
      '| enqueue path | jobs | p50 | p95 | p99 | mean | max |',
      '|---|---:|---:|---:|---:|---:|---:|',
      ...results.map(line),
      '',
      `Burst: ${BURST} jobs (row + addJob per transaction) enqueued in ${enqueuedMs.toFixed(0)} ms (${((BURST / enqueuedMs) * 1000).toFixed(0)}/s), all started after ${drainedMs.toFixed(0)} ms (${((BURST / drainedMs) * 1000).toFixed(0)} jobs/s).`,
    ].join('\n');
    process.stdout.write(`${out}\n`);
  } finally {
    await runner?.stop();
    await pgPool?.end();
    await addPool?.end();
    await sql.end({ timeout: 1 });
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.end({ timeout: 1 });
  }
}

await main();
