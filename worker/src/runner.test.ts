import { describe, expect, it } from 'vitest';
import { makeWorkerUtils } from 'graphile-worker';
import { shopForFile, type TestShop } from '#test/helpers/shop';
import { queueEmail } from '#core/services/email/index';
import { createLogger } from '#core/lib/logger';
import { heartbeatTimings, unlockDeadWorkers } from './runner';
import { taskNames } from './tasks';
import { analyzeLimits } from './pdfJobs';
import { DEFAULT_WORKER_DRAIN_SECONDS } from '#shared/env';

const { deadAfterMs: DEAD_AFTER_MS } = heartbeatTimings(30);

let shop: TestShop;
shopForFile((s) => (shop = s));

async function emailStatus(key: string) {
  const [row] = await shop.sql<{ status: string }[]>`select status from emails where idempotency_key = ${key}`;
  return row?.status;
}

describe('task loading', () => {
  it('finds every task file by its table__action name', () => {
    expect(taskNames()).toContain('emails__send');
    expect(taskNames().every((n) => /^[a-z0-9_]+__[a-z0-9_]+$/.test(n))).toBe(true);
  });
});

describe('the drain deadline of a worker stopped by SIGTERM', () => {
  it('outlasts the time limit of an analysis or a report, so one started just before a deploy ends where it started', () => {
    expect(DEFAULT_WORKER_DRAIN_SECONDS * 1000).toBeGreaterThan(analyzeLimits.timeoutMs);
  });
});

describe('a job held by a killed worker', () => {
  it('is unlocked once the worker stops beating, then completes', async () => {
    await queueEmail(shop.sql, { idempotencyKey: 'dead-worker', to: 'a@example.com', kind: 'test', subject: 's', text: 't' });
    // A worker took the job and died: the lock stays, no heartbeat follows.
    const lockedAt = new Date(Date.now() - DEAD_AFTER_MS - 5_000);
    await shop.sql`update graphile_worker._private_jobs set locked_at = ${lockedAt}, locked_by = 'worker-killed-9'`;
    await shop.runJobs();
    expect(await emailStatus('dead-worker')).toBe('queued'); // graphile-worker alone would wait 4 hours

    const utils = await makeWorkerUtils({ connectionString: shop.ctx.env.DATABASE_URL as string });
    try {
      const dead = await unlockDeadWorkers(shop.ctx, utils, createLogger('silent'));
      expect(dead).toEqual(['worker-killed-9']);
    } finally {
      await utils.release();
    }
    await shop.runJobs();
    expect(await emailStatus('dead-worker')).toBe('sent');
  });

  it('leaves jobs of a worker that is still beating alone', async () => {
    await queueEmail(shop.sql, { idempotencyKey: 'live-worker', to: 'a@example.com', kind: 'test', subject: 's', text: 't' });
    const lockedAt = new Date(Date.now() - DEAD_AFTER_MS - 5_000);
    await shop.sql`update graphile_worker._private_jobs set locked_at = ${lockedAt}, locked_by = 'worker-alive-1' where locked_by is null`;
    await shop.sql`insert into worker_heartbeats (worker_id, seen_at) values ('worker-alive-1', now())`;
    const utils = await makeWorkerUtils({ connectionString: shop.ctx.env.DATABASE_URL as string });
    try {
      expect(await unlockDeadWorkers(shop.ctx, utils, createLogger('silent'))).toEqual([]);
    } finally {
      await utils.release();
    }
    const [job] = await shop.sql<{ locked_by: string }[]>`select locked_by from graphile_worker.jobs where locked_by = 'worker-alive-1'`;
    expect(job?.locked_by).toBe('worker-alive-1');
  });
});

describe('a real background worker', () => {
  it('sends a queued email without being asked, and stops cleanly', async () => {
    await shop.sql`update graphile_worker._private_jobs set locked_at = null, locked_by = null`;
    const worker = await shop.startWorker();
    await queueEmail(shop.sql, { idempotencyKey: 'background', to: 'b@example.com', kind: 'test', subject: 's', text: 't' });
    for (let i = 0; i < 50 && (await emailStatus('background')) !== 'sent'; i++) await new Promise((r) => setTimeout(r, 100));
    expect(await emailStatus('background')).toBe('sent');
    await worker.stop();
  });

  it('starts a runner that stopped by itself again, and stops cleanly afterwards', { timeout: 20_000 }, async () => {
    const worker = await shop.startWorker();
    const first = worker.runner;
    // What graphile-worker does when its pool exits with an error: the runner stops itself, and a
    // second stop of it rejects ("Runner is already stopped").
    await first.stop();
    for (let i = 0; i < 50 && worker.runner === first; i++) await new Promise((r) => setTimeout(r, 100));
    expect(worker.runner).not.toBe(first);
    await queueEmail(shop.sql, { idempotencyKey: 'after-self-stop', to: 'c@example.com', kind: 'test', subject: 's', text: 't' });
    for (let i = 0; i < 50 && (await emailStatus('after-self-stop')) !== 'sent'; i++) await new Promise((r) => setTimeout(r, 100));
    expect(await emailStatus('after-self-stop')).toBe('sent');
    await worker.stop();
  });

  it('stops cleanly when its runner already stopped by itself', async () => {
    const worker = await shop.startWorker();
    await worker.runner.stop();
    await expect(worker.stop()).resolves.toBeUndefined();
  });

  it('beats under the id graphile-worker locks its jobs with (its pool): a job it holds past the window stays its own', async () => {
    await shop.sql`delete from worker_heartbeats`;
    await queueEmail(shop.sql, { idempotencyKey: 'held', to: 'c@example.com', kind: 'test', subject: 's', text: 't' });
    let worker: Awaited<ReturnType<TestShop['startWorker']>> | null = null;
    // Holding the email's row keeps the job running (the task locks it first), as a long job would.
    await shop.sql.begin(async (tx) => {
      await tx`select 1 from emails where idempotency_key = 'held' for update`;
      worker = await shop.startWorker();
      let lockedBy: string | undefined;
      for (let i = 0; i < 100 && !lockedBy; i++) {
        [{ locked_by: lockedBy } = { locked_by: undefined }] = await shop.sql<{ locked_by: string }[]>`
          select locked_by from graphile_worker.jobs where locked_by is not null and locked_by <> 'worker-alive-1'`;
        if (!lockedBy) await new Promise((r) => setTimeout(r, 50));
      }
      expect(lockedBy).toMatch(/^pool-/);
      const beats = await shop.sql<{ worker_id: string }[]>`select worker_id from worker_heartbeats`;
      expect(beats.map((b) => b.worker_id)).toEqual([lockedBy]);
      // As if the job had been running for an hour: its pool still beats, so the sweep leaves it alone.
      await shop.sql`update graphile_worker._private_jobs set locked_at = now() - interval '1 hour' where locked_by = ${lockedBy as string}`;
      const utils = await makeWorkerUtils({ connectionString: shop.ctx.env.DATABASE_URL as string });
      try {
        expect(await unlockDeadWorkers(shop.ctx, utils, createLogger('silent'), DEAD_AFTER_MS)).toEqual([]);
      } finally {
        await utils.release();
      }
      expect(await shop.sql`select 1 from graphile_worker.jobs where locked_by = ${lockedBy as string}`).toHaveLength(1);
    });
    for (let i = 0; i < 50 && (await emailStatus('held')) !== 'sent'; i++) await new Promise((r) => setTimeout(r, 100));
    expect(await emailStatus('held')).toBe('sent');
    await worker!.stop();
    // A worker that stops takes its heartbeat with it.
    expect(await shop.sql`select 1 from worker_heartbeats`).toHaveLength(0);
  });

  it('sweeps the heartbeat rows of pools that died holding nothing', async () => {
    await shop.sql`insert into worker_heartbeats (worker_id, seen_at) values ('pool-gone', now() - interval '1 hour'), ('pool-here', now())`;
    const utils = await makeWorkerUtils({ connectionString: shop.ctx.env.DATABASE_URL as string });
    try {
      expect(await unlockDeadWorkers(shop.ctx, utils, createLogger('silent'), DEAD_AFTER_MS)).toEqual([]);
    } finally {
      await utils.release();
    }
    const rows = await shop.sql<{ worker_id: string }[]>`select worker_id from worker_heartbeats order by worker_id`;
    expect(rows.map((r) => r.worker_id)).toEqual(['pool-here']);
    await shop.sql`delete from worker_heartbeats`;
  });
});
