/**
 * Starts graphile-worker with our task list and crontab, plus the heartbeat that unlocks jobs held
 * by a killed worker within a minute (graphile-worker alone waits 4 hours).
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
import { createPgPool } from '../../api/src/core/lib/pgPool';
import { PROJECT_ROOT } from '../../api/src/core/lib/paths';
import type { AppContext } from '../../api/src/core/context';
import type { Logger } from '../../api/src/core/lib/logger';
import { loadTaskList } from './tasks';

export const CRONTAB_FILE = path.join(PROJECT_ROOT, 'worker/crontab');

/** A worker's heartbeat is written this often… */
export const HEARTBEAT_MS = 5_000;
/** …and a worker not heard from for this long is presumed dead; its jobs are unlocked. */
export const DEAD_AFTER_MS = 30_000;

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

/** Runs the queue until `stop()`, which lets running jobs finish (SIGTERM drains). */
export async function startWorker(ctx: AppContext, options: StartWorkerOptions = {}): Promise<RunningWorker> {
  const connectionString = ctx.env.DATABASE_URL;
  if (!connectionString) throw new Error('DATABASE_URL is not set');
  const log = ctx.log.child('worker');
  const taskList = await loadTaskList(ctx);
  const events: WorkerEvents = new EventEmitter();
  const live = new Set<string>();
  events.on('worker:create', ({ worker }) => {
    live.add(worker.workerId);
    void beat([worker.workerId]);
  });
  events.on('worker:stop', ({ worker }) => {
    live.delete(worker.workerId);
    void ctx.sql`delete from worker_heartbeats where worker_id = ${worker.workerId}`.catch(() => {});
  });

  const concurrency = options.concurrency ?? ctx.env.WORKER_CONCURRENCY;
  // Our own pool, so a dropped connection (PostgreSQL restarting) is logged instead of crashing the process.
  const pgPool = createPgPool(connectionString, concurrency + 4, (error) => log.warn('worker database connection lost', { error: error.message }));
  const utils: WorkerUtils = await makeWorkerUtils({ pgPool, logger: workerLogger(log) });
  async function beat(ids: string[]) {
    if (ids.length === 0) return;
    await ctx.sql`
      insert into worker_heartbeats ${ctx.sql(ids.map((worker_id) => ({ worker_id })))}
      on conflict (worker_id) do update set seen_at = now()`.catch((error) => log.warn('heartbeat failed', { error }));
  }
  const timer = setInterval(() => {
    void beat([...live]).then(() => unlockDeadWorkers(ctx, utils, log));
  }, HEARTBEAT_MS);
  timer.unref();

  const runner = await run({
    pgPool,
    concurrency,
    noHandleSignals: true,
    pollInterval: options.pollInterval ?? 2000,
    taskList,
    parsedCronItems: options.cron === false ? [] : readCrontab(taskList),
    logger: workerLogger(log),
    events,
  });
  let stopped: Promise<void> | null = null;
  return {
    runner,
    /** Lets running jobs finish, then releases connections; calling it again waits for the same stop. */
    stop() {
      stopped ??= (async () => {
        clearInterval(timer);
        await runner.stop();
        await utils.release();
        await pgPool.end();
      })();
      return stopped;
    },
  };
}

/** Unlocks jobs whose worker has stopped beating, so another worker picks them up. */
export async function unlockDeadWorkers(ctx: AppContext, utils: WorkerUtils, log: Logger): Promise<string[]> {
  try {
    const cutoff = new Date(Date.now() - DEAD_AFTER_MS);
    const rows = await ctx.sql<{ worker_id: string }[]>`
      select distinct j.locked_by as worker_id
      from graphile_worker.jobs j
      left join worker_heartbeats h on h.worker_id = j.locked_by
      where j.locked_by is not null and j.locked_at < ${cutoff}
        and (h.worker_id is null or h.seen_at < ${cutoff})`;
    const dead = rows.map((r) => r.worker_id);
    if (dead.length === 0) return [];
    await utils.forceUnlockWorkers(dead);
    await ctx.sql`delete from worker_heartbeats where worker_id in ${ctx.sql(dead)}`;
    log.warn(`unlocked jobs held by ${dead.length} dead worker(s)`, { dead });
    return dead;
  } catch (error) {
    log.warn('dead-worker sweep failed', { error });
    return [];
  }
}

/** Runs every job that is due now, then returns (tests and one-off use). */
export async function runJobsOnce(ctx: AppContext): Promise<void> {
  const connectionString = ctx.env.DATABASE_URL;
  if (!connectionString) throw new Error('DATABASE_URL is not set');
  const taskList = await loadTaskList(ctx);
  // A job can enqueue another on a named queue (uploads__analyze → uploads__report) whose lock the
  // finished job is still releasing when runOnce looks, and a failed job's error can still be on its
  // way to the row: go round again while anything is due or still locked (about a second at most).
  for (let round = 0; round < 50; round++) {
    await runOnce({ connectionString, taskList, logger: workerLogger(ctx.log.child('worker')) });
    const [{ due }] = await ctx.sql<{ due: boolean }[]>`
      select exists (
        select 1 from graphile_worker.jobs
        where locked_at is not null or (run_at <= now() and attempts < max_attempts)
      ) as due`;
    if (!due) return;
    await new Promise((r) => setTimeout(r, 20));
  }
}
