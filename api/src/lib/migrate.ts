/**
 * Applies graphile-migrate's committed migrations and graphile-worker's own schema. Used by the
 * `release` process, `npm start` and the test harness.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate, Logger as MigrateLogger } from 'graphile-migrate';
import { runMigrations, Logger as WorkerLogger } from 'graphile-worker';
import { createPgPool } from './pgPool';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const MIGRATIONS_FOLDER = path.join(ROOT, 'migrations');

/** How many committed migrations exist on disk; /api/health wants at least this many applied. */
export function committedMigrationCount(): number {
  return fs.readdirSync(path.join(MIGRATIONS_FOLDER, 'committed')).filter((f) => f.endsWith('.sql')).length;
}

/** Migrates the database at `connectionString` to the latest committed schema. */
export async function migrateDatabase(connectionString: string): Promise<void> {
  // graphile-migrate logs every step through console; keep it quiet unless something fails.
  const logs: string[] = [];
  await migrate(
    {
      connectionString,
      migrationsFolder: MIGRATIONS_FOLDER,
      logger: quietLogger(logs),
    },
    false,
  ).catch((error: unknown) => {
    process.stderr.write(logs.join('\n') + '\n');
    throw error;
  });
  // Our own short-lived pool, ended here, so no idle connection outlives the migration.
  const pgPool = createPgPool(connectionString, 1);
  try {
    await runMigrations({ pgPool, logger: silentWorkerLogger() });
  } finally {
    await pgPool.end();
  }
}

function silentWorkerLogger() {
  return new WorkerLogger(() => (level: string, message: string) => {
    if (level === 'error') process.stderr.write(`graphile-worker: ${message}\n`);
  });
}

function quietLogger(lines: string[]) {
  return new MigrateLogger(() => (_level: string, message: string) => {
    lines.push(message);
  });
}
