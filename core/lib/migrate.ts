/**
 * Applies graphile-migrate's committed migrations and graphile-worker's own schema. Used by the
 * `release` process, `npm start` and the test harness.
 */
import fs from 'node:fs';
import path from 'node:path';
import { migrate, Logger as MigrateLogger } from 'graphile-migrate';
import { runMigrations, Logger as WorkerLogger } from 'graphile-worker';
import { PROJECT_ROOT } from './paths';
import { createPgPool } from './pgPool';

export const MIGRATIONS_FOLDER = path.join(PROJECT_ROOT, 'migrations');

/** How many committed migrations exist on disk; /api/health wants at least this many applied. */
export function committedMigrationCount(): number {
  return fs.readdirSync(path.join(MIGRATIONS_FOLDER, 'committed')).filter((f) => f.endsWith('.sql')).length;
}

/** migrations/current.sql without its comments and blank lines ('' when there is no work in progress). */
export function currentMigrationSql(): string {
  const file = path.join(MIGRATIONS_FOLDER, 'current.sql');
  if (!fs.existsSync(file)) return '';
  const text = fs.readFileSync(file, 'utf8');
  const meaningful = text.split('\n').filter((line) => line.trim() !== '' && !line.trim().startsWith('--'));
  return meaningful.length > 0 ? text : '';
}

/**
 * Migrates the database at `connectionString` to the latest committed schema. With
 * `includeCurrent` (tests and development only) it then runs migrations/current.sql, which must be
 * idempotent, so work in progress can be tested before it is committed.
 */
export async function migrateDatabase(connectionString: string, options: { includeCurrent?: boolean } = {}): Promise<void> {
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
  const current = options.includeCurrent ? currentMigrationSql() : '';
  if (current) {
    const client = createPgPool(connectionString, 1);
    try {
      await client.query(current);
    } finally {
      await client.end();
    }
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
