/** GET /api/health: 200 only when the database answers and every committed migration has run. */
import { Router } from 'express';
import type { AppContext } from '#core/context';
import { committedMigrationCount } from '#core/lib/migrate';
import { withTimeout } from '#core/lib/time';

export function healthRoutes(ctx: AppContext): Router {
  const router = Router();
  const expected = committedMigrationCount();
  router.get('/api/health', async (_req, res) => {
    try {
      const query = ctx.sql<{ applied: number; worker: boolean }[]>`
        select (select count(*)::int from graphile_migrate.migrations) as applied,
               to_regclass('graphile_worker.jobs') is not null as worker`;
      const [row] = await withTimeout(query, 2000);
      if (row && row.applied >= expected && row.worker) return void res.json({ status: 'ok' });
      res.status(503).json({ status: 'unavailable', message: 'The database is not migrated yet.' });
    } catch {
      res.status(503).json({ status: 'unavailable', message: 'The database is not reachable.' });
    }
  });
  return router;
}
