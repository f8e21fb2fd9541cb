import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeWorkerUtils } from 'graphile-worker';
import { startTestShop, type TestShop } from '../../test/helpers/shop';
import { queueEmail } from '../../api/src/core/services/email/index';
import { createLogger } from '../../api/src/core/lib/logger';
import { DEAD_AFTER_MS, unlockDeadWorkers } from './runner';
import { taskNames } from './tasks';

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(() => shop.close());

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
    const beats = await shop.sql`select worker_id from worker_heartbeats where worker_id like 'worker-%'`;
    expect(beats.length).toBeGreaterThan(0);
    await worker.stop();
  });
});
