/**
 * SIGTERM, as every deploy and scale-down sends it, to a worker process in the middle of a sheet
 * report that lasts longer than the dead-after window (WORKER_DEAD_AFTER_SECONDS, shortened here):
 * the draining worker keeps beating until the report ends, so the workers beside it never take the
 * report, which runs once, to its last sheet, on the worker it started on; then that worker exits.
 * Past its drain deadline (WORKER_DRAIN_SECONDS, shortened too) a draining worker exits with the
 * report unfinished, and the report runs again elsewhere only once that worker has gone.
 *
 * The report is kept running as long as the test likes by holding the rows it writes its sheets to
 * (`select … for update` from the moment the verdict creates them), as in scale-out.test.ts: a long
 * report without the CPU one would cost. The workers are real child processes (worker/src/main.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type Sql } from '#core/lib/db';
import { startTestShop, type TestShop } from '../helpers/shop';
import { makeDrawingPdf, ARCH_D } from '../helpers/pdf';

const ROOT = path.resolve(import.meta.dirname, '../..');
/** The dead-after window every worker here judges by (30 s in production). */
const DEAD_AFTER_SECONDS = 3;
const WINDOW_MS = DEAD_AFTER_SECONDS * 1000;
/** The drain deadline of the worker the second test cuts short (90 s in production). */
const DRAIN_SECONDS = 3;
const SHEETS = 3;

type WorkerProcess = { child: ChildProcess; exited: Promise<number | null> };

let shop: TestShop;
/** A connection of its own for the held rows, so the shop's pool stays free for the checks. */
let holder: Sql;
const workers: WorkerProcess[] = [];
let draining: WorkerProcess;
let other: WorkerProcess;
let cutShort: WorkerProcess;

const log = (m: string) => process.env.DEBUG_FAULT && process.stderr.write(`${new Date().toISOString()} ${m}\n`);
const alive = (w: WorkerProcess) => w.child.exitCode === null && w.child.signalCode === null;

async function until<T>(what: string, check: () => Promise<T | null | undefined | false>, ms: number): Promise<T> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const value = await check();
    if (value) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out after ${ms} ms waiting for ${what}`);
}

async function heartbeats(): Promise<string[]> {
  const rows = await shop.sql<{ worker_id: string }[]>`select worker_id from worker_heartbeats`;
  return rows.map((r) => r.worker_id);
}

/** A worker process (worker/src/main.ts) as deploys run it, stopped by SIGTERM after `drainSeconds` at most. */
function startWorkerProcess(drainSeconds: number): WorkerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'worker/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: shop.db.url,
      DATA_DIR: shop.dataDir,
      LOG_LEVEL: process.env.DEBUG_FAULT ? 'debug' : 'silent',
      WORKER_CONCURRENCY: '2',
      WORKER_DEAD_AFTER_SECONDS: String(DEAD_AFTER_SECONDS),
      WORKER_DRAIN_SECONDS: String(drainSeconds),
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  if (process.env.DEBUG_FAULT) child.stderr?.pipe(process.stderr);
  else child.stderr?.resume();
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const worker = { child, exited };
  workers.push(worker);
  return worker;
}

/** Uploads a drawing set through the API and holds its sheet rows (once its verdict creates them) until release(). */
async function uploadAndHoldItsReport(title: string) {
  const form = new FormData();
  const pdf = await makeDrawingPdf({ pages: SHEETS, size: ARCH_D, title });
  form.append('pdf', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), `${title}.pdf`);
  const res = await shop.client().request('POST', '/api/upload-pdf', { body: form });
  expect(res.status).toBe(202);
  const uploadId: string = res.body.uploadId;
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  let held!: () => void;
  const isHeld = new Promise<void>((r) => (held = r));
  const done = holder.begin(async (tx) => {
    for (;;) {
      const rows = await tx`select number from upload_sheets where upload_id = ${uploadId} for update`;
      if (rows.length > 0) break;
      await new Promise((r) => setTimeout(r, 10));
    }
    held();
    await released;
  });
  // A test that fails before release() leaves the transaction to be ended with the connection.
  done.catch(() => {});
  await isHeld;
  return { uploadId, release: async () => (release(), await done) };
}

/**
 * Uploads a drawing set with only `worker` taking jobs (every other live worker paused by SIGSTOP
 * meanwhile, then let go on), so that it is the one running the set's report, which is held (see
 * above). Resolves once it runs it, with the pool id it holds the report by.
 */
async function reportHeldOn(worker: WorkerProcess, title: string) {
  const others = workers.filter((w) => w !== worker && alive(w));
  for (const w of others) w.child.kill('SIGSTOP');
  try {
    const report = await uploadAndHoldItsReport(title);
    const poolId = await until('the report to start', async () => (await reportJob(report.uploadId))?.lockedBy, 30_000);
    return { ...report, poolId };
  } finally {
    for (const w of others) w.child.kill('SIGCONT');
  }
}

/** Who holds the upload's report job now (null: no one, or the job is gone) and its attempts so far. */
async function reportJob(uploadId: string): Promise<{ lockedBy: string | null; attempts: number } | null> {
  const [job] = await shop.sql<{ locked_by: string | null; attempts: number }[]>`
    select locked_by, attempts from graphile_worker.jobs where task_identifier = 'uploads__report' and key = ${`uploads__report:${uploadId}`}`;
  return job ? { lockedBy: job.locked_by, attempts: job.attempts } : null;
}

async function sheetsReported(uploadId: string): Promise<{ reported: number; complete: boolean }> {
  const [{ reported }] = await shop.sql<{ reported: number }[]>`select count(color)::int as reported from upload_sheets where upload_id = ${uploadId}`;
  const [{ sheets_complete: complete }] = await shop.sql<{ sheets_complete: boolean }[]>`select sheets_complete from uploads where id = ${uploadId}`;
  return { reported, complete };
}

beforeAll(async () => {
  // The in-process API only enqueues; the child processes run the jobs. They start together (each
  // takes seconds to load); each test picks the one that runs its report.
  shop = await startTestShop();
  holder = connect(shop.db.url, { max: 2, appName: 'worker-sigterm-test-holder' });
  draining = startWorkerProcess(60);
  other = startWorkerProcess(60);
  cutShort = startWorkerProcess(DRAIN_SECONDS);
  await until('the three workers to beat', async () => (await heartbeats()).length === 3, 60_000);
}, 90_000);

afterAll(async () => {
  for (const w of workers) if (alive(w)) w.child.kill('SIGKILL');
  await Promise.all(workers.map((w) => w.exited));
  await holder?.end({ timeout: 1 });
  await shop?.close();
});

describe('a worker stopped by SIGTERM in the middle of a report', () => {
  it('keeps beating while it drains, so its report runs once, on it alone, to the last sheet', { timeout: 120_000 }, async () => {
    // Both other workers run alongside, and would take the report were it freed.
    const report = await reportHeldOn(draining, 'Drained');
    log('report held on the draining worker: SIGTERM');
    draining.child.kill('SIGTERM');
    // Three windows: were it silent, another worker would take the report after one.
    const holders = new Set<string>();
    let attempts = 0;
    const since = Date.now();
    while (Date.now() - since < WINDOW_MS * 3) {
      const job = await reportJob(report.uploadId);
      if (job?.lockedBy) holders.add(job.lockedBy);
      attempts = Math.max(attempts, job?.attempts ?? 0);
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(alive(draining), 'the draining worker, its report unfinished').toBe(true);
    expect([...holders]).toEqual([report.poolId]);
    expect(attempts).toBe(1);
    expect(await heartbeats()).toContain(report.poolId);

    log('releasing the sheets');
    await report.release();
    // Watch the job until it is gone: no other worker holds it, to the end.
    await until(
      'the report to finish',
      async () => {
        const job = await reportJob(report.uploadId);
        if (job?.lockedBy) holders.add(job.lockedBy);
        return job === null;
      },
      60_000,
    );
    expect([...holders]).toEqual([report.poolId]);
    expect(await sheetsReported(report.uploadId)).toEqual({ reported: SHEETS, complete: true });
    // Drained: it exits of itself, cleanly, and takes its heartbeat with it.
    expect(await draining.exited).toBe(0);
    expect(await heartbeats()).not.toContain(report.poolId);
    expect(alive(other)).toBe(true);
  });

  it('exits at its drain deadline, and only then does another worker run the unfinished report again', { timeout: 120_000 }, async () => {
    const report = await reportHeldOn(cutShort, 'Cut short');
    let exitedAt = 0;
    cutShort.child.once('exit', () => (exitedAt = Date.now()));
    const stoppedAt = Date.now();
    log('report held on the worker to be cut short: SIGTERM');
    cutShort.child.kill('SIGTERM');
    const holders = new Set<string>();
    let takenOverAt = 0;
    let takenOverWhileItRan = false;
    let orphanEnded = false;
    await until(
      'another worker to take the report over',
      async () => {
        if (exitedAt > 0 && !orphanEnded) {
          // The gone worker's session still waits on the held rows (PostgreSQL notices a dead client
          // only when it next talks to it): end it, as a server would once its socket times out.
          await shop.sql`
            select pg_terminate_backend(pid) from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`;
          orphanEnded = true;
        }
        const job = await reportJob(report.uploadId);
        if (job?.lockedBy) holders.add(job.lockedBy);
        if (!job?.lockedBy || job.lockedBy === report.poolId) return false;
        takenOverAt = Date.now();
        takenOverWhileItRan = exitedAt === 0;
        return true;
      },
      30_000,
    );
    log('taken over');
    expect(takenOverWhileItRan, 'taken over while the draining worker still ran it').toBe(false);
    // Cut off at the deadline, not before, and not cleanly: the report was not done.
    expect(await cutShort.exited).not.toBe(0);
    expect(exitedAt - stoppedAt).toBeGreaterThanOrEqual(DRAIN_SECONDS * 1000);
    expect(exitedAt - stoppedAt).toBeLessThan(DRAIN_SECONDS * 1000 + 5000);
    // Its heartbeat went silent only as it exited: the report waited about one window more.
    expect(takenOverAt - exitedAt).toBeGreaterThanOrEqual(WINDOW_MS / 2);
    // By the one worker left, which swept the gone worker's heartbeat as it took its report.
    const [taker] = [...holders].filter((id) => id !== report.poolId);
    await until("the gone worker's heartbeat to be swept", async () => (await heartbeats()).join() === taker, 10_000);

    await report.release();
    await until('the report to complete on the other worker', async () => (await sheetsReported(report.uploadId)).complete, 30_000);
    expect(await sheetsReported(report.uploadId)).toEqual({ reported: SHEETS, complete: true });
    expect(holders.size).toBe(2);

    // An idle worker drains at once.
    other.child.kill('SIGTERM');
    expect(await other.exited).toBe(0);
    expect(await heartbeats()).toEqual([]);
  });
});
