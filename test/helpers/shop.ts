/**
 * A whole shop for a test file: its own database, a temp data folder, the API on a free port and a
 * way to run queued jobs (`runJobs`) or a real background worker (`startWorker`).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { parseEnv } from '#shared/env';
import { createContext, type AppContext, type ContextOverrides } from '#core/context';
import { createLogger } from '#core/lib/logger';
import { addJob } from '#core/lib/db';
import type { JobName, JobPayload } from '#shared/jobs';
import { startWeb } from '../../api/src/server';
import { runJobsOnce, startWorker, type RunningWorker } from '../../worker/src/runner';
import { createTestDatabase, type TestDatabase } from './db';
import { TestClient } from './client';

export type TestShop = {
  url: string;
  ctx: AppContext;
  sql: AppContext['sql'];
  db: TestDatabase;
  dataDir: string;
  /** A browser-like client with its own cookie jar. */
  client(): TestClient;
  /** Runs every job due now (and those they enqueue) to completion. */
  runJobs(): Promise<void>;
  /** Makes every job waiting for a later time (a status email's undo window), or only `task`'s, due now. */
  fastForwardJobs(task?: JobName): Promise<void>;
  /** One run of a recurring task, as its worker/crontab line queues it, then every job due (runJobs). */
  runCron(task: CronTask): Promise<void>;
  /** Starts a real background worker; it is stopped by close(). */
  startWorker(options?: { concurrency?: number }): Promise<RunningWorker>;
  close(): Promise<void>;
};

/** The recurring tasks (worker/crontab): those whose payload is empty, the cron one. */
type CronTask = { [N in JobName]: Record<string, never> extends JobPayload<N> ? N : never }[JobName];

export type TestShopOptions = {
  /** Extra environment variables (strings, as in process.env). */
  env?: Record<string, string | undefined>;
  overrides?: ContextOverrides;
  /** Use this database instead of a fresh copy of the template (fault tests bring their own server). */
  database?: TestDatabase;
};

/** A file's shop options, or a function that gives them when the shop starts (for a server the file starts first, such as a provider's fake). */
export type FileShopOptions = TestShopOptions | (() => TestShopOptions);

/**
 * Registers the file's hooks: its shop starts before the file's tests and closes after them, and
 * `ready` receives it. A server the shop points at has its hooks registered before this call, so it
 * starts first and stops last (vitest runs after-hooks in reverse order).
 */
export function shopForFile(ready: (shop: TestShop) => void, options: FileShopOptions = {}): void {
  let shop: TestShop | undefined;
  beforeAll(async () => {
    shop = await startTestShop(typeof options === 'function' ? options() : options);
    ready(shop);
  });
  afterAll(async () => {
    await shop?.close();
  });
}

export async function startTestShop(options: TestShopOptions = {}): Promise<TestShop> {
  const db = options.database ?? (await createTestDatabase());
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-shop-'));
  // The run's cheap password hashing (vitest.config.ts) unless the file asks for production's.
  const raw = {
    NODE_ENV: 'test',
    DATABASE_URL: db.url,
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
    PASSWORD_HASH_LOG_N: process.env.PASSWORD_HASH_LOG_N,
    PORT: '0',
    ...options.env,
  };
  const env = parseEnv(raw);
  const ctx = await createContext(env, { sql: db.sql, log: createLogger(env.LOG_LEVEL), ...options.overrides });
  // The client is served when it is built (the browser tests build it), but health does not wait
  // for it: most test files never build it.
  const web = await startWeb(ctx, 0, { healthWaitsForClient: false });
  const url = `http://127.0.0.1:${web.port}`;
  ctx.env.APP_URL = url;
  const workers: RunningWorker[] = [];
  return {
    url,
    ctx,
    sql: ctx.sql,
    db,
    dataDir,
    client: () => new TestClient(url),
    runJobs: () => runJobsOnce(ctx),
    async fastForwardJobs(task) {
      // graphile-worker's own public function, so the test does not touch its private table.
      await ctx.sql`
        select graphile_worker.reschedule_jobs(
          array(
            select id from graphile_worker.jobs
            where run_at > now() and locked_at is null and (${task ?? null}::text is null or task_identifier = ${task ?? null})
          ),
          run_at => now())`;
    },
    async runCron(task) {
      await addJob(ctx.sql, task, {});
      await runJobsOnce(ctx);
    },
    async startWorker(opts = {}) {
      const w = await startWorker(ctx, { concurrency: opts.concurrency ?? 2, pollInterval: 200, cron: false });
      workers.push(w);
      return w;
    },
    async close() {
      for (const w of workers) await w.stop();
      await web.close();
      await db.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
