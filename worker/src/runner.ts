/**
 * Starts graphile-worker with our task list and crontab, plus the heartbeat that unlocks jobs held
 * by a killed worker within a minute (graphile-worker alone waits 4 hours): docs/decisions/019-worker-heartbeat-by-pool.md.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  Logger as WorkerLogger,
  makeWorkerUtils,
  parseCrontab,
  run,
  runOnce,
  type Runner,
  type TaskList,
  type WorkerEvents,
  type WorkerUtils,
} from 'graphile-worker';
import { EventEmitter } from 'node:events';
import { createPgPool } from '#core/lib/pgPool';
import { PROJECT_ROOT } from '#core/lib/paths';
import { checkStoreOwner } from '#core/services/storage/owner';
import type { AppContext } from '#core/context';
import type { Logger } from '#core/lib/logger';
import { loadTaskList } from './tasks';
import { createReportGate } from './reportGate';

export const CRONTAB_FILE = path.join(PROJECT_ROOT, 'worker/crontab');

/**
 * The heartbeat's timing for a dead-worker window (WORKER_DEAD_AFTER_SECONDS): a worker process
 * beats every sixth of the window, so a live one misses several beats before it could be taken for dead.
 */
export function heartbeatTimings(deadAfterSeconds: number): { beatMs: number; deadAfterMs: number } {
  const deadAfterMs = Math.round(deadAfterSeconds * 1000);
  return { beatMs: Math.max(100, Math.round(deadAfterMs / 6)), deadAfterMs };
}

/** graphile-worker's logs through ours. */
export function workerLogger(log: Logger): WorkerLogger {
  return new WorkerLogger((scope) => (level, message) => {
    const text = scope.taskIdentifier ? `${scope.taskIdentifier}: ${message}` : message;
    if (level === 'error') log.error(text);
    else if (level === 'warning') log.warn(text);
    else log.debug(text);
  });
}

function readCrontab(tasks: TaskList) {
  const text = fs.existsSync(CRONTAB_FILE) ? fs.readFileSync(CRONTAB_FILE, 'utf8') : '';
  const items = parseCrontab(text);
  for (const item of items) {
    if (!tasks[item.task]) throw new Error(`worker/crontab names an unknown task: ${item.task}`);
  }
  return items;
}

export type RunningWorker = { runner: Runner; stop(): Promise<void> };

export type StartWorkerOptions = { concurrency?: number; pollInterval?: number; cron?: boolean };

/** Runs the queue until `stop()`, which lets running jobs finish, beating meanwhile (SIGTERM drains). */
export async function startWorker(ctx: AppContext, options: StartWorkerOptions = {}): Promise<RunningWorker> {
  const connectionString = ctx.env.DATABASE_URL;
  if (!connectionString) throw new Error('DATABASE_URL is not set');
  const log = ctx.log.child('worker');
  const taskList = await loadTaskList(ctx);
  // The file store records its database before any file is written, so a later start on another
  // database (a new, empty one) cannot take this one's files for orphans.
  const owner = await checkStoreOwner(ctx.sql, ctx.storage).catch((error: Error) => ({ ok: false as const, reason: error.message }));
  if (!owner.ok) log.warn(`the orphan sweep will delete nothing: ${owner.reason}`);
  const events: WorkerEvents = new EventEmitter();
  const { beatMs, deadAfterMs } = heartbeatTimings(ctx.env.WORKER_DEAD_AFTER_SECONDS);
  // graphile-worker locks every job with its pool's id (`locked_by`), not the id of the worker in the
  // pool that runs it: the heartbeat is the pool's, so a job is freed only when its pool stops beating.
  let poolId: string | null = null;
  events.on('pool:create', ({ workerPool }) => {
    poolId = workerPool.id;
    void beat();
  });
  // Verdicts first: no report while this process runs one or measures uploads (see reportGate.ts).
  const reports = createReportGate();
  // The jobs this pool is running: a job locked by this pool and not among them was lost hold of
  // (the database went away while it was fetched or released), see releaseLostJobs.
  const running = new Set<string>();
  events.on('job:start', ({ job, worker }) => {
    running.add(String(job.id));
    reports.started(job);
    reports.fetched(worker.workerId);
  });
  events.on('worker:getJob:start', ({ worker }) => reports.fetching(worker.workerId));
  events.on('worker:getJob:empty', ({ worker }) => reports.fetched(worker.workerId));
  events.on('worker:getJob:error', ({ worker }) => reports.fetched(worker.workerId));
  events.on('job:complete', ({ job }) => {
    running.delete(String(job.id));
    reports.ended(job);
  });

  const concurrency = options.concurrency ?? ctx.env.WORKER_CONCURRENCY;
  // Our own pool, so a dropped connection (PostgreSQL restarting) is logged instead of crashing the process.
  const pgPool = createPgPool(connectionString, concurrency + 4, (error) => log.warn('worker database connection lost', { error: error.message }));
  const utils: WorkerUtils = await makeWorkerUtils({ pgPool, logger: workerLogger(log) });
  async function beat() {
    if (!poolId) return;
    await ctx.sql`
      insert into worker_heartbeats (worker_id) values (${poolId})
      on conflict (worker_id) do update set seen_at = now()`.catch((error) => log.warn('heartbeat failed', { error }));
  }
  /**
   * A job this pool locked but runs no more (its fetch or release was lost to a database outage)
   * would stay locked for graphile-worker's 4 hours while the pool keeps beating. When the pool is
   * idle and still holds such a job past the window, it frees its own locks: with nothing running,
   * none of them is a job in progress.
   */
  async function releaseLostJobs() {
    if (!poolId || running.size > 0) return;
    const window = `${deadAfterMs} milliseconds`;
    const [held] = await ctx.sql<{ n: number }[]>`
      select count(*)::int as n from graphile_worker.jobs where locked_by = ${poolId} and locked_at < now() - ${window}::interval`;
    if (!held || held.n === 0 || running.size > 0) return;
    await utils.forceUnlockWorkers([poolId]);
    log.warn(`freed ${held.n} job(s) this worker had lost hold of`, { poolId });
  }
  // Rounds still under way when the pool stops are waited for, so none beats after the row is deleted.
  const rounds = new Set<Promise<void>>();
  const timer = setInterval(() => {
    const round = beat()
      .then(() => unlockDeadWorkers(ctx, utils, log, deadAfterMs))
      .then(() => releaseLostJobs())
      .catch((error: unknown) => log.warn('releasing lost jobs failed', { error }))
      .finally(() => rounds.delete(round));
    rounds.add(round);
  }, beatMs);
  timer.unref();

  const runOptions = {
    pgPool,
    concurrency,
    noHandleSignals: true,
    pollInterval: options.pollInterval ?? 2000,
    taskList,
    parsedCronItems: options.cron === false ? [] : readCrontab(taskList),
    logger: workerLogger(log),
    events,
    // Skip reports while this process runs one, or measures uploads; other jobs (and other processes) take them.
    forbiddenFlags: () => reports.forbiddenFlags(),
  };
  let runner = await run(runOptions);
  /**
   * graphile-worker 0.17 works out its task ids on a runner's first job fetch and caches that
   * lookup as a promise before it settles (taskIdentifiers.js): when the database goes away during
   * that first fetch, the rejection stays cached and every later fetch of that runner fails with
   * it, for as long as it lives, while its heartbeat goes on. So until a runner's first fetch has
   * come back, a failed fetch replaces the runner with a new one (a new cache); later failures are
   * the outage's own and graphile-worker retries them at each poll. A runner also stops by itself
   * when its pool exits with an error; one that does while this worker is not stopping is replaced
   * too, so an outage never leaves a live process that takes no jobs.
   */
  let firstFetchDone = false;
  let replacing: Promise<void> | null = null;
  let stopping = false;
  const fetched = ({ worker }: { worker: { workerPool: { id: string } } }) => {
    if (worker.workerPool.id === poolId) firstFetchDone = true;
  };
  events.on('worker:getJob:empty', fetched);
  events.on('job:start', fetched);
  function replace(reason: string, wait: number) {
    if (stopping || replacing) return;
    const stale = poolId;
    replacing = (async () => {
      log.warn(reason);
      // After the failed fetch has scheduled its retry: a runner stopped inside that fetch's error
      // handling rejects its worker, which graphile-worker reports with console.trace.
      await new Promise((r) => setTimeout(r, wait));
      await stopRunner(runner).catch((error: unknown) => log.warn('stopping the failed runner', { error }));
      reports.forgetFetches();
      if (stale) await ctx.sql`delete from worker_heartbeats where worker_id = ${stale}`.catch(() => {});
      while (!stopping) {
        await new Promise((r) => setTimeout(r, 1000));
        if (stopping) break;
        try {
          runner = watched(await run(runOptions));
          firstFetchDone = false;
          break;
        } catch (error) {
          log.warn('starting the worker again failed; trying again', { error });
        }
      }
    })().finally(() => {
      replacing = null;
    });
  }
  function watched(started: Runner): Runner {
    void started.promise
      .catch(() => {})
      .then(() => {
        if (runner === started) replace('the worker runner stopped by itself: starting it again', 0);
      });
    return started;
  }
  runner = watched(runner);
  events.on('worker:getJob:error', ({ worker }) => {
    if (firstFetchDone || worker.workerPool.id !== poolId) return;
    replace("the worker's first job fetch failed: starting its runner again", 50);
  });
  let stopped: Promise<void> | null = null;
  return {
    /** The runner now taking jobs (a new one if the first was replaced, see above). */
    get runner() {
      return runner;
    },
    /**
     * Takes no more jobs, lets running ones finish, then releases connections; calling it again
     * waits for the same stop. The heartbeat goes on until the last job has ended: a draining pool
     * that fell silent would be taken for dead one window later, and its jobs (a report of minutes)
     * started again on another worker while they still ran here. How long a drain may take is the
     * caller's: worker/src/main.ts exits at WORKER_DRAIN_SECONDS.
     */
    stop() {
      stopping = true;
      stopped ??= (async () => {
        try {
          await replacing;
          await stopRunner(runner);
        } finally {
          clearInterval(timer);
          await Promise.all(rounds);
        }
        if (poolId) await ctx.sql`delete from worker_heartbeats where worker_id = ${poolId}`.catch(() => {});
        await utils.release();
        await pgPool.end();
      })();
      return stopped;
    },
  };
}

/**
 * Unlocks jobs whose worker pool has stopped beating for `deadAfterMs`, so another worker picks them
 * up, and sweeps heartbeat rows that old (pools that died holding nothing). Times are the database's,
 * so worker machines whose clocks disagree judge alike.
 */
export async function unlockDeadWorkers(
  ctx: AppContext,
  utils: WorkerUtils,
  log: Logger,
  deadAfterMs = heartbeatTimings(ctx.env.WORKER_DEAD_AFTER_SECONDS).deadAfterMs,
): Promise<string[]> {
  try {
    const window = `${deadAfterMs} milliseconds`;
    const rows = await ctx.sql<{ worker_id: string }[]>`
      select distinct j.locked_by as worker_id
      from graphile_worker.jobs j
      left join worker_heartbeats h on h.worker_id = j.locked_by
      where j.locked_by is not null and j.locked_at < now() - ${window}::interval
        and (h.worker_id is null or h.seen_at < now() - ${window}::interval)`;
    const dead = rows.map((r) => r.worker_id);
    if (dead.length > 0) {
      await utils.forceUnlockWorkers(dead);
      log.warn(`unlocked jobs held by ${dead.length} dead worker(s)`, { dead });
    }
    await ctx.sql`delete from worker_heartbeats where seen_at < now() - ${window}::interval`;
    return dead;
  } catch (error) {
    log.warn('dead-worker sweep failed', { error });
    return [];
  }
}

/**
 * Each context's task list, loaded by its first runJobsOnce: the tasks read the context when they
 * run, so one list serves every later call, and loading it (two dozen imports) cost ~200 ms a call.
 */
const onceTaskLists = new WeakMap<AppContext, Promise<TaskList>>();

/** Runs every job that is due now, then returns (tests and one-off use). */
export async function runJobsOnce(ctx: AppContext): Promise<void> {
  const connectionString = ctx.env.DATABASE_URL;
  if (!connectionString) throw new Error('DATABASE_URL is not set');
  let loading = onceTaskLists.get(ctx);
  if (!loading) {
    loading = loadTaskList(ctx);
    onceTaskLists.set(ctx, loading);
    // A failed load is tried again next time rather than kept.
    loading.catch(() => onceTaskLists.delete(ctx));
  }
  const taskList = await loading;
  const log = ctx.log.child('worker');
  // Our pool, with error handlers on it and its clients until it has ended: runOnce's own pool drops
  // its handlers when it is released, so a connection closed by the server meanwhile (a test database
  // dropped as its file ends) was thrown as an uncaught 'error'.
  const pgPool = createPgPool(connectionString, 4, (error) => log.debug('runJobsOnce: connection closed', { error: error.message }));
  try {
    // A job can enqueue another (uploads__analyze → uploads__report) after runOnce has looked, and a
    // failed job's error can still be on its way to the row: go round again while anything is due or
    // still locked (about a second at most).
    for (let round = 0; round < 50; round++) {
      await runOnce({ pgPool, taskList, logger: workerLogger(log) });
      const [{ due }] = await ctx.sql<{ due: boolean }[]>`
        select exists (
          select 1 from graphile_worker.jobs
          where locked_at is not null or (run_at <= now() and attempts < max_attempts)
        ) as due`;
      if (!due) return;
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    await pgPool.end();
  }
}

/**
 * Stops a runner, or waits for its end when it already stopped by itself: graphile-worker rejects a
 * second stop ("Runner is already stopped"), and a stop of a running runner never rejects.
 */
async function stopRunner(runner: Runner): Promise<void> {
  try {
    await runner.stop();
  } catch {
    await runner.promise.catch(() => {});
  }
}
