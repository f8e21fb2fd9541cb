/**
 * Paid orders reconciled per second with the built-in providers: for each order the whole chain runs
 * in a real graphile-worker — orders__reconcile_payment (re-read the demo intent, mark paid),
 * orders__render_receipt (PDFKit receipt to local storage, queue the email) and emails__send
 * (outbox) — and an order counts when its confirmation email is `sent`. Target: ≥ 50 orders/s.
 *
 * Uses its own throw-away database on BENCH_DATABASE_URL's server (default: the PostgreSQL at
 * 127.0.0.1:5432, user postgres), migrated from scratch, and drops it afterwards.
 *
 *   npx tsx bench/reconcile.ts                 # 1000 orders, concurrency 8, 16 and 24 (at most 32)
 *   npx tsx bench/reconcile.ts --orders 300 --concurrency 8
 *   npx tsx bench/reconcile.ts --write         # also rewrites bench/results-checkout.md
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { parseEnv } from '#shared/env';
import { priceOrder } from '#shared/pricing';
import { shopFacts } from '#shared/shop';
import { createContext } from '#core/context';
import { createLogger } from '#core/lib/logger';
import { connect } from '#core/lib/db';
import { migrateDatabase } from '#core/lib/migrate';
import { enqueueReconcile } from '#core/services/payments/jobs';
import { startWorker } from '../worker/src/runner';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const arg = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const ORDERS = Number(arg('orders') ?? 1000);
// The PostgreSQL is shared (tests, other benches): each process opens concurrency + 4 connections
// for the queue and up to 20 for jobs, so concurrency is capped to stay well under max_connections.
const CONCURRENCIES = (arg('concurrency') ?? '8,16,24').split(',').map((c) => Math.min(Number(c), 32));
/** Worker processes (the first runs in this process); they share only PostgreSQL and the file store. */
const PROCESSES = (arg('processes') ?? '1').split(',').map(Number);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

type Result = { processes: number; concurrency: number; orders: number; seconds: number; perSecond: number; emails: number; receipts: number; paid: number };

function withDatabase(url: string, name: string) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function runOnce(concurrency: number, processes: number): Promise<Result> {
  const name = `bp_bench_reconcile_${randomBytes(4).toString('hex')}`;
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  const url = withDatabase(ADMIN_URL, name);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-bench-'));
  try {
    await migrateDatabase(url, { includeCurrent: true });
    const env = parseEnv({ NODE_ENV: 'test', DATABASE_URL: url, DATA_DIR: dataDir, LOG_LEVEL: 'warn', PORT: '0' });
    // One connection per concurrent job, so the pool is not what limits the run.
    const ctx = await createContext(env, { log: createLogger('warn'), sql: connect(url, { max: Math.min(concurrency + 4, 20), appName: 'bench-reconcile' }) });
    const sql = ctx.sql;

    // Orders the way checkout leaves them once the customer has paid: unpaid in our table, the
    // (demo) intent succeeded at the provider, a reconciliation job queued.
    const price = priceOrder({
      pageCount: 6,
      printSize: '24x36',
      printType: 'color',
      rushOrder: false,
      shippingMethod: 'pickup',
      shopState: shopFacts(env).state,
    });
    const rows = Array.from({ length: ORDERS }, (_, i) => {
      const id = randomUUID();
      return {
        order: {
          id,
          session_sid: null,
          access_token: randomBytes(24).toString('base64url'),
          file_name: `Bench set ${i}.pdf`,
          page_count: 6,
          print_size: '24x36',
          print_type: 'color',
          price_per_page_cents: price.pricePerPageCents,
          subtotal_cents: price.subtotalCents,
          rush_fee_cents: 0,
          shipping_method: 'pickup',
          shipping_cost_cents: 0,
          tax_state: price.taxState,
          tax_rate_millipercent: price.taxRateMillipercent,
          tax_cents: price.taxCents,
          total_cents: price.totalCents,
          payment_provider: 'demo',
          payment_intent_id: `demo_pi_bench_${i}_${id.slice(0, 8)}`,
          customer_email: `buyer${i}@example.com`,
          customer_first_name: 'Bench',
          customer_last_name: `Customer ${i}`,
        },
        intent: {
          id: `demo_pi_bench_${i}_${id.slice(0, 8)}`,
          client_secret: `secret_${id}`,
          order_id: id,
          amount_cents: price.totalCents,
          status: 'succeeded',
          card_brand: 'visa',
          card_last4: '4242',
        },
      };
    });
    for (let i = 0; i < rows.length; i += 500) {
      const chunk = rows.slice(i, i + 500);
      await sql`insert into orders ${sql(chunk.map((r) => r.order))}`;
      await sql`insert into demo_payment_intents ${sql(chunk.map((r) => r.intent))}`;
    }
    await sql.begin(async (tx) => {
      for (const r of rows) await enqueueReconcile(tx, r.intent.id);
    });

    // Extra worker processes first (started and idle until the clock starts is not possible: they
    // would begin at once), so the clock starts before any of them.
    const started = performance.now();
    const cpuStart = process.cpuUsage();
    const children: ChildProcess[] = [];
    for (let i = 1; i < processes; i++) {
      const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'bench/reconcileWorker.ts')], {
        env: { ...process.env, DATABASE_URL: url, DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'test', PORT: '0', WORKER_CONCURRENCY: String(concurrency) },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      children.push(child);
    }
    const worker = await startWorker(ctx, { concurrency, pollInterval: 100, cron: false });
    let sent = 0;
    const deadline = Date.now() + 10 * 60_000;
    const marks: Record<string, number> = {};
    while (sent < ORDERS && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
      const [row] = await sql<{ sent: number; paid: number; receipts: number }[]>`
        select (select count(*)::int from emails where status = 'sent') as sent,
               (select count(*)::int from orders where payment_status = 'paid') as paid,
               (select count(*)::int from orders where receipt_key is not null) as receipts`;
      sent = row.sent;
      const t = (performance.now() - started) / 1000;
      if (row.paid === ORDERS) marks.paid ??= t;
      if (row.receipts === ORDERS) marks.receipts ??= t;
    }
    if (process.env.BENCH_DEBUG) process.stdout.write(`  all paid at ${marks.paid?.toFixed(1)} s, all receipts at ${marks.receipts?.toFixed(1)} s\n`);
    const seconds = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuStart);
    if (process.env.BENCH_DEBUG) process.stdout.write(`  main process CPU ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s over ${seconds.toFixed(1)} s\n`);
    await worker.stop();
    await Promise.all(
      children.map((c) => new Promise<void>((resolve) => (c.exitCode !== null ? resolve() : (c.once('exit', () => resolve()), c.kill('SIGTERM'))))),
    );
    const [counts] = await sql<{ emails: number; receipts: number; paid: number }[]>`
      select (select count(*)::int from emails) as emails,
             (select count(*)::int from orders where receipt_key is not null) as receipts,
             (select count(*)::int from orders where payment_status = 'paid') as paid`;
    await sql.end({ timeout: 5 });
    return { processes, concurrency, orders: ORDERS, seconds, perSecond: ORDERS / seconds, ...counts };
  } finally {
    await admin.unsafe(`drop database if exists "${name}" with (force)`).catch(() => {});
    await admin.end({ timeout: 1 });
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const results: Result[] = [];
  for (const p of PROCESSES)
    for (const c of CONCURRENCIES) {
      const r = await runOnce(c, p);
      results.push(r);
      process.stdout.write(
        `processes ${p}, concurrency ${String(c).padStart(2)}: ${r.orders} orders in ${r.seconds.toFixed(2)} s = ${r.perSecond.toFixed(1)} orders/s ` +
          `(paid ${r.paid}, receipts ${r.receipts}, emails ${r.emails})\n`,
      );
    }
  if (args.includes('--write')) {
    const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
    const table = results
      .map(
        (r) =>
          `| ${r.processes} | ${r.concurrency} | ${r.orders} | ${r.seconds.toFixed(2)} | **${r.perSecond.toFixed(1)}** | ${r.paid} | ${r.receipts} | ${r.emails} |`,
      )
      .join('\n');
    const best = Math.max(...results.map((r) => r.perSecond));
    const load = os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(', ');
    const md = `# Checkout: paid orders reconciled per second

\`npx tsx bench/reconcile.ts --write\` on ${new Date().toISOString().slice(0, 10)}: ${os.cpus().length} × ${cpu}, Node ${process.version},
PostgreSQL at 127.0.0.1:5432, built-in providers (demo card, local files, outbox). Load average when
the runs ended: ${load} (other test suites were running on the same ${os.cpus().length} CPUs).

Each order runs the whole chain in a real graphile-worker: \`orders__reconcile_payment\` (re-reads the
demo intent, marks the order paid under a row lock), \`orders__render_receipt\` (draws the PDFKit
receipt into storage, queues the confirmation email) and \`emails__send\` (attaches the receipt,
outbox). An order counts when its email is \`sent\`. The clock starts when the worker starts, with
every reconciliation job already queued.

| worker processes | concurrency each | orders | seconds | orders/s | paid | receipts | emails |
|---:|---:|---:|---:|---:|---:|---:|---:|
${table}

Target ≥ 50 orders/s: **${best >= 50 ? 'met' : 'not met'}** (best ${best.toFixed(1)} orders/s). Every run ends with exactly one
receipt and one email per order.
`;
    fs.writeFileSync(path.join(ROOT, 'bench/results-checkout.md'), md);
    process.stdout.write('wrote bench/results-checkout.md\n');
  }
}

await main();
