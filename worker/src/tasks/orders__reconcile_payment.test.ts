/**
 * Crashes during reconciliation: a worker process SIGKILLed in the middle of the job, and failures
 * right after each side effect (receipt stored, email accepted by the provider). Re-running gives
 * one payment, one receipt and one email.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '#test/helpers/shop';
import { browserWithUpload, CUSTOMER, pickupBody } from '#test/helpers/checkout';
import { startFakeResend } from '#test/helpers/providerFakes';
import type { Storage } from '#core/services/storage/index';
import { LocalStorage } from '#core/services/storage/local';
import { ResendSender } from '#core/services/email/resend';
import type { EmailSender, OutgoingEmail } from '#core/services/email/index';

let shop: TestShop;
let fake: Awaited<ReturnType<typeof startFakeResend>>;
/** Switches that make the next storage put / email send "crash" right after it has happened. */
const crash = { afterPut: false, afterSend: false };

beforeAll(async () => {
  fake = await startFakeResend();
  const dir = path.join((await import('node:os')).tmpdir(), `bp-crash-${process.pid}-${Date.now()}`);
  const local = new LocalStorage(dir);
  const storage: Storage = Object.assign(Object.create(Object.getPrototypeOf(local)), local, {
    async put(key: string, body: Buffer, options?: { contentType?: string }) {
      const result = await local.put(key, body, options);
      if (crash.afterPut && key.startsWith('receipts/')) {
        crash.afterPut = false;
        throw new Error('simulated crash after the receipt was stored');
      }
      return result;
    },
  });
  const resend = new ResendSender('re_test', fake.url);
  const email: EmailSender = {
    name: 'resend',
    async send(message: OutgoingEmail) {
      const result = await resend.send(message);
      if (crash.afterSend) {
        crash.afterSend = false;
        throw new Error('simulated crash after the provider accepted the email');
      }
      return result;
    },
  };
  shop = await startTestShop({ overrides: { storage, email } });
});
afterAll(async () => {
  await shop?.close();
  await fake?.close();
});

async function paidDemoOrder() {
  const { client, upload } = await browserWithUpload(shop, { pages: 2 });
  const { orderId } = (await client.post('/api/create-payment-intent', pickupBody(upload.id, CUSTOMER))).body;
  const confirm = await client.post('/api/payments/demo/confirm', { orderId, cardNumber: '4242424242424242' });
  expect(confirm.body.status).toBe('succeeded');
  return { client, orderId };
}

async function drain() {
  for (let i = 0; i < 6; i++) {
    await shop.sql`update graphile_worker._private_jobs set run_at = now() where locked_at is null and attempts < max_attempts`;
    await shop.runJobs();
    const [{ n }] = await shop.sql`select count(*)::int as n from graphile_worker._private_jobs where attempts < max_attempts`;
    if (n === 0) return;
  }
}

describe('a worker killed mid-reconciliation', () => {
  it('leaves no half-paid order: the job comes back and pays once', async () => {
    const { orderId } = await paidDemoOrder();
    // Hold the order row so the child's reconciliation blocks inside its transaction…
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = shop.sql.begin(async (tx) => {
      await tx`select id from orders where id = ${orderId} for update`;
      locked();
      await held;
    });
    await isLocked;
    const child = spawn(process.execPath, ['--import', 'tsx', path.resolve('test/helpers/workerChild.ts')], {
      env: { ...process.env, DATABASE_URL: shop.db.url, DATA_DIR: shop.dataDir, LOG_LEVEL: 'silent', NODE_ENV: 'test', PORT: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    try {
      // …wait until it is stuck on that lock mid-job, then kill it without warning.
      const deadline = Date.now() + 20_000;
      let waiting = 0;
      while (Date.now() < deadline && waiting === 0) {
        [{ n: waiting }] = await shop.sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`;
        if (waiting === 0) await new Promise((r) => setTimeout(r, 100));
      }
      expect(waiting).toBeGreaterThan(0);
      const [job] = await shop.sql`select locked_by from graphile_worker._private_jobs where locked_by is not null`;
      expect(job?.locked_by).toBeTruthy();
      child.kill('SIGKILL');
      await exited;
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      release();
      await holder;
    }
    expect((await shop.sql`select payment_status from orders where id = ${orderId}`)[0].payment_status).toBe('unpaid');
    // The heartbeat sweep unlocks a dead worker's jobs (tested with the runner); do it now.
    await shop.sql`update graphile_worker._private_jobs set locked_at = null, locked_by = null where locked_by is not null`;
    await drain();
    expect((await shop.sql`select payment_status from orders where id = ${orderId}`)[0].payment_status).toBe('paid');
    expect(await shop.sql`select count(*)::int as n from emails where order_id = ${orderId}`).toEqual([{ n: 1 }]);
    expect(fake.emails.filter((e) => e.idempotencyKey === `order:${orderId}:confirmation`)).toHaveLength(1);
  });
});

describe('crashes right after a side effect', () => {
  it('a crash after storing the receipt re-renders to the same key and sends one email', async () => {
    const { orderId } = await paidDemoOrder();
    crash.afterPut = true;
    await drain();
    expect(crash.afterPut).toBe(false); // the crash happened
    const [order] = await shop.sql`select payment_status, receipt_key from orders where id = ${orderId}`;
    expect(order).toEqual({ payment_status: 'paid', receipt_key: `receipts/${orderId}/receipt.pdf` });
    expect(await shop.sql`select count(*)::int as n from emails where order_id = ${orderId}`).toEqual([{ n: 1 }]);
    expect(fake.emails.filter((e) => e.idempotencyKey === `order:${orderId}:confirmation`)).toHaveLength(1);
  });

  it('a crash after the provider accepted the email does not send it twice', async () => {
    const { orderId } = await paidDemoOrder();
    crash.afterSend = true;
    await drain();
    expect(crash.afterSend).toBe(false);
    const [email] = await shop.sql`select status from emails where order_id = ${orderId}`;
    expect(email.status).toBe('sent');
    expect(fake.emails.filter((e) => e.idempotencyKey === `order:${orderId}:confirmation`)).toHaveLength(1);
  });
});
