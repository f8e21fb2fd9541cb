/** A fresh database per test file, copied from the run's migrated template. */
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { inject } from 'vitest';
import { connect, type Sql } from '#core/lib/db';

export type TestDatabase = { url: string; name: string; sql: Sql; drop(): Promise<void> };

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** Creates a database from the template; `drop()` removes it (call it in afterAll). */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = inject('pgAdminUrl');
  const name = `bp_t_${inject('runId')}_${randomBytes(4).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database "${name}" template "${inject('templateDatabase')}"`);
  } finally {
    await admin.end({ timeout: 1 });
  }
  const url = withDatabase(adminUrl, name);
  const sql = connect(url, { max: 5, appName: 'blueprint-shop-test' });
  return {
    url,
    name,
    sql,
    async drop() {
      await sql.end({ timeout: 1 });
      const a = postgres(adminUrl, { max: 1, onnotice: () => {} });
      await a.unsafe(`drop database if exists "${name}" with (force)`).catch(() => {});
      await a.end({ timeout: 1 });
    },
  };
}
