/** One extra worker process for bench/reconcile.ts --processes N (env: DATABASE_URL, DATA_DIR, WORKER_CONCURRENCY). */
import { parseEnv } from '#shared/env';
import { createContext } from '#core/context';
import { createLogger } from '#core/lib/logger';
import { startWorker } from '../worker/src/runner';

const env = parseEnv(process.env);
const ctx = await createContext(env, { log: createLogger('warn') });
const worker = await startWorker(ctx, { pollInterval: 100, cron: false });
process.stdout.write('ready\n');
process.once('SIGTERM', () => {
  void worker
    .stop()
    .then(() => ctx.sql.end({ timeout: 2 }))
    .then(() => process.exit(0));
});
