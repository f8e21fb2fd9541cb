/**
 * `npm start`: the whole shop in one process on PORT (default 5000). Builds the client when stale,
 * starts an embedded PostgreSQL under .data/ (or where this folder's data was put the first time) when DATABASE_URL is unset, migrates, then runs the API
 * and the worker. Ctrl-C (SIGINT) or SIGTERM drains the worker and stops PostgreSQL cleanly.
 */
import { installProcessGuards } from '#core/lib/processGuards';
import { loadEnvOrExit } from '#core/config';
import { startWeb } from '../api/src/server';
import { createContext } from '#core/context';
import { migrateDatabase } from '#core/lib/migrate';
import { startWorker } from '../worker/src/runner';
import { buildClientIfStale } from './build-client';
import { DataPlaceError, EmbeddedPostgresUnavailableError, type EmbeddedDatabase } from './embedded-postgres';
import { startShopPostgres } from './shopDatabase';
import { startNotices } from './startMessages';

const env = loadEnvOrExit();
const say = (m: string) => process.stdout.write(`${m}\n`);

let embedded: EmbeddedDatabase | null = null;
if (!env.DATABASE_URL) {
  say('DATABASE_URL is not set: starting embedded PostgreSQL…');
  try {
    embedded = await startShopPostgres(env.DATA_DIR, say);
  } catch (error) {
    // What to do, in a sentence: a stack trace would only bury it.
    console.error(error instanceof EmbeddedPostgresUnavailableError || error instanceof DataPlaceError ? error.message : error);
    process.exit(1);
  }
  env.DATABASE_URL = embedded.url;
}

try {
  await buildClientIfStale(say);
  await migrateDatabase(env.DATABASE_URL);
} catch (error) {
  console.error(error);
  await embedded?.stop();
  process.exit(1);
}

const ctx = await createContext(env);
installProcessGuards(ctx.log);
const web = await startWeb(ctx, env.PORT);
const worker = await startWorker(ctx);

// A browser can open localhost when every interface listens; otherwise only the address given.
const host = env.HOST && !web.address.endsWith('(every interface)') ? web.address.replace(/:\d+$/, '') : 'localhost';
say(`\nBlueprint Shop is running on http://${host}:${web.port}  (listening on ${web.address})`);
say(`  storage: ${ctx.storage.kind}   email: ${ctx.email.name}   payments: ${ctx.payments?.name ?? 'none'}   shipping: ${ctx.shipping?.name ?? 'none'}`);
for (const line of startNotices(env)) say(line);

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  say(`\n${signal}: stopping…`);
  await web.close().catch(() => {});
  await worker.stop().catch(() => {});
  // Ctrl-C in a terminal reaches the embedded PostgreSQL too, and it shuts down by itself: once it
  // is gone there is nothing left to wait for (a query still trying to connect would otherwise hold
  // the whole timeout).
  const ended = ctx.sql.end({ timeout: 5 }).catch(() => {});
  await (embedded ? Promise.race([ended, embedded.stopped()]) : ended);
  await embedded?.stop().catch(() => {});
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
