import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { makeWorkerUtils } from 'graphile-worker';
import { shopForFile, type TestShop } from '#test/helpers/shop';
import { buildOrder } from '#test/helpers/factories';
import { createLogger } from '#core/lib/logger';
import { adminClient, unzip } from '#test/helpers/adminTestKit';
import { orderNumberOf } from '#shared/fields';
import { unlockDeadWorkers } from '../runner';
import { sleep } from '#core/lib/time';

let shop: TestShop;
const children: ChildProcess[] = [];
shopForFile((s) => (shop = s));
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
});

async function waitFor<T>(what: string, check: () => Promise<T | null | undefined | false>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

describe('a worker killed mid-export', () => {
  it('completes after restart with a correct zip', async () => {
    const admin = await adminClient(shop);
    const orders = [];
    const contents = new Map<string, Buffer>();
    for (let i = 0; i < 4; i++) {
      const order = await buildOrder(shop);
      const bytes = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(512 * 1024)]);
      contents.set(order.id, bytes);
      orders.push(order);
    }
    // Orders are exported oldest first; the third order's file is a FIFO, so the worker blocks
    // mid-archive, after two entries are written, until we kill it.
    for (const [i, order] of orders.entries()) {
      const file = path.join(shop.dataDir, 'files', ...(order.file_key as string).split('/'));
      fs.rmSync(file);
      if (i === 2) execFileSync('mkfifo', [file]);
      else fs.writeFileSync(file, contents.get(order.id) as Buffer);
      await shop.sql`update orders set created_at = now() - make_interval(mins => ${10 - i}) where id = ${order.id}`;
    }
    const { body } = await admin.post('/api/admin/export-files', { orderIds: orders.map((o) => o.id), exportFormat: 'zip' });
    const exportId: string = body.exportId;

    const child = spawn(process.execPath, ['--import', 'tsx', 'worker/src/main.ts'], {
      env: { ...process.env, DATABASE_URL: shop.db.url, DATA_DIR: shop.dataDir, LOG_LEVEL: 'silent', NODE_ENV: 'test', WORKER_CONCURRENCY: '1' },
      stdio: 'ignore',
    });
    children.push(child);
    // The zip is being written (local storage's temp folder holds it) and the job is held by the child.
    // The job's lock comes first: the temp folder alone also shows the store's record of its database,
    // which the worker writes as it starts.
    const partialDir = path.join(shop.dataDir, 'files', '.partial');
    const exportLock = async () => {
      const [job] =
        await shop.sql`select locked_by from graphile_worker._private_jobs where task_id = (select id from graphile_worker._private_tasks where identifier = 'exports__build')`;
      return job?.locked_by as string | null | undefined;
    };
    await waitFor('the zip to be in progress', async () => (await exportLock()) && fs.existsSync(partialDir) && fs.readdirSync(partialDir).length > 0);
    const lockedBy = (await exportLock()) ?? '';
    expect(lockedBy).not.toBe('');
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    const [mid] = await shop.sql`select status from exports where id = ${exportId}`;
    expect(mid.status).toBe('processing');

    // The file becomes readable again, and time passes: the dead worker's heartbeat goes stale.
    const fifo = path.join(shop.dataDir, 'files', ...(orders[2].file_key as string).split('/'));
    fs.rmSync(fifo);
    fs.writeFileSync(fifo, contents.get(orders[2].id) as Buffer);
    await shop.sql`update graphile_worker._private_jobs set locked_at = now() - interval '2 minutes' where locked_by = ${lockedBy}`;
    await shop.sql`update worker_heartbeats set seen_at = now() - interval '2 minutes' where worker_id = ${lockedBy}`;
    const utils = await makeWorkerUtils({ connectionString: shop.db.url });
    try {
      expect(await unlockDeadWorkers(shop.ctx, utils, createLogger('silent'))).toEqual([lockedBy]);
    } finally {
      await utils.release();
    }
    await shop.sql`update graphile_worker._private_jobs set run_at = now()`;
    await shop.runJobs();

    const status = await admin.get(`/api/admin/export-status/${exportId}`);
    expect(status.body).toMatchObject({ status: 'completed', processedFiles: 4, totalFiles: 4, progress: 100 });
    const zip = await admin.bytes(`/api/admin/export-download/${exportId}`);
    const entries = await unzip(zip.body);
    // Each drawing with its job ticket beside it.
    expect([...entries.keys()].sort()).toEqual(
      orders.flatMap((o) => [`${orderNumberOf(o.id)}-A-100 Floor Plans.pdf`, `${orderNumberOf(o.id)}-JOB-TICKET.pdf`]).sort(),
    );
    for (const order of orders)
      expect(entries.get(`${orderNumberOf(order.id)}-A-100 Floor Plans.pdf`)?.data.equals(contents.get(order.id) as Buffer)).toBe(true);
    // Only the finished zip is in the export's folder; the killed run's temp file waits for the orphan sweep.
    expect(fs.readdirSync(path.join(shop.dataDir, 'files', 'exports', exportId))).toEqual(['export.zip']);
    expect(fs.readdirSync(partialDir)).toHaveLength(1);
    expect(await shop.ctx.storage.removeUnfinished(new Date(Date.now() + 60_000))).toBe(1);
    expect(fs.readdirSync(partialDir)).toEqual([]);
  }, 60_000);
});

describe('retention', () => {
  it('deletes the PDF and previews FILE_RETENTION_DAYS after completion, keeping the order, receipt and label', async () => {
    const admin = await adminClient(shop);
    const old = await buildOrder(shop, { status: 'completed' });
    const recent = await buildOrder(shop, { status: 'completed' });
    const active = await buildOrder(shop, { status: 'processing' });
    await shop.sql`update orders set completed_at = now() - interval '8 days', receipt_key = ${`receipts/${old.id}.pdf`} where id = ${old.id}`;
    await shop.sql`update orders set completed_at = now() - interval '6 days' where id = ${recent.id}`;
    await shop.ctx.storage.put(`receipts/${old.id}.pdf`, Buffer.from('%PDF-receipt'));
    await shop.ctx.storage.put(`labels/${old.id}/label.pdf`, Buffer.from('%PDF-label'));
    const [upload] = await shop.sql`select storage_key from uploads where id = ${old.upload_id}`;
    const previewKey = upload.storage_key.replace(/original\.pdf$/, 'previews/1.png');
    await shop.ctx.storage.put(previewKey, Buffer.from('png'));

    await shop.runCron('orders__delete_files');

    expect(await shop.ctx.storage.stat(old.file_key as string)).toBeNull();
    expect(await shop.ctx.storage.stat(previewKey)).toBeNull();
    expect(await shop.ctx.storage.stat(`receipts/${old.id}.pdf`)).not.toBeNull();
    expect(await shop.ctx.storage.stat(`labels/${old.id}/label.pdf`)).not.toBeNull();
    expect(await shop.ctx.storage.stat(recent.file_key as string)).not.toBeNull();
    expect(await shop.ctx.storage.stat(active.file_key as string)).not.toBeNull();
    const [row] = await shop.sql`select file_deleted_at, status from orders where id = ${old.id}`;
    expect(row.file_deleted_at).toBeInstanceOf(Date);
    expect(row.status).toBe('completed');
    const listed = await admin.get(`/api/admin/orders?q=${orderNumberOf(old.id)}`);
    expect(listed.body.orders[0]).toMatchObject({ hasFile: false, fileDeletedAt: row.file_deleted_at.toISOString() });
    const pdf = await admin.get(`/api/admin/pdf/${old.id}`);
    expect(pdf.status).toBe(404);
    expect(pdf.body.message).toMatch(/deleted after printing/);
  });

  it('deletes exports older than 24 hours', async () => {
    const admin = await adminClient(shop);
    const order = await buildOrder(shop);
    const { body } = await admin.post('/api/admin/export-files', { orderIds: [order.id], exportFormat: 'zip' });
    await shop.runJobs();
    expect((await admin.get(`/api/admin/export-status/${body.exportId}`)).body.status).toBe('completed');
    await shop.sql`update exports set created_at = now() - interval '25 hours' where id = ${body.exportId}`;
    await shop.runCron('exports__delete_expired');
    expect((await admin.get(`/api/admin/export-status/${body.exportId}`)).status).toBe(404);
    expect(await shop.ctx.storage.stat(`exports/${body.exportId}/export.zip`)).toBeNull();
  });
});
