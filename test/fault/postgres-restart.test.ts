/**
 * PostgreSQL stopped and started under load: /api/health answers 503 meanwhile and 200 again within
 * 10 s of the database coming back, without restarting the shop; writes made after recovery land.
 * Uses its own embedded cluster so the machine's shared server is never stopped. Known driver bugs
 * that surface outside any await while the database is away are caught (test/helpers/driverBugs.ts);
 * anything else fails the test.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres, tempDataDir, type EmbeddedDatabase } from '../../scripts/embedded-postgres';
import { migrateDatabase } from '#core/lib/migrate';
import { connect } from '#core/lib/db';
import { queueEmail } from '#core/services/email/index';
import { startTestShop, type TestShop } from '../helpers/shop';
import { catchStrayErrors } from '../helpers/driverBugs';

let pg: EmbeddedDatabase;
let dataDir: string;
let shop: TestShop;
let stray: ReturnType<typeof catchStrayErrors>;

beforeAll(async () => {
  stray = catchStrayErrors();
  dataDir = tempDataDir('bp-fault-');
  pg = await startEmbeddedPostgres({ dataDir, database: 'shop', persistent: true });
  await migrateDatabase(pg.url);
  const sql = connect(pg.url, { max: 5 });
  shop = await startTestShop({ database: { url: pg.url, name: 'shop', sql, drop: () => sql.end({ timeout: 1 }) } });
});

afterAll(async () => {
  stray?.stop();
  await shop?.close();
  await pg?.stop().catch(() => {});
  if (dataDir) fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
});

async function health(): Promise<number> {
  try {
    const res = await fetch(`${shop.url}/api/health`, { signal: AbortSignal.timeout(8000) });
    return res.status;
  } catch {
    return 0;
  }
}

describe('PostgreSQL stopped and started under load', () => {
  // The worker is started just before the stop, so its first job fetch often meets the outage:
  // graphile-worker caches that fetch's task-id lookup, a failure included, and the runner must be
  // replaced for the email below ever to be taken (worker/src/runner.ts).
  it('answers 503 while down and recovers within 10 s without a restart', { timeout: 60_000 }, async () => {
    const worker = await shop.startWorker();
    expect(await health()).toBe(200);

    // Load: a steady stream of health checks and emails queued throughout.
    let stop = false;
    const seen: number[] = [];
    const load = (async () => {
      while (!stop) {
        seen.push(await health());
        await new Promise((r) => setTimeout(r, 50));
      }
    })();

    await pg.stop();
    const downStatuses: number[] = [];
    for (let i = 0; i < 5; i++) downStatuses.push(await health());
    expect(downStatuses.every((s) => s === 503)).toBe(true);

    await pg.start();
    const startedAt = Date.now();
    let recoveredAfter = Infinity;
    while (Date.now() - startedAt < 10_000) {
      if ((await health()) === 200) {
        recoveredAfter = Date.now() - startedAt;
        break;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    stop = true;
    await load;
    expect(recoveredAfter).toBeLessThan(10_000);
    // The pool waits at most a second between attempts (core/lib/db.ts); postgres.js's own
    // back-off, shared by the whole pool, kept the shop down 2-20 s after the database was back.
    expect(recoveredAfter).toBeLessThan(5_000);
    expect(seen).toContain(503);

    // Writes after recovery land, and the same worker (never restarted) processes them.
    await queueEmail(shop.sql, { idempotencyKey: 'after-restart', to: 'a@example.com', kind: 'test', subject: 's', text: 't' });
    let status = '';
    for (let i = 0; i < 100 && status !== 'sent'; i++) {
      const [row] = await shop.sql<{ status: string }[]>`select status from emails where idempotency_key = 'after-restart'`;
      status = row?.status ?? '';
      if (status !== 'sent') await new Promise((r) => setTimeout(r, 200));
    }
    expect(status).toBe('sent');
    await worker.stop();
    expect(stray.unexpected).toEqual([]);
  });
});
