import { pdfText } from '#test/helpers/pdfText';
import { describe, expect, it } from 'vitest';
import { shopForFile, startTestShop, type TestShop } from '#test/helpers/shop';
import { buildOrder, buildUser } from '#test/helpers/factories';
import { orderNumberOf } from '#shared/fields';
import { adminClient, customerClient, unzip } from '#test/helpers/adminTestKit';
import type { Logger } from '#core/lib/logger';
import { ADMIN_FAILED_SIGN_INS_PER_CLIENT, SIGN_IN_DELAY_MAX_MS } from '../http/rateLimit';

let shop: TestShop;
shopForFile((s) => (shop = s));

const SOME_ID = '00000000-0000-4000-8000-000000000001';
const ADMIN_ROUTES: [string, string, unknown?][] = [
  ['POST', '/api/admin/logout'],
  ['GET', '/api/admin/orders'],
  ['GET', '/api/admin/order-counts'],
  ['PATCH', `/api/orders/${SOME_ID}/status`, { status: 'processing' }],
  ['GET', `/api/admin/orders/${SOME_ID}/history`],
  ['GET', `/api/admin/pdf/${SOME_ID}`],
  ['GET', `/api/admin/pdf/${SOME_ID}?download=true`],
  ['POST', `/api/admin/generate-label/${SOME_ID}`],
  ['GET', `/api/admin/shipping-label/${SOME_ID}`],
  ['POST', '/api/admin/export-files', { orderIds: [SOME_ID], exportFormat: 'zip' }],
  ['GET', `/api/admin/export-status/${SOME_ID}`],
  ['GET', `/api/admin/export-download/${SOME_ID}`],
  ['GET', `/api/admin/emails?orderId=${SOME_ID}`],
];

describe('admin sign-in', () => {
  it('answers 401 with a message for wrong credentials and 400 when a field is missing', async () => {
    const c = shop.client();
    const wrong = await c.post('/api/admin/login', { username: 'admin', password: 'nope' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe('Invalid username or password');
    const missing = await c.post('/api/admin/login', { username: 'admin' });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Please enter both username and password');
    // Both fields missing: the one message, once.
    const empty = await c.post('/api/admin/login', {});
    expect([empty.status, empty.body.message]).toEqual([400, 'Please enter both username and password']);
    expect((await c.get('/api/admin/auth/status')).body).toEqual({ isAuthenticated: false });
  });

  it('signs in, reports the status, signs out, and a replayed cookie is dead', async () => {
    const c = await adminClient(shop);
    expect((await c.get('/api/admin/auth/status')).body).toEqual({ isAuthenticated: true });
    const cookie = c.cookieHeader();
    expect((await c.get('/api/admin/orders')).status).toBe(200);
    expect((await c.post('/api/admin/logout')).status).toBe(200);
    expect((await c.get('/api/admin/auth/status')).body).toEqual({ isAuthenticated: false });
    const replay = shop.client();
    replay.setCookieHeader(cookie);
    expect((await replay.get('/api/admin/orders')).status).toBe(401);
  });

  it('slows and then refuses a guessing address, lets the right password in from a new one during a burst, emails the counter once, and logs each failure', async () => {
    const logged: { message: string; fields?: Record<string, unknown> }[] = [];
    const capture = (scope: string): Logger => ({
      debug: () => {},
      info: () => {},
      warn: (message, fields) => logged.push({ message: `${scope} ${message}`, fields }),
      error: () => {},
      enabled: (level) => level !== 'debug',
      child: (child) => capture(`${scope}:${child}`),
    });
    // Behind a proxy, so each guesser has its own address.
    const own = await startTestShop({ env: { TRUST_PROXY: 'true' }, overrides: { log: capture('shop') } });
    try {
      const from = (ip: string) => ({ 'x-forwarded-for': ip });
      const attempt = (ip: string, username: string, password: string) =>
        own.client().request('POST', '/api/admin/login', { json: { username, password }, headers: from(ip) });
      const guess = (ip: string, i: number) => attempt(ip, `x${i}`, 'y');
      // One address: its wrong passwords come back slower and slower, then 429.
      const times: number[] = [];
      for (let i = 0; i < ADMIN_FAILED_SIGN_INS_PER_CLIENT; i++) {
        const started = Date.now();
        expect((await guess('203.0.113.1', i)).status).toBe(401);
        times.push(Date.now() - started);
      }
      expect(times[times.length - 1]).toBeGreaterThan(times[0] + 1000);
      const refused = await guess('203.0.113.1', 99);
      expect(refused.status).toBe(429);
      expect(refused.body.message).toMatch(/Too many failed sign-in attempts/);
      // A burst: ten more addresses, ten wrong passwords each, all at once.
      const ips = Array.from({ length: 10 }, (_, i) => `198.51.100.${i + 1}`);
      const answers = await Promise.all(ips.flatMap((ip) => Array.from({ length: ADMIN_FAILED_SIGN_INS_PER_CLIENT }, (_, i) => guess(ip, 1000 + i))));
      expect(answers.every((r) => r.status === 401 || r.status === 429)).toBe(true);
      const [row] = await own.sql<{ hits: number }[]>`select hits from rate_limit_hits where key = 'admin-login-failed-all:all'`;
      expect(row.hits).toBeGreaterThanOrEqual(100);
      // The right password from an eleventh address still signs in, after a few seconds at most.
      const started = Date.now();
      const right = await attempt('192.0.2.200', own.ctx.env.ADMIN_USERNAME, own.ctx.env.ADMIN_PASSWORD);
      expect(right.status).toBe(200);
      expect(Date.now() - started).toBeLessThan(SIGN_IN_DELAY_MAX_MS + 2000);
      // The counter heard of it once.
      const alerts = await own.sql<{ to_address: string }[]>`select to_address from emails where kind = 'admin_sign_in_alert'`;
      expect(alerts).toEqual([{ to_address: own.ctx.env.SUPPORT_EMAIL }]);
      // Every wrong password was logged, with the address and without the password.
      const failures = logged.filter((l) => /admin sign-in failed/.test(l.message));
      expect(failures).toHaveLength(ADMIN_FAILED_SIGN_INS_PER_CLIENT + answers.filter((r) => r.status === 401).length);
      expect(failures[0].fields?.ip).toBe('203.0.113.1');
      expect(JSON.stringify(failures)).not.toMatch(/"y"/);
    } finally {
      await own.close();
    }
  }, 90_000);
});

describe('authorization of every admin route', () => {
  it('answers 401 to a stranger, to a signed-in customer, and to a customer sid in the admin slot', async () => {
    const user = await buildUser(shop);
    const clients = [shop.client(), await customerClient(shop, user.id), await customerClient(shop, user.id, { sidAsAdmin: true })];
    for (const client of clients) {
      for (const [method, path, body] of ADMIN_ROUTES) {
        const res = await client.request(method, path, body === undefined ? {} : { json: body });
        expect(res.status, `${method} ${path}`).toBe(401);
        expect(typeof res.body.message, `${method} ${path}`).toBe('string');
      }
    }
  });

  it('lets the admin through every route (no 401)', async () => {
    // The rate-limit test above may have used up this minute's sign-ins: sign in through a fresh shop's limiter is not needed,
    // the admin session is written directly by signing in once before that test in another client.
    const admin = await adminClientOrSkipLimit();
    for (const [method, path, body] of ADMIN_ROUTES.filter(([, p]) => p !== '/api/admin/logout')) {
      const res = await admin.request(method, path, body === undefined ? {} : { json: body });
      expect(res.status, `${method} ${path}`).not.toBe(401);
      expect(res.status, `${method} ${path}`).toBeLessThan(500);
    }
  });
});

let signedIn: Awaited<ReturnType<typeof adminClient>> | null = null;
async function adminClientOrSkipLimit() {
  signedIn ??= await adminClientViaSessionRow();
  return signedIn;
}
/** An admin session written the way signInAdmin writes it (the login limiter is spent by then). */
async function adminClientViaSessionRow() {
  const { randomBytes } = await import('node:crypto');
  const { signedSessionCookie } = await import('#test/helpers/adminTestKit');
  const sid = randomBytes(32).toString('base64url');
  await shop.sql`insert into sessions (sid, kind, sess, expire) values (${sid}, 'admin', ${shop.sql.json({ username: 'admin' })}, now() + interval '1 hour')`;
  const c = shop.client();
  c.setCookieHeader(signedSessionCookie(shop.ctx.env.SESSION_SECRET, { adminSid: sid }));
  return c;
}

describe('the order list', () => {
  it('lists paid orders newest first, pages by cursor without gaps, searches and filters', async () => {
    const admin = await adminClientOrSkipLimit();
    await shop.sql`delete from orders`;
    const base = Date.parse('2026-01-01T00:00:00Z');
    const made = [];
    for (let i = 0; i < 7; i++) {
      made.push(
        await buildOrder(shop, {
          createdAt: new Date(base + i * 60_000),
          email: i === 3 ? 'Needle@Example.com' : `c${i}@example.com`,
          status: i % 2 ? 'processing' : 'pending',
        }),
      );
    }
    // Two orders in the same millisecond: the cursor must keep microseconds and the id tiebreak.
    await shop.sql`update orders set created_at = '2026-01-01 00:10:00.000100+00' where id = ${made[5].id}`;
    await shop.sql`update orders set created_at = '2026-01-01 00:10:00.000200+00' where id = ${made[6].id}`;
    await buildOrder(shop, { paymentStatus: 'unpaid', createdAt: new Date(base + 3600_000) });
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res: { status: number; body: { orders: { id: string }[]; nextCursor: string | null } } = await admin.get(
        `/api/admin/orders?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(res.status).toBe(200);
      seen.push(...res.body.orders.map((o) => o.id));
      cursor = res.body.nextCursor;
    } while (cursor);
    expect(seen).toEqual([made[6].id, made[5].id, made[4].id, made[3].id, made[2].id, made[1].id, made[0].id]);

    const byNumber = await admin.get(`/api/admin/orders?q=${orderNumberOf(made[2].id).toLowerCase()}`);
    expect(byNumber.body.orders.map((o: { id: string }) => o.id)).toEqual([made[2].id]);
    const byEmail = await admin.get('/api/admin/orders?q=needle@example');
    expect(byEmail.body.orders.map((o: { id: string }) => o.id)).toEqual([made[3].id]);
    const byWholeEmail = await admin.get('/api/admin/orders?q=NEEDLE@example.com');
    expect(byWholeEmail.body.orders.map((o: { id: string }) => o.id)).toEqual([made[3].id]);
    const byHash = await admin.get(`/api/admin/orders?q=%23${orderNumberOf(made[4].id)}`);
    expect(byHash.body.orders.map((o: { id: string }) => o.id)).toEqual([made[4].id]);
    const byName = await admin.get('/api/admin/orders?q=grace%20hop&limit=100');
    expect(byName.body.orders).toHaveLength(7);
    const processing = await admin.get('/api/admin/orders?status=processing');
    expect(processing.body.orders.every((o: { status: string }) => o.status === 'processing')).toBe(true);
    expect(processing.body.orders).toHaveLength(3);
    const counts = await admin.get('/api/admin/order-counts');
    expect(counts.body).toMatchObject({ pending: 4, processing: 3, completed: 0, failed: 0, total: 7 });

    const row = byNumber.body.orders[0];
    expect(row).toMatchObject({
      orderNumber: orderNumberOf(made[2].id),
      shortId: orderNumberOf(made[2].id),
      hasFile: true,
      fileDeletedAt: null,
      hasLabel: false,
      labelUrl: null,
    });
    expect(typeof row.totalAmount).toBe('number');

    const shipped = await admin.get('/api/admin/orders?status=shipped');
    expect(shipped.status).toBe(400);
    expect(shipped.body.message).toBe('status must be pending, processing, completed, failed or all');
    expect((await admin.get('/api/admin/orders?cursor=garbage')).status).toBe(400);
    for (const limit of ['0', '-1', '2.5', 'ten', '201']) {
      const bad = await admin.get(`/api/admin/orders?limit=${limit}`);
      expect([bad.status, bad.body.message]).toEqual([400, 'limit must be a whole number from 1 to 200']);
    }
    // The contract's own template, every field empty: the defaults.
    const blank = await admin.get('/api/admin/orders?status=&q=&limit=&cursor=');
    expect(blank.status).toBe(200);
    expect(blank.body.orders.length).toBeGreaterThan(0);
  });
});

describe('status changes', () => {
  it('rejects an unknown status and an unknown order', async () => {
    const admin = await adminClientOrSkipLimit();
    const order = await buildOrder(shop);
    const bad = await admin.patch(`/api/orders/${order.id}/status`, { status: 'shipped' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/Status must be/);
    expect((await admin.patch(`/api/orders/${SOME_ID}/status`, { status: 'processing' })).status).toBe(404);
    expect((await admin.patch('/api/orders/not-a-uuid/status', { status: 'processing' })).status).toBe(404);
    const [row] = await shop.sql`select status from orders where id = ${order.id}`;
    expect(row.status).toBe('pending');
  });

  it('records each change with time and admin, emails the customer with the order link, and sets completed_at', async () => {
    const admin = await adminClientOrSkipLimit();
    const order = await buildOrder(shop, { email: 'pickup@example.com' });
    // Each change's email waits out its undo window; let it go before the next change.
    const sendWaiting = async () => {
      await shop.fastForwardJobs();
      await shop.runJobs();
    };
    const p = await admin.patch(`/api/orders/${order.id}/status`, { status: 'processing' });
    expect(p.status).toBe(200);
    expect(p.body.status).toBe('processing');
    expect(p.body.statusChange).toMatchObject({ emailQueued: true, undoSeconds: 10 });
    await sendWaiting();
    const c = await admin.patch(`/api/orders/${order.id}/status`, { status: 'completed' });
    expect(c.body.completedAt).not.toBeNull();
    await sendWaiting();
    // Setting the same status again is not a change: no history, no email.
    const again = await admin.patch(`/api/orders/${order.id}/status`, { status: 'completed' });
    expect(again.body.statusChange).toBeNull();
    await sendWaiting();
    const f = await admin.patch(`/api/orders/${order.id}/status`, { status: 'failed' });
    expect(f.body.completedAt).toBeNull();
    await sendWaiting();
    const history = await admin.get(`/api/admin/orders/${order.id}/history`);
    expect(history.body.map((h: { toStatus: string }) => h.toStatus)).toEqual(['processing', 'completed', 'failed']);
    expect(history.body[0]).toMatchObject({ fromStatus: 'pending', changedBy: 'admin', undoneAt: null });
    const emails = await admin.get(`/api/admin/emails?orderId=${order.id}`);
    expect(emails.status).toBe(200);
    expect(emails.body).toHaveLength(3);
    const byKind = Object.fromEntries(emails.body.map((e: { kind: string }) => [e.kind, e]));
    for (const e of emails.body) {
      expect(e).toMatchObject({ to: 'pickup@example.com', status: 'sent' });
      expect(e.text).toContain(`/order-success/${order.id}?token=${encodeURIComponent(order.access_token)}`);
      expect(typeof e.createdAt).toBe('string');
    }
    expect(byKind.status_processing.subject).toContain(orderNumberOf(order.id));
    expect(byKind.status_completed.text).toContain('ready for pickup');
    expect(byKind.status_completed.text).toContain('Paramus, NJ 07652');
    expect(byKind.status_failed.text).toContain(shop.ctx.env.SUPPORT_EMAIL);
    expect(byKind.status_failed.text).toContain(shop.ctx.env.SUPPORT_PHONE);
    const byTo = await admin.get('/api/admin/emails?to=PICKUP@example.com');
    expect(byTo.body).toHaveLength(3);
    expect((await admin.get('/api/admin/emails')).status).toBe(400);
  });

  it('a completed shipping order emails "on its way" with its tracking number, and the label alone emails nothing', async () => {
    const admin = await adminClientOrSkipLimit();
    const order = await buildOrder(shop, { shippingMethod: 'shipping', email: 'ship@example.com' });
    const label = await admin.post(`/api/admin/generate-label/${order.id}`);
    expect(label.status).toBe(200);
    await shop.runJobs();
    expect(await shop.sql`select kind from emails where order_id = ${order.id}`).toEqual([]);
    await admin.patch(`/api/orders/${order.id}/status`, { status: 'completed' });
    await shop.fastForwardJobs();
    await shop.runJobs();
    const emails = await shop.sql<
      { kind: string; subject: string; text_body: string }[]
    >`select kind, subject, text_body from emails where order_id = ${order.id}`;
    expect(emails).toHaveLength(1);
    expect(emails[0].kind).toBe('tracking');
    expect(emails[0].subject).toContain('is on its way');
    expect(emails[0].text_body).toContain(`Tracking number: ${label.body.trackingNumber}`);
  });

  it('a shipping order completed without a label gets one from the queue; a pickup order does not', async () => {
    const admin = await adminClientOrSkipLimit();
    const shipped = await buildOrder(shop, { shippingMethod: 'shipping', email: 'ship2@example.com' });
    const pickup = await buildOrder(shop, { email: 'pickup2@example.com' });
    await admin.patch(`/api/orders/${shipped.id}/status`, { status: 'completed' });
    await admin.patch(`/api/orders/${pickup.id}/status`, { status: 'completed' });
    const jobs = await shop.sql<{ key: string }[]>`select key from graphile_worker.jobs where task_identifier = 'orders__buy_label'`;
    expect(jobs.map((j) => j.key)).toEqual([`label:${shipped.id}`]);
    await shop.fastForwardJobs();
    await shop.runJobs();
    const [row] = await shop.sql`select label_key, tracking_number from orders where id = ${shipped.id}`;
    expect(row.label_key).not.toBeNull();
    expect(row.tracking_number).toMatch(/^BP\d{16}$/);
    // The label's arrival and the status email agree on one "on its way" email.
    const emails = await shop.sql<{ kind: string }[]>`select kind from emails where order_id = ${shipped.id}`;
    expect(emails.map((e) => e.kind)).toEqual(['tracking']);
  });
});

describe('order files', () => {
  it('streams the upload inline, or as an attachment with the name safely quoted', async () => {
    const admin = await adminClientOrSkipLimit();
    const order = await buildOrder(shop);
    await shop.sql`update orders set file_name = ${'Plan "Ä"; x\r\n.pdf'} where id = ${order.id}`;
    const [upload] = await shop.sql`select storage_key from uploads where id = ${order.upload_id}`;
    const stored = await shop.ctx.storage.get(upload.storage_key);
    const original = await new Promise<Buffer>((resolve) => {
      const chunks: Buffer[] = [];
      stored.on('data', (c: Buffer) => chunks.push(c));
      stored.on('end', () => resolve(Buffer.concat(chunks)));
    });
    const inline = await admin.bytes(`/api/admin/pdf/${order.id}`);
    expect(inline.status).toBe(200);
    expect(inline.headers.get('content-type')).toBe('application/pdf');
    expect(inline.headers.get('content-disposition')).toMatch(/^inline; /);
    expect(inline.body.equals(original)).toBe(true);
    const download = await admin.bytes(`/api/admin/pdf/${order.id}?download=true`);
    const cd = download.headers.get('content-disposition') ?? '';
    expect(cd).toBe(`attachment; filename="Plan ____ x.pdf"; filename*=UTF-8''Plan%20%22%C3%84%22%3B%20x.pdf`);
    expect(download.body.equals(original)).toBe(true);
    expect((await admin.get(`/api/admin/pdf/${SOME_ID}`)).status).toBe(404);
  });
});

describe('built-in shipping labels', () => {
  it('answers 400 for a pickup order', async () => {
    const admin = await adminClientOrSkipLimit();
    const order = await buildOrder(shop);
    const res = await admin.post(`/api/admin/generate-label/${order.id}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/Pickup/);
  });

  it('draws a 4x6 PDF label, saves the tracking number, and regenerating keeps it', async () => {
    const admin = await adminClientOrSkipLimit();
    const order = await buildOrder(shop, { shippingMethod: 'shipping' });
    expect((await admin.get(`/api/admin/shipping-label/${order.id}`)).status).toBe(404);
    const first = await admin.post(`/api/admin/generate-label/${order.id}`);
    expect(first.status).toBe(200);
    expect(first.body.trackingNumber).toMatch(/^BP\d{16}$/);
    expect(first.body.labelUrl).toBe(`/api/admin/shipping-label/${order.id}`);
    const again = await admin.post(`/api/admin/generate-label/${order.id}`);
    expect(again.body.trackingNumber).toBe(first.body.trackingNumber);
    const pdf = await admin.bytes(`/api/admin/shipping-label/${order.id}`);
    expect(pdf.status).toBe(200);
    expect(pdf.body.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.body.toString('latin1')).toMatch(/MediaBox \[0 0 288 432\]/);
    const [row] = await shop.sql`select tracking_number, label_key from orders where id = ${order.id}`;
    expect(row.tracking_number).toBe(first.body.trackingNumber);
    const list = await admin.get(`/api/admin/orders?q=${orderNumberOf(order.id)}`);
    expect(list.body.orders[0]).toMatchObject({ hasLabel: true, trackingNumber: first.body.trackingNumber, labelUrl: `/api/admin/shipping-label/${order.id}` });
  });
});

describe('zip exports', () => {
  it('answers 400 with no ids and 404 for an unknown export', async () => {
    const admin = await adminClientOrSkipLimit();
    const none = await admin.post('/api/admin/export-files', { orderIds: [], exportFormat: 'zip' });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('Please select orders to export');
    expect((await admin.post('/api/admin/export-files', { exportFormat: 'zip' })).status).toBe(400);
    expect((await admin.post('/api/admin/export-files', { orderIds: ['x'], exportFormat: 'zip' })).status).toBe(400);
    expect((await admin.post('/api/admin/export-files', { orderIds: [SOME_ID], exportFormat: 'tar' })).status).toBe(400);
    expect((await admin.get(`/api/admin/export-status/${SOME_ID}`)).status).toBe(404);
  });

  it('exports several orders into a stored (not deflated) zip, byte for byte', async () => {
    const admin = await adminClientOrSkipLimit();
    const orders = [await buildOrder(shop, { pages: 2 }), await buildOrder(shop, { pages: 5 }), await buildOrder(shop, { pages: 1 })];
    const start = await admin.post('/api/admin/export-files', { orderIds: orders.map((o) => o.id), exportFormat: 'zip' });
    expect(start.status).toBe(200);
    const { exportId } = start.body;
    const before = await admin.get(`/api/admin/export-status/${exportId}`);
    expect(before.body).toMatchObject({ status: 'processing', processedFiles: 0, totalFiles: 3, error: null });
    expect((await admin.get(`/api/admin/export-download/${exportId}`)).status).toBe(409);
    await shop.runJobs();
    const after = await admin.get(`/api/admin/export-status/${exportId}`);
    expect(after.body).toMatchObject({ status: 'completed', progress: 100, totalFiles: 3, processedFiles: 3, error: null });
    const zip = await admin.bytes(`/api/admin/export-download/${exportId}`);
    expect(zip.status).toBe(200);
    expect(zip.headers.get('content-type')).toBe('application/zip');
    expect(zip.headers.get('content-disposition')).toMatch(/^attachment; filename="blueprint-export-/);
    const entries = await unzip(zip.body);
    expect(entries.size).toBe(6); // each drawing and its job ticket
    for (const order of orders) {
      const ticket = entries.get(`${orderNumberOf(order.id)}-JOB-TICKET.pdf`);
      expect(ticket?.data.subarray(0, 5).toString()).toBe('%PDF-');
      expect(await pdfText(ticket?.data ?? Buffer.alloc(0))).toContain(`Order ${orderNumberOf(order.id)}`);
      const [upload] = await shop.sql`select storage_key from uploads where id = ${order.upload_id}`;
      const chunks: Buffer[] = [];
      for await (const c of await shop.ctx.storage.get(upload.storage_key)) chunks.push(c as Buffer);
      const entry = entries.get(`${orderNumberOf(order.id)}-A-100 Floor Plans.pdf`);
      expect(entry, orderNumberOf(order.id)).toBeDefined();
      expect(entry?.method).toBe(0);
      expect(entry?.data.equals(Buffer.concat(chunks))).toBe(true);
    }
  });

  it('fails clearly when no selected order has a file', async () => {
    const admin = await adminClientOrSkipLimit();
    const order = await buildOrder(shop);
    await shop.sql`update orders set file_deleted_at = now() where id = ${order.id}`;
    const { body } = await admin.post('/api/admin/export-files', { orderIds: [order.id], exportFormat: 'zip' });
    await shop.runJobs();
    const status = await admin.get(`/api/admin/export-status/${body.exportId}`);
    expect(status.body.status).toBe('failed');
    expect(status.body.error).toMatch(/deleted after printing/);
  });
});
