/**
 * GET /api/health: 200 only when the database answers, every committed migration has run and, when
 * this process serves the client, the built client is there to serve (a script that waits for
 * health then opens a page finds it).
 */
import { Router } from 'express';
import type { AppContext } from '#core/context';
import { committedMigrationCount } from '#core/lib/migrate';
import { withTimeout } from '#core/lib/time';

/** `clientReady`: whether the built client can be served now; null when this process serves none. */
export function healthRoutes(ctx: AppContext, clientReady: (() => Promise<boolean>) | null = null): Router {
  const router = Router();
  const expected = committedMigrationCount();
  router.get('/api/health', async (_req, res) => {
    res.set('Cache-Control', 'no-store');
    try {
      const query = ctx.sql<{ applied: number; worker: boolean }[]>`
        select (select count(*)::int from graphile_migrate.migrations) as applied,
               to_regclass('graphile_worker.jobs') is not null as worker`;
      const [row] = await withTimeout(query, 2000);
      if (!row || row.applied < expected || !row.worker) {
        return void res.status(503).json({ status: 'unavailable', message: 'The database is not migrated yet.' });
      }
    } catch {
      return void res.status(503).json({ status: 'unavailable', message: 'The database is not reachable.' });
    }
    if (clientReady && !(await clientReady())) {
      return void res.status(503).json({ status: 'starting', message: "The shop's pages are still being built. Try again in a moment." });
    }
    res.json({ status: 'ok' });
  });
  return router;
}
