/**
 * One home per change: every table the shop writes has its command folder in the core, and no
 * production code outside it writes that table (`insert into`, `update … set`, `delete from`); a
 * route file holds no SQL at all (it validates, calls a command or a query, presents). Read from
 * the source on every `npm test`. Test fixtures and benchmarks may seed rows.
 *
 * The writes and the route SQL that have not moved yet are listed below by name: the list may only
 * shrink. A write found elsewhere fails, and so does a listed one that has gone (take it off).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '#core/lib/paths';

/** Each table and the folders (or files) whose code may write it: a path prefix from the project root. */
export const COMMAND_HOMES: Record<string, string[]> = {
  orders: ['core/orders/commands/'],
  order_files: ['core/orders/commands/'],
  order_recipients: ['core/orders/commands/'],
  order_status_history: ['core/orders/commands/'],
  payment_events: ['core/orders/commands/'],
  shipping_quotes: ['core/checkout/commands/'],
  users: ['core/accounts/commands/'],
  sessions: ['core/accounts/commands/'],
  auth_tokens: ['core/accounts/commands/'],
  rate_limit_hits: ['core/accounts/commands/'],
  uploads: ['core/uploads/commands/'],
  upload_sheets: ['core/uploads/commands/'],
  upload_intents: ['core/uploads/commands/'],
  revisions: ['core/revisions/commands'],
  revision_sheets: ['core/revisions/commands'],
  revision_removed_sheets: ['core/revisions/commands'],
  firms: ['core/firms/commands'],
  firm_members: ['core/firms/commands'],
  firm_invites: ['core/firms/commands'],
  firm_projects: ['core/firms/commands'],
  firm_tax_certificates: ['core/firms/commands'],
  invoices: ['core/invoices/commands/'],
  saved_addresses: ['core/addresses/commands/'],
  firm_addresses: ['core/addresses/commands/'],
  exports: ['core/exports/commands/'],
  print_batches: ['core/production/commands/'],
  printers: ['core/production/commands/'],
  // The built-in providers' own records, written only by their adapters.
  emails: ['core/services/email/'],
  demo_payment_intents: ['core/services/payments/demo.ts'],
  // The worker processes' heartbeat is the runner's own bookkeeping (decision 019), not the shop's.
  worker_heartbeats: ['worker/src/runner.ts'],
};

/** `table file` for each write that has not moved to its home yet. Only ever shrinks. */
const WRITES_NOT_YET_HOME = `
`;

/** Route files that still hold SQL. Only ever shrinks. */
const ROUTES_WITH_SQL_NOT_YET_MOVED = `
`;

const listed = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .sort();

/** A statement that changes rows of a table: the table it names. */
const WRITE = /\b(?:insert\s+into|delete\s+from)\s+([a-z_][a-z0-9_]*)|\bupdate\s+([a-z_][a-z0-9_]*)\s+set\b/gi;
/** SQL in a file: a tagged template of the database (sql`…`, tx`…`, ctx.sql`…`) or an unsafe query. */
const SQL = /(\b(sql|tx|db|trx)|\.sql)(<[^`;]*>)?`|\.unsafe\(/;

function productionFiles(dir: string): string[] {
  return fs.readdirSync(path.join(PROJECT_ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : productionFiles(rel);
    return /\.(ts|tsx|mts)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [rel] : [];
  });
}

/** Every `table file` pair where production code writes a table. */
export function writesInSource(): { table: string; file: string }[] {
  return ['core', 'api', 'worker', 'scripts', 'shared'].flatMap(productionFiles).flatMap((file) => {
    const text = fs.readFileSync(path.join(PROJECT_ROOT, file), 'utf8');
    const tables = new Set([...text.matchAll(WRITE)].map((m) => (m[1] ?? m[2]).toLowerCase()));
    return [...tables].map((table) => ({ table, file }));
  });
}

describe('one home per change', () => {
  const writes = writesInSource();

  it('gives every table the shop writes a command home', () => {
    expect([...new Set(writes.map((w) => w.table))].filter((table) => !COMMAND_HOMES[table]).sort()).toEqual([]);
  });

  it('writes each table only from its home (the writes not yet moved are listed, and only shrink)', () => {
    const away = writes
      .filter(({ table, file }) => !(COMMAND_HOMES[table] ?? []).some((home) => file.startsWith(home)))
      .map(({ table, file }) => `${table} ${file}`)
      .sort();
    expect(away).toEqual(listed(WRITES_NOT_YET_HOME));
  });

  it('keeps SQL out of route files (those not yet moved are listed, and only shrink)', () => {
    const withSql = productionFiles('api/src/routes').filter((file) => SQL.test(fs.readFileSync(path.join(PROJECT_ROOT, file), 'utf8')));
    expect(withSql.sort()).toEqual(listed(ROUTES_WITH_SQL_NOT_YET_MOVED));
  });

  it('would catch a write and route SQL (the patterns find them)', () => {
    const tables = (text: string) => [...text.matchAll(WRITE)].map((m) => m[1] ?? m[2]);
    expect(tables('await tx`update orders set status = ${s}`')).toEqual(['orders']);
    expect(tables('insert into uploads (id) values (1); delete from sessions where id = 1')).toEqual(['uploads', 'sessions']);
    expect(tables('select * from orders; on conflict (id) do update set n = 1')).toEqual([]);
    expect(SQL.test('const [row] = await ctx.sql<Row[]>`select 1`')).toBe(true);
    expect(SQL.test("res.json({ message: 'ok' })")).toBe(false);
  });
});
