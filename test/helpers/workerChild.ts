/**
 * A worker in its own process, for tests that kill one mid-job (SIGKILL: no clean-up runs).
 * Environment as for the real worker (DATABASE_URL, DATA_DIR, ...). Prints "ready" when running.
 */
import { parseEnv } from '#shared/env';
import { createContext } from '#core/context';
import { startWorker } from '../../worker/src/runner';

const env = parseEnv(process.env);
const ctx = await createContext(env);
await startWorker(ctx, { concurrency: 1, pollInterval: 100, cron: false });
process.stdout.write('ready\n');
