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
    ctx.log.info(`worker draining running jobs (for at most ${env.WORKER_DRAIN_SECONDS} s)…`);
    // The drain deadline. A job still running then is cut off with the process (its MuPDF child
    // follows it out). Its heartbeat row is left as last written, so the other workers take its jobs
    // one WORKER_DEAD_AFTER_SECONDS later, as a killed worker's: never while this process still runs
    // them. A platform that kills sooner (Heroku: 30 s) cuts the drain short the same way.
    const deadline = setTimeout(() => {
      ctx.log.warn(`worker drain deadline (${env.WORKER_DRAIN_SECONDS} s) passed with jobs still running: exiting; they run again elsewhere`);
      process.exit(1);
    }, env.WORKER_DRAIN_SECONDS * 1000);
    await worker.stop();
    clearTimeout(deadline);
    await ctx.sql.end({ timeout: 5 });
    process.exit(0);
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

void main();
