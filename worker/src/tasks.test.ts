import { describe, expect, it } from 'vitest';
import { JOB_PAYLOADS } from '#shared/jobs';
import { addAnyJob, addJob } from '#core/lib/db';
import { shopForFile, type TestShop } from '#test/helpers/shop';
import { taskNames } from './tasks';

let shop: TestShop;
shopForFile((s) => (shop = s));

describe('the job catalog', () => {
  it('has exactly one entry for every task file', () => {
    expect(Object.keys(JOB_PAYLOADS).sort()).toEqual(taskNames());
  });

  it('refuses to enqueue a payload that does not match its task', async () => {
    // A caller that bypasses the types (a JSON body, a cast) still cannot enqueue a bad job.
    await expect(addJob(shop.sql, 'orders__render_receipt', { orderId: 'not-a-uuid' })).rejects.toThrow();
    const [{ n }] = await shop.sql<{ n: number }[]>`select count(*)::int as n from graphile_worker.jobs where task_identifier = 'orders__render_receipt'`;
    expect(n).toBe(0);
  });

  it('fails a job whose payload does not match, so it is retried and seen instead of dropped', async () => {
    await addAnyJob(shop.sql, 'emails__send', { emailId: 42 }, { maxAttempts: 2 });
    await shop.runJobs();
    const [job] = await shop.sql<{ attempts: number; last_error: string | null }[]>`
      select attempts, last_error from graphile_worker.jobs where task_identifier = 'emails__send'`;
    expect(job).toBeDefined();
    expect(job.attempts).toBeGreaterThanOrEqual(1);
    expect(job.last_error).toContain('does not match the job catalog');
  });
});
