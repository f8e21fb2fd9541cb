/** A throwaway, migrated database for the admin benchmarks (BENCH_DATABASE_URL or the local PostgreSQL). */
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { migrateDatabase } from '#core/lib/migrate';

export const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export async function createBenchDatabase(label: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `bp_bench_${label}_${randomBytes(3).toString('hex')}`;
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  const u = new URL(ADMIN_URL);
  u.pathname = `/${name}`;
  const url = u.toString();
  await migrateDatabase(url, { includeCurrent: true });
  return {
    url,
    async drop() {
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end({ timeout: 1 });
    },
  };
}

/** Inserts `count` paid orders in one statement (generate_series); file keys are bench/<n>.pdf. */
export async function insertOrders(sql: postgres.Sql, count: number, options: { spreadSeconds?: number } = {}): Promise<void> {
  await sql`
    insert into orders (access_token, file_name, file_key, file_size, page_count, print_size, print_type, price_per_page_cents,
      subtotal_cents, total_cents, status, payment_status, payment_provider, customer_email, customer_first_name, customer_last_name,
      customer_phone, paid_at, created_at, updated_at)
    select md5(random()::text || n), 'Drawing set ' || n || '.pdf', 'bench/' || n || '.pdf', 0, 1 + n % 40, '24x36', 'bw', 450,
      450 * (1 + n % 40), 450 * (1 + n % 40), (array['pending','processing','completed','failed'])[1 + n % 4], 'paid', 'demo',
      'customer' || n || '@example.com', 'First' || n, 'Last' || n, '201-555-0100', now(),
      now() - make_interval(secs => ${options.spreadSeconds ?? count} * random()), now()
    from generate_series(1, ${count}) n`;
  // What autovacuum would have done on a live table (visibility map for index-only counts).
  await sql.unsafe('vacuum analyze orders');
}
