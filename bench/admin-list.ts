/**
 * Admin list benchmark: 100k paid orders (BENCH_ORDERS), the real API over HTTP with an admin
 * session, sequential requests; reports p50/p95/p99 for the first page, deep pages by cursor,
 * a status filter and searches; prints the plan of the name search, which must use the trigram index.
 * Targets: p95 ≤ 30 ms for the list (docs/decisions/007-admin-console.md) and for the name search.
 *   npx tsx bench/admin-list.ts
 */
import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import { parseEnv } from '#shared/env';
import { createContext } from '#core/context';
import { createLogger } from '#core/lib/logger';
import { connect } from '#core/lib/db';
import { startWeb } from '../api/src/server';
import { createBenchDatabase, insertOrders } from './admin-db';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 300);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function main() {
  const db = await createBenchDatabase('list');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-bench-list-'));
  const env = parseEnv({ NODE_ENV: 'test', DATABASE_URL: db.url, DATA_DIR: dataDir, LOG_LEVEL: 'warn', PORT: '0' });
  const ctx = await createContext(env, { sql: connect(db.url, { max: 10 }), log: createLogger('warn') });
  const web = await startWeb(ctx, 0);
  const base = `http://127.0.0.1:${web.port}`;
  try {
    const t0 = Date.now();
    await insertOrders(ctx.sql, ORDERS, { spreadSeconds: 365 * 86400 });
    const seeded = Date.now() - t0;
    const login = await fetch(`${base}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: env.ADMIN_USERNAME, password: env.ADMIN_PASSWORD }),
    });
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const get = async (url: string) => {
      const started = process.hrtime.bigint();
      const res = await fetch(base + url, { headers: { cookie } });
      const body = (await res.json()) as { orders: unknown[]; nextCursor: string | null };
      if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
      return { ms: Number(process.hrtime.bigint() - started) / 1e6, body };
    };
    // Cursors deep into the list: walk 200 pages of 50 once.
    const cursors: string[] = [];
    let cursor: string | null = null;
    for (let i = 0; i < 200; i++) {
      const { body } = await get(`/api/admin/orders?limit=50${cursor ? `&cursor=${cursor}` : ''}`);
      cursor = body.nextCursor;
      if (!cursor) break;
      cursors.push(cursor);
    }
    const scenarios: Record<string, (i: number) => string> = {
      'first page (50)': () => '/api/admin/orders?limit=50',
      'deep page by cursor (50)': (i) => `/api/admin/orders?limit=50&cursor=${cursors[i % cursors.length]}`,
      'status filter (50)': (i) => `/api/admin/orders?limit=50&status=${['pending', 'processing', 'completed', 'failed'][i % 4]}`,
      'search by whole email (50)': (i) => `/api/admin/orders?limit=50&q=customer${(i * 7919) % ORDERS}@example.com`,
      'search by order number': (i) => `/api/admin/orders?q=${(0xabcd1234 + i).toString(16)}`,
      'search by part of a name (trigram index)': (i) => `/api/admin/orders?limit=50&q=first${(i * 7919) % ORDERS}%20last`,
      'search by part of an email (trigram index)': (i) => `/api/admin/orders?limit=50&q=customer${(i * 7919) % ORDERS}@exa`,
      counters: () => '/api/admin/order-counts',
    };
    // The plan of the name search as the route sends it (adminOrders.ts): it must use the trigram index.
    const plan = await ctx.sql.unsafe<{ 'QUERY PLAN': string }[]>(
      `explain (analyze, costs off) select o.* from orders o where o.payment_status <> 'unpaid'
         and (lower(o.customer_email) like $1 or lower(o.customer_first_name || ' ' || o.customer_last_name) like $1)
       order by o.created_at desc, o.id desc limit 51`,
      ['%first4242 last%'],
    );
    const planText = plan.map((r) => r['QUERY PLAN']).join('\n');
    if (!planText.includes('orders_search_trgm_idx')) throw new Error(`the name search does not use the trigram index:\n${planText}`);
    const rows: string[] = [];
    for (const [name, url] of Object.entries(scenarios)) {
      for (let i = 0; i < 20; i++) await get(url(i)); // warm-up
      const times: number[] = [];
      for (let i = 0; i < SAMPLES; i++) times.push((await get(url(i))).ms);
      times.sort((a, b) => a - b);
      rows.push(`| ${name} | ${percentile(times, 50).toFixed(1)} | ${percentile(times, 95).toFixed(1)} | ${percentile(times, 99).toFixed(1)} |`);
    }
    console.log(`${ORDERS} paid orders (seeded in ${seeded} ms), ${SAMPLES} sequential requests per row, ms:\n`);
    console.log('| request | p50 | p95 | p99 |\n|---|---|---|---|');
    console.log(rows.join('\n'));
    console.log(`\nPlan of the name search:\n\n${planText}`);
  } finally {
    await web.close();
    await ctx.sql.end();
    await db.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
