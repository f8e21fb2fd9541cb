/**
 * Scale-out: two API processes and three worker processes on one PostgreSQL and one S3-compatible
 * store (s3rver, started here) run the whole order journey through the API, each customer's
 * requests alternating between the two APIs. One worker is killed (SIGKILL) while it holds an
 * analysis job: nothing is lost, every order is paid, receipted, emailed, labelled and exported,
 * and its MuPDF child goes with it. Then two sheet reports are held on the live workers for several
 * heartbeat windows (WORKER_DEAD_AFTER_SECONDS, shortened here): each runs once, both run at the
 * same time on different workers, every sheet is reported, and the killed worker's heartbeat is swept.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import S3rver from 's3rver';
import yauzl from 'yauzl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../helpers/db';
import { TestClient, type TestResponse } from '../helpers/client';
import { makeDrawingPdf, ARCH_D } from '../helpers/pdf';
import { ADDRESSES, CUSTOMER } from '../helpers/checkout';
import { freePort } from '../helpers/net';

const ROOT = path.resolve(import.meta.dirname, '../..');
const BUCKET = 'blueprint-scale';
const CUSTOMERS = 4;
/** The dead-worker window every worker process here judges by (30 s in production). */
const DEAD_AFTER_SECONDS = 2;

let db: TestDatabase;
let s3: S3rver;
let s3Dir: string;
let dataDir: string;
let env: Record<string, string>;
const apis: string[] = [];
const children: ChildProcess[] = [];

function spawnProcess(script: string, extra: Record<string, string> = {}): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: ROOT,
    env: { ...process.env, ...env, ...extra },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr?.resume();
  children.push(child);
  return child;
}

async function until<T>(what: string, check: () => Promise<T | null | undefined | false>, ms: number): Promise<T> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const value = await check().catch(() => null);
    if (value) return value;
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`timed out after ${ms} ms waiting for ${what}`);
}

/** One browser whose requests alternate between the two API processes (cookies carried over). */
class Browser {
  private n = 0;
  private readonly clients = apis.map((url) => new TestClient(url));
  async request<T = any>(method: string, path: string, init: { json?: unknown; body?: BodyInit } = {}): Promise<TestResponse<T>> {
    const from = this.clients[this.n % this.clients.length];
    const to = this.clients[(this.n + 1) % this.clients.length];
    this.n++;
    const res = await from.request<T>(method, path, init);
    to.setCookieHeader(from.cookieHeader());
    return res;
  }
  get<T = any>(path: string) {
    return this.request<T>('GET', path);
  }
  post<T = any>(path: string, json: unknown = {}) {
    return this.request<T>('POST', path, { json });
  }
  patch<T = any>(path: string, json: unknown) {
    return this.request<T>('PATCH', path, { json });
  }
  async bytes(path: string) {
    const c = this.clients[this.n++ % this.clients.length];
    return c.bytes(path);
  }
}

/** The processes whose parent is `pid` (Linux /proc). */
function childrenOf(pid: number): number[] {
  const found: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) found.push(Number(entry));
    } catch {
      // Gone meanwhile.
    }
  }
  return found;
}

/** A process that exists and is not a zombie waiting to be reaped. */
function running(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

function zipEntries(buf: Buffer): Promise<string[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buf, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const names: string[] = [];
      zip.on('entry', (e: yauzl.Entry) => {
        names.push(e.fileName);
        zip.readEntry();
      });
      zip.on('end', () => resolve(names));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

beforeAll(async () => {
  db = await createTestDatabase();
  s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-scale-s3-'));
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-scale-data-'));
  s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: s3Dir, configureBuckets: [{ name: BUCKET, configs: [] }] });
  const { port: s3Port } = await s3.run();
  env = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: db.url,
    DATA_DIR: dataDir,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
    S3_FORCE_PATH_STYLE: 'true',
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
    WORKER_CONCURRENCY: '2',
    WORKER_DEAD_AFTER_SECONDS: String(DEAD_AFTER_SECONDS),
    // The API alone: the fault project never builds the client, and health would wait for it.
    SERVE_CLIENT: 'false',
  };
  for (let i = 0; i < 2; i++) {
    const port = await freePort();
    spawnProcess('api/src/server.ts', { PORT: String(port), APP_URL: `http://127.0.0.1:${port}` });
    apis.push(`http://127.0.0.1:${port}`);
  }
  for (const url of apis) await until(`${url} to answer`, async () => (await fetch(`${url}/api/health`)).status === 200, 30_000);
}, 60_000);

afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  await Promise.all(children.map((c) => (c.exitCode === null && c.signalCode === null ? new Promise((r) => c.once('exit', r)) : null)));
  await db?.drop();
  await s3?.close();
  for (const d of [s3Dir, dataDir]) if (d) fs.rmSync(d, { recursive: true, force: true });
});

describe('scale-out: 2 APIs, 3 workers, one PostgreSQL, one S3 store', () => {
  it('runs the whole order journey and loses nothing when a worker is killed', { timeout: 240_000 }, async () => {
    const sql = db.sql;
    // The first worker alone, so it is the one holding analysis jobs when it dies.
    const doomed = spawnProcess('worker/src/main.ts');

    const browsers = Array.from({ length: CUSTOMERS }, () => new Browser());
    const uploads: string[] = [];
    for (const [i, b] of browsers.entries()) {
      const form = new FormData();
      form.append('pdf', new Blob([new Uint8Array(await makeDrawingPdf({ pages: 2 + i, size: ARCH_D }))], { type: 'application/pdf' }), `S-${i + 1}.pdf`);
      const res = await b.request('POST', '/api/upload-pdf', { body: form });
      expect(res.status).toBe(202);
      uploads.push(res.body.uploadId);
    }

    await until('the first worker to hold a job', async () => (await sql`select 1 from graphile_worker.jobs where locked_by is not null`).length > 0, 30_000);
    spawnProcess('worker/src/main.ts');
    spawnProcess('worker/src/main.ts');
    // The doomed worker's MuPDF child (it is analysing) must not outlive it.
    const isMupdfChild = (pid: number) => /pdf[\\/]child\.[mc]?[jt]s/.test(fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8'));
    const orphans = await until(
      'the MuPDF child of the first worker',
      async () => childrenOf(doomed.pid!).some(isMupdfChild) && childrenOf(doomed.pid!),
      30_000,
    );
    doomed.kill('SIGKILL');
    await until("the killed worker's children to exit", async () => orphans.every((pid) => !running(pid)), 10_000);

    // Each browser sees its upload ready (the killed worker's job comes back via the heartbeat sweep).
    for (const [i, b] of browsers.entries()) {
      const info = await until(
        `upload ${i + 1} to be analysed`,
        async () => {
          const res = await b.get(`/api/uploads/${uploads[i]}`);
          return res.body.status !== 'analyzing' ? res.body : null;
        },
        90_000,
      );
      expect(info.status).toBe('ready');
      expect(info.pageCount).toBe(2 + i);
    }

    // Checkout: rates, intent, test card, through alternating APIs.
    const orderIds: string[] = [];
    for (const [i, b] of browsers.entries()) {
      const rates = await b.post('/api/shipping-rates', { toAddress: ADDRESSES.NY, printSize: '24x36', pageCount: 2 + i });
      expect(rates.status).toBe(200);
      const intent = await b.post('/api/create-payment-intent', {
        uploadId: uploads[i],
        printSize: '24x36',
        printType: 'bw',
        rushOrder: false,
        shippingMethod: 'shipping',
        rateId: rates.body[0].rateId,
        shippingAddress: ADDRESSES.NY,
        ...CUSTOMER,
        customerEmail: `scale-${i}@example.com`,
      });
      expect(intent.status, intent.text).toBe(201);
      const paid = await b.post('/api/payments/demo/confirm', { orderId: intent.body.orderId, cardNumber: '4242 4242 4242 4242' });
      expect(paid.body.status).toBe('succeeded');
      orderIds.push(intent.body.orderId);
    }
    for (const [i, b] of browsers.entries()) {
      const order = await until(
        `order ${i + 1} to be paid with a receipt`,
        async () => {
          const res = await b.get(`/api/orders/${orderIds[i]}`);
          return res.body.paymentStatus === 'paid' && res.body.hasReceipt ? res.body : null;
        },
        60_000,
      );
      expect(order.orderNumber).toBe(orderIds[i].slice(-8).toUpperCase());
      const receipt = await b.bytes(`/api/orders/${orderIds[i]}/receipt`);
      expect(receipt.status).toBe(200);
      expect(receipt.body.subarray(0, 5).toString()).toBe('%PDF-');
    }

    // The print counter, also through both APIs.
    const admin = new Browser();
    expect((await admin.post('/api/admin/login', { username: 'admin', password: 'blueprint-admin' })).status).toBe(200);
    const list = await admin.get('/api/admin/orders?limit=50');
    expect(list.status).toBe(200);
    expect(list.body.orders.map((o: { id: string }) => o.id).sort()).toEqual([...orderIds].sort());
    for (const id of orderIds) {
      expect((await admin.patch(`/api/orders/${id}/status`, { status: 'processing' })).status).toBe(200);
      const label = await admin.post(`/api/admin/generate-label/${id}`);
      expect(label.status, label.text).toBe(200);
      expect(label.body.trackingNumber).toBeTruthy();
      const pdf = await admin.bytes(`/api/admin/shipping-label/${id}`);
      expect(pdf.status).toBe(200);
    }
    const exp = await admin.post('/api/admin/export-files', { orderIds, exportFormat: 'zip' });
    expect(exp.status).toBe(200);
    await until('the export to complete', async () => (await admin.get(`/api/admin/export-status/${exp.body.exportId}`)).body.status === 'completed', 60_000);
    const zip = await admin.bytes(`/api/admin/export-download/${exp.body.exportId}`);
    expect(zip.status).toBe(200);
    const entries = await zipEntries(zip.body);
    // Each drawing with its job ticket beside it.
    expect(entries.filter((e) => e.endsWith('.pdf') && !e.endsWith('-JOB-TICKET.pdf'))).toHaveLength(CUSTOMERS);
    expect(entries.filter((e) => e.endsWith('-JOB-TICKET.pdf'))).toHaveLength(CUSTOMERS);

    // Nothing lost, nothing doubled: one confirmation and one status email per order, all sent.
    await until(
      'every email to be sent',
      async () => {
        const [{ n }] = await sql<{ n: number }[]>`select count(*)::int as n from emails where status <> 'sent'`;
        return n === 0;
      },
      60_000,
    );
    const confirmations = await sql<{ order_id: string }[]>`select order_id from emails where kind = 'order_confirmation'`;
    expect(confirmations.map((r) => r.order_id).sort()).toEqual([...orderIds].sort());
    // Every file went to the S3 store, none to local disk.
    const localFiles = fs.existsSync(path.join(dataDir, 'files')) ? fs.readdirSync(path.join(dataDir, 'files'), { recursive: true }) : [];
    expect(localFiles.filter((f) => String(f).endsWith('.pdf'))).toEqual([]);
    expect(fs.readdirSync(s3Dir, { recursive: true }).length).toBeGreaterThan(CUSTOMERS * 2);
    const [{ stuck }] = await sql<
      { stuck: number }[]
    >`select count(*)::int as stuck from graphile_worker.jobs where task_identifier not like '%cleanup%' and task_identifier not like '%expired%' and attempts >= max_attempts`;
    expect(stuck).toBe(0);
  });

  it('runs sheet reports held past the heartbeat window once each, side by side on two workers, and reports every sheet', { timeout: 120_000 }, async () => {
    const sql = db.sql;
    const windowMs = DEAD_AFTER_SECONDS * 1000;
    const SHEETS = 12;
    const browsers = [new Browser(), new Browser()];
    const uploads: string[] = [];
    for (const [i, b] of browsers.entries()) {
      const form = new FormData();
      const pdf = await makeDrawingPdf({ pages: SHEETS, size: ARCH_D, linework: 400, title: `Held ${i}` });
      form.append('pdf', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), `H-${i + 1}.pdf`);
      const res = await b.request('POST', '/api/upload-pdf', { body: form });
      expect(res.status).toBe(202);
      uploads.push(res.body.uploadId);
    }

    // A report writes its sheets to upload_sheets: holding those rows (from the moment the verdict
    // creates them) keeps each report running on its worker for as long as this test likes, as a
    // long report would, without spending the CPU one would.
    const releases: Array<() => void> = [];
    const holds = uploads.map(
      (uploadId) =>
        new Promise<void>((held, failed) => {
          sql
            .begin(async (tx) => {
              for (;;) {
                const rows = await tx`select number from upload_sheets where upload_id = ${uploadId} for update`;
                if (rows.length > 0) break;
                await new Promise((r) => setTimeout(r, 10));
              }
              held();
              await new Promise<void>((release) => releases.push(release));
            })
            .catch(failed);
        }),
    );
    await Promise.all(holds);
    const [{ incomplete }] = await sql<{ incomplete: number }[]>`
      select count(*)::int as incomplete from uploads where id in ${sql(uploads)} and not sheets_complete`;
    expect(incomplete).toBe(2);

    // While held: watch every run of the two reports (who holds each, how many attempts).
    type Seen = { lockedBy: Set<string>; attempts: number };
    const seen = new Map<string, Seen>(uploads.map((id) => [id, { lockedBy: new Set(), attempts: 0 }]));
    let together = false;
    const heldSince = Date.now();
    while (Date.now() - heldSince < windowMs * 4) {
      const jobs = await sql<{ upload_id: string; locked_by: string | null; attempts: number }[]>`
        select substring(key from 'uploads__report:(.*)') as upload_id, locked_by, attempts from graphile_worker.jobs where task_identifier = 'uploads__report'`;
      for (const job of jobs) {
        const s = seen.get(job.upload_id);
        if (!s) continue;
        if (job.locked_by) s.lockedBy.add(job.locked_by);
        s.attempts = Math.max(s.attempts, job.attempts);
      }
      const holders = jobs.map((j) => j.locked_by).filter(Boolean);
      if (holders.length === 2 && new Set(holders).size === 2) together = true;
      await new Promise((r) => setTimeout(r, 100));
    }
    // Held for four windows, each report by one live worker and never run again elsewhere.
    const stillHeld = await sql<{ locked_by: string }[]>`
      select locked_by from graphile_worker.jobs
      where task_identifier = 'uploads__report' and locked_at < now() - ${`${windowMs} milliseconds`}::interval`;
    expect(stillHeld).toHaveLength(2);
    for (const [uploadId, s] of seen) {
      expect([...s.lockedBy], `holders of ${uploadId}'s report`).toHaveLength(1);
      expect(s.attempts, `attempts of ${uploadId}'s report`).toBe(1);
    }
    // The two reports ran at the same time, on two different workers.
    expect(together).toBe(true);
    for (const release of releases) release();

    for (const [i, b] of browsers.entries()) {
      await until(`report ${i + 1} to complete`, async () => (await b.get(`/api/uploads/${uploads[i]}`)).body.sheetsComplete === true, 60_000);
    }
    const sheets = await sql<{ upload_id: string; reported: number; total: number }[]>`
      select upload_id, count(color)::int as reported, count(*)::int as total from upload_sheets where upload_id in ${sql(uploads)} group by upload_id`;
    expect(sheets.map((r) => [r.reported, r.total])).toEqual([
      [SHEETS, SHEETS],
      [SHEETS, SHEETS],
    ]);
    const [{ left }] = await sql<{ left: number }[]>`select count(*)::int as left from graphile_worker.jobs where task_identifier = 'uploads__report'`;
    expect(left).toBe(0);
    // The killed worker's heartbeat was swept; the two live workers beat.
    const beats = await sql<{ worker_id: string }[]>`select worker_id from worker_heartbeats`;
    expect(beats).toHaveLength(2);
  });
});
