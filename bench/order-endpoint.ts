/**
 * `GET /api/orders/{id}` of the shop (helmet, same-origin check, cookie session looked up in
 * PostgreSQL, access check, presenter) against a bare Express + postgres endpoint that selects the
 * same row and sends it raw, with autocannon. Each server runs in its own process; autocannon runs
 * here. Three runs, taking turns for `--rounds` rounds: the shop with the owner's session cookie, the
 * shop with `?token=`, the bare one.
 *
 *   npx tsx bench/order-endpoint.ts                      # 10 rounds of 2 s per run, 20 connections
 *   npx tsx bench/order-endpoint.ts --seconds 5 --rounds 4 --connections 50
 *
 * Uses a throw-away database on BENCH_DATABASE_URL's server (default: the PostgreSQL at
 * 127.0.0.1:5432, user postgres), migrated from scratch and dropped afterwards.
 */
import { freePort, waitForServer } from './kit';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import express from 'express';
import postgres from 'postgres';
import { migrateDatabase } from '#core/lib/migrate';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};

/** The bare endpoint: Express, one postgres pool of the same size as the shop's, the row as JSON. */
async function serveBare(url: string, port: number) {
  const sql = postgres(url, { max: 10, onnotice: () => {} });
  const app = express();
  app.get('/orders/:id', async (req, res) => {
    const [row] = await sql`select * from orders where id = ${req.params.id}`;
    if (!row) return void res.status(404).json({ message: 'Not found.' });
    res.json(row);
  });
  app.listen(port, '127.0.0.1', () => process.stdout.write('ready\n'));
}

type Run = { label: string; rps: number; p50: number; p97_5: number; p99: number; errors: number; non2xx: number };

async function cannon(label: string, url: string, headers: Record<string, string>, seconds: number, connections: number, warm: boolean): Promise<Run> {
  // A short warm-up before the first round, then the measured run.
  if (warm) await autocannon({ url, headers, duration: 2, connections });
  const r = await autocannon({ url, headers, duration: seconds, connections });
  return { label, rps: r.requests.average, p50: r.latency.p50, p97_5: r.latency.p97_5, p99: r.latency.p99, errors: r.errors, non2xx: r.non2xx };
}

async function main() {
  const seconds = arg('seconds', 2);
  const connections = arg('connections', 20);
  const roundCount = arg('rounds', 10);
  const name = `bp_bench_order_${randomBytes(3).toString('hex')}`;
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  const u = new URL(ADMIN_URL);
  u.pathname = `/${name}`;
  const url = u.toString();
  const children: ChildProcess[] = [];
  const sql = postgres(url, { max: 2, onnotice: () => {} });
  try {
    await migrateDatabase(url, { includeCurrent: true });
    const shopPort = await freePort();
    const barePort = await freePort();
    const env = {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: url,
      PORT: String(shopPort),
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'silent',
      SESSION_SECRET: randomBytes(32).toString('hex'),
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: randomBytes(12).toString('hex'),
      DATA_DIR: os.tmpdir(),
      SERVE_CLIENT: 'false',
    };
    children.push(
      spawn(process.execPath, [...(process.env.BENCH_SERVER_FLAGS?.split(' ').filter(Boolean) ?? []), '--import', 'tsx', 'api/src/server.ts'], {
        cwd: ROOT,
        env,
        stdio: process.env.BENCH_LOG_LEVEL ? 'inherit' : 'ignore',
      }),
    );
    children.push(
      spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--serve-bare', url, String(barePort)], {
        cwd: ROOT,
        env,
        stdio: ['ignore', 'ignore', 'inherit'],
      }),
    );
    const shop = `http://127.0.0.1:${shopPort}`;
    await waitForServer(`${shop}/api/health`);
    await waitForServer(`http://127.0.0.1:${barePort}/orders/00000000-0000-0000-0000-000000000000`);

    // A customer with an account and one paid order.
    const email = `bench-${randomBytes(3).toString('hex')}@example.com`;
    await fetch(`${shop}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'a-long-password-1', firstName: 'Bench', lastName: 'Mark' }),
    });
    const login = await fetch(`${shop}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'a-long-password-1' }),
    });
    if (login.status !== 200) throw new Error(`login failed: ${login.status}`);
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const [user] = await sql<{ id: string }[]>`select id from users where email = ${email}`;
    const [order] = await sql<{ id: string; access_token: string }[]>`
      insert into orders (user_id, access_token, file_name, file_key, file_size, page_count, print_size, print_type, price_per_page_cents,
        subtotal_cents, total_cents, status, payment_status, payment_provider, customer_email, customer_first_name, customer_last_name, customer_phone, paid_at)
      values (${user.id}, ${randomBytes(24).toString('base64url')}, 'A-100.pdf', 'bench/a.pdf', 1000, 12, '24x36', 'bw', 450, 5400, 5742,
        'processing', 'paid', 'demo', ${email}, 'Bench', 'Mark', '201-555-0100', now())
      returning id, access_token`;
    // 10,000 other orders, so the lookup is by index, as in a shop that has been open a while.
    await sql`
      insert into orders (access_token, file_name, file_key, file_size, page_count, print_size, print_type, price_per_page_cents, subtotal_cents,
        total_cents, status, payment_status, payment_provider, customer_email, customer_first_name, customer_last_name, customer_phone)
      select md5(random()::text), 'x.pdf', 'bench/x.pdf', 1, 1, '24x36', 'bw', 450, 450, 450, 'pending', 'paid', 'demo', 'x@example.com', 'X', 'Y', '1'
      from generate_series(1, 10000)`;
    await sql`analyze`;

    const check = await fetch(`${shop}/api/orders/${order.id}`, { headers: { cookie } });
    if (check.status !== 200) throw new Error(`the shop answered ${check.status} to the owner`);

    // The three runs take turns, round after round, so load from other work on the machine falls on
    // all of them alike; each ratio is against the bare run of the same round.
    const targets: Array<[string, string, Record<string, string>]> = [
      ['shop GET /api/orders/{id}, owner session cookie', `${shop}/api/orders/${order.id}`, { cookie }],
      ['shop GET /api/orders/{id}?token=', `${shop}/api/orders/${order.id}?token=${order.access_token}`, {}],
      ['bare Express + postgres, same row', `http://127.0.0.1:${barePort}/orders/${order.id}`, {}],
    ];
    const rounds: Run[][] = [];
    for (let round = 0; round < roundCount; round++) {
      const runs: Run[] = [];
      for (const [label, target, headers] of targets) runs.push(await cannon(label, target, headers, seconds, connections, round === 0));
      rounds.push(runs);
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const ratios = (i: number) => rounds.map((runs) => runs[i].rps / runs[2].rps);
    const pooled = (i: number) => rounds.reduce((a, runs) => a + runs[i].rps, 0) / rounds.reduce((a, runs) => a + runs[2].rps, 0);
    const out = [
      `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}; load average ${os.loadavg()[0].toFixed(1)}; ${new Date().toISOString()}`,
      `autocannon: ${connections} connections, ${seconds} s per run (2 s warm-up before the first round), ${roundCount} rounds taking turns; servers and PostgreSQL on the same machine`,
      '',
      '| round | endpoint | req/s | vs bare (same round) | p50 | p97.5 | p99 | errors | non-2xx |',
      '|---:|---|---:|---:|---:|---:|---:|---:|---:|',
      ...rounds.flatMap((runs, n) =>
        runs.map(
          (r) =>
            `| ${n + 1} | ${r.label} | ${r.rps.toFixed(0)} | ${((r.rps / runs[2].rps) * 100).toFixed(0)}% | ${r.p50} ms | ${r.p97_5} ms | ${r.p99} ms | ${r.errors} | ${r.non2xx} |`,
        ),
      ),
      '',
      `All rounds pooled (requests over bare requests): cookie ${(pooled(0) * 100).toFixed(0)}% (target ≥ 70%), token ${(pooled(1) * 100).toFixed(0)}% (target ≥ 80%)`,
      `Median of the rounds' ratios: cookie ${(median(ratios(0)) * 100).toFixed(0)}%, token ${(median(ratios(1)) * 100).toFixed(0)}%`,
    ].join('\n');
    process.stdout.write(`${out}\n`);
  } finally {
    for (const c of children) c.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    await sql.end({ timeout: 1 });
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.end({ timeout: 1 });
  }
}

const serve = process.argv.indexOf('--serve-bare');
if (serve > 0) await serveBare(process.argv[serve + 1], Number(process.argv[serve + 2]));
else await main();
