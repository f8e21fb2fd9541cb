/**
 * `npm run dev`: API and worker with reload (tsx watch), the Vite dev server with its /api proxy,
 * and graphile-migrate watching migrations/current.sql. Embedded PostgreSQL when DATABASE_URL is unset.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { loadEnvOrExit } from '#core/config';
import { migrateDatabase } from '#core/lib/migrate';
import type { EmbeddedDatabase } from './embedded-postgres';
import { startShopPostgres } from './shopDatabase';

const env = loadEnvOrExit();
let embedded: EmbeddedDatabase | null = null;
let shadowUrl = process.env.SHADOW_DATABASE_URL;
if (!env.DATABASE_URL) {
  embedded = await startShopPostgres(env.DATA_DIR, (line) => process.stdout.write(`${line}\n`), ['blueprint_shop_shadow']);
  env.DATABASE_URL = embedded.url;
  shadowUrl ??= embedded.url.replace(/\/blueprint_shop$/, '/blueprint_shop_shadow');
}
await migrateDatabase(env.DATABASE_URL);

const childEnv = { ...process.env, DATABASE_URL: env.DATABASE_URL, SHADOW_DATABASE_URL: shadowUrl ?? '', API_PORT: String(env.PORT + 1) };
const children: ChildProcess[] = [
  // Vite serves the pages: the API serves none, and its health does not wait for a built client.
  spawn('npx', ['tsx', 'watch', 'api/src/server.ts'], { stdio: 'inherit', env: { ...childEnv, PORT: String(env.PORT + 1), SERVE_CLIENT: 'false' } }),
  spawn('npx', ['tsx', 'watch', 'worker/src/main.ts'], { stdio: 'inherit', env: childEnv }),
  spawn('npx', ['vite', '--port', String(env.PORT)], { stdio: 'inherit', env: childEnv }),
  spawn('npx', ['graphile-migrate', 'watch'], { stdio: 'inherit', env: childEnv }),
];

async function stop() {
  for (const child of children) child.kill('SIGTERM');
  await embedded?.stop();
  process.exit(0);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
