/** The `release` process: applies migrations to DATABASE_URL and exits. */
import { loadEnvOrExit } from '#core/config';
import { migrateDatabase } from '#core/lib/migrate';

const env = loadEnvOrExit('release');
if (!env.DATABASE_URL) {
  console.error('DATABASE_URL is not set: nothing to migrate.');
  process.exit(1);
}
await migrateDatabase(env.DATABASE_URL);
console.log('Migrations applied.');
