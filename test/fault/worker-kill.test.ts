/**
 * kill -9 of a worker process in the middle of every job type at once (analysis, reconciliation,
 * receipt, email, label, export), then a second worker: every job completes after the first one's
 * heartbeat goes stale, with no duplicate side effect.
 *
 * How each job is caught mid-flight, deterministically: the test holds the row each job writes last
 * (`select … for update` in an open transaction), so the job blocks after doing its work but before
 * recording it; the email's provider (a local Resend fake behind a proxy) receives the email but its
 * answer is held, so the worker dies after the email left and before it learnt so. The worker runs
 * as a real child process (`node --import tsx worker/src/main.ts`) and gets SIGKILL.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addJob, connect, type Sql } from '#core/lib/db';
import { queueEmail } from '#core/services/email/index';
import { startTestShop, type TestShop } from '../helpers/shop';
import { buildOrder } from '../helpers/factories';
import { makeDrawingPdf, ARCH_D } from '../helpers/pdf';
import { startFakeResend } from '../helpers/providerFakes';
import { browserWithUpload, CUSTOMER, pickupBody } from '../helpers/checkout';

const ROOT = path.resolve(import.meta.dirname, '../..');
/**
 * The dead-worker window, shortened from production's 30 s: the second worker takes the jobs over
 * once the killed one has been silent this long, and the test waited the whole 30 s for it. 5 s is
 * still six missed beats of a live worker (it beats every window / 6).
 */
const DEAD_AFTER_SECONDS = 5;
let shop: TestShop;
/** Connections of their own for the held rows (the shop's pool stays free for the checks). */
let holder: Sql;
let resend: Awaited<ReturnType<typeof startFakeResend>>;
let proxy: http.Server;
let proxyUrl = '';
let holdAnswers = true;
let heldAnswers = 0;
const children: ChildProcess[] = [];

/** Forwards to the Resend fake; while `holdAnswers`, the provider acts but its answer never returns. */
async function startHoldingProxy(target: string) {
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string' && k !== 'host' && k !== 'content-length') headers[k] = v;
    const answer = await fetch(target + (req.url ?? '/'), { method: req.method, headers, body: chunks.length ? Buffer.concat(chunks) : undefined });
    const text = await answer.text();
    if (holdAnswers) {
      heldAnswers++;
      return; // the caller waits until it dies
    }
    res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
    res.end(text);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

function startWorkerProcess(): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'worker/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: shop.db.url,
      DATA_DIR: shop.dataDir,
      LOG_LEVEL: 'silent',
      WORKER_CONCURRENCY: '8',
      WORKER_DEAD_AFTER_SECONDS: String(DEAD_AFTER_SECONDS),
      RESEND_API_KEY: 're_test_fake',
      RESEND_BASE_URL: proxyUrl,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr?.resume();
  children.push(child);
  return child;
}

async function until(what: string, check: () => Promise<boolean>, ms: number) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`timed out after ${ms} ms waiting for ${what}`);
}

/** Holds `select … for update` on one row until release() (a transaction kept open). */
function holdRow(table: 'orders' | 'uploads' | 'exports', id: string) {
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  let locked!: () => void;
  const isLocked = new Promise<void>((r) => (locked = r));
  const done = holder.begin(async (tx) => {
    await tx.unsafe(`select id from ${table} where id = $1 for update`, [id]);
    locked();
    await released;
  });
  return { isLocked, release: async () => (release(), await done) };
}

beforeAll(async () => {
  resend = await startFakeResend();
  proxy = await startHoldingProxy(resend.url);
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  // The in-process API enqueues; only the child processes run jobs.
  shop = await startTestShop({ env: { RESEND_API_KEY: 're_test_fake', RESEND_BASE_URL: proxyUrl } });
  holder = connect(shop.db.url, { max: 6, appName: 'worker-kill-test-holder' });
});

afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  await holder?.end({ timeout: 1 });
  await shop?.close();
  proxy?.closeAllConnections();
  await new Promise((r) => proxy?.close(r));
  await resend?.close();
});

describe('kill -9 of the worker during every job type', () => {
  it('each job completes after a restart, with no duplicate side effect', { timeout: 240_000 }, async () => {
    const client = shop.client();
    // Analysis: an upload through the API.
    const form = new FormData();
    form.append('pdf', new Blob([new Uint8Array(await makeDrawingPdf({ pages: 3, size: ARCH_D }))], { type: 'application/pdf' }), 'K-1.pdf');
    const up = await client.request('POST', '/api/upload-pdf', { body: form });
    expect(up.status).toBe(202);
    const uploadId: string = up.body.uploadId;

    // Reconciliation: an order paid with the built-in test card through the API (which enqueues it).
    const payer = await browserWithUpload(shop, { pages: 2 });
    const intent = await payer.client.post('/api/create-payment-intent', pickupBody(payer.upload.id, { ...CUSTOMER, customerEmail: 'paid@example.com' }));
    expect(intent.status).toBe(201);
    const payOrderId: string = intent.body.orderId;
    const confirm = await payer.client.post('/api/payments/demo/confirm', { orderId: payOrderId, cardNumber: '4242 4242 4242 4242' });
    expect(confirm.body.status).toBe('succeeded');

    // Receipt, label and export: paid orders with their jobs queued.
    const receiptOrder = await buildOrder(shop, { email: 'receipt@example.com' });
    await addJob(shop.sql, 'orders__render_receipt', { orderId: receiptOrder.id }, { jobKey: `receipt:${receiptOrder.id}`, maxAttempts: 8 });
    const labelOrder = await buildOrder(shop, { shippingMethod: 'shipping' });
    await addJob(shop.sql, 'orders__buy_label', { orderId: labelOrder.id }, { jobKey: `label:${labelOrder.id}`, maxAttempts: 5 });
    const exportOrders = [await buildOrder(shop), await buildOrder(shop)];
    const [{ id: exportId }] = await shop.sql<{ id: string }[]>`
      insert into exports (requested_by, order_ids, total_files) values ('admin', ${exportOrders.map((o) => o.id)}::uuid[], 2) returning id`;
    await addJob(shop.sql, 'exports__build', { exportId }, { jobKey: `export:${exportId}`, maxAttempts: 3 });

    // Email: one queued email (its provider answer will be held).
    await queueEmail(shop.sql, {
      idempotencyKey: 'kill-9-email',
      to: 'held@example.com',
      kind: 'test',
      subject: 'Held',
      text: 'The answer to this one is held.',
    });

    const holds = [
      holdRow('uploads', uploadId),
      holdRow('orders', payOrderId),
      holdRow('orders', receiptOrder.id),
      holdRow('orders', labelOrder.id),
      holdRow('exports', exportId),
    ];
    await Promise.all(holds.map((h) => h.isLocked));

    const first = startWorkerProcess();
    const tasks = ['uploads__analyze', 'orders__reconcile_payment', 'orders__render_receipt', 'orders__buy_label', 'exports__build', 'emails__send'];
    const log = (m: string) => process.env.DEBUG_FAULT && process.stderr.write(`${new Date().toISOString()} ${m}\n`);
    log('locks held, starting the first worker');
    await until(
      'all six jobs to be mid-flight in the first worker',
      async () => {
        const locked = await shop.sql<{ task_identifier: string }[]>`select task_identifier from graphile_worker.jobs where locked_by is not null`;
        const [{ waiting }] = await shop.sql<{ waiting: number }[]>`
          select count(*)::int as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`;
        return tasks.every((t) => locked.some((j) => j.task_identifier === t)) && waiting >= 5 && heldAnswers >= 1;
      },
      60_000,
    );
    expect(resend.emails.filter((e) => e.idempotencyKey?.includes('kill-9-email') || JSON.stringify(e.body.to).includes('held@example.com'))).toHaveLength(1);

    log('all six mid-flight; SIGKILL');
    first.kill('SIGKILL');
    await new Promise((r) => first.once('exit', r));
    // PostgreSQL notices a dead client only when it next talks to it: end the sessions still
    // waiting on our locks, as a server would once their sockets time out.
    await shop.sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`;
    for (const h of holds) await h.release();
    holdAnswers = false;

    // Nothing finished: the dead worker still holds every job.
    const stuck = await shop.sql<{ task_identifier: string }[]>`select task_identifier from graphile_worker.jobs where locked_by is not null`;
    expect(stuck.map((j) => j.task_identifier).sort()).toEqual(expect.arrayContaining([...tasks].sort()));

    startWorkerProcess();
    log('second worker started');
    await until(
      'every job to complete in the second worker',
      async () => {
        const [u] = await shop.sql`select status from uploads where id = ${uploadId}`;
        const [p] = await shop.sql`select payment_status from orders where id = ${payOrderId}`;
        const [r] = await shop.sql`select receipt_key from orders where id = ${receiptOrder.id}`;
        const [l] = await shop.sql`select label_key from orders where id = ${labelOrder.id}`;
        const [x] = await shop.sql`select status from exports where id = ${exportId}`;
        const [e] = await shop.sql`select status from emails where idempotency_key = 'kill-9-email'`;
        return (
          u.status !== 'analyzing' &&
          p.payment_status === 'paid' &&
          r.receipt_key !== null &&
          l.label_key !== null &&
          x.status === 'completed' &&
          e.status === 'sent'
        );
      },
      90_000,
    );

    // No duplicates: one email to the provider for the held one, one confirmation per paid order,
    // one receipt, one label, one zip.
    expect(resend.emails.filter((e) => JSON.stringify(e.body.to).includes('held@example.com'))).toHaveLength(1);
    await until(
      'confirmation emails to be sent',
      async () => {
        const rows = await shop.sql`select status from emails where order_id in ${shop.sql([payOrderId, receiptOrder.id])} and kind = 'order_confirmation'`;
        return rows.length === 2 && rows.every((r) => r.status === 'sent');
      },
      30_000,
    );
    const confirmations = await shop.sql<
      { order_id: string }[]
    >`select order_id from emails where kind = 'order_confirmation' and order_id in ${shop.sql([payOrderId, receiptOrder.id])}`;
    expect(confirmations).toHaveLength(2);
    expect(resend.emails.filter((e) => JSON.stringify(e.body.to).includes('receipt@example.com'))).toHaveLength(1);
    const files = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true }).map(String) : []);
    const root = path.join(shop.dataDir, 'files');
    expect(files(path.join(root, 'exports', exportId)).filter((f) => f.endsWith('.zip'))).toHaveLength(1);
    const [label] = await shop.sql<{ tracking_number: string | null }[]>`select tracking_number from orders where id = ${labelOrder.id}`;
    expect(label.tracking_number).toBeTruthy();
    const [paid] = await shop.sql<
      { payment_status: string; card_last4: string | null }[]
    >`select payment_status, card_last4 from orders where id = ${payOrderId}`;
    expect(paid.payment_status).toBe('paid');
    const [{ failed }] = await shop.sql<
      { failed: number }[]
    >`select count(*)::int as failed from graphile_worker.jobs where last_error is not null and attempts >= max_attempts`;
    expect(failed).toBe(0);
  });
});
