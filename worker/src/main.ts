/** The `worker` process (Procfile `worker`): graphile-worker tasks and crontab, drained on SIGTERM. */
import { installProcessGuards } from '#core/lib/processGuards';
import { loadEnvOrExit } from '#core/config';
import { createContext } from '#core/context';
import { startWorker } from './runner';

async function main() {
  const env = loadEnvOrExit();
  const ctx = await createContext(env);
  installProcessGuards(ctx.log);
  const worker = await startWorker(ctx);
  ctx.log.info(
    `Blueprint Shop worker started (concurrency ${env.WORKER_CONCURRENCY}; its jobs run elsewhere if it is silent for ${env.WORKER_DEAD_AFTER_SECONDS} s)`,
  );
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    ctx.log.info('worker draining running jobs…');
    await worker.stop();
    await ctx.sql.end({ timeout: 5 });
    process.exit(0);
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

void main();
