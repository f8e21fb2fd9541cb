/**
 * Hostile requests against every route: malformed and huge JSON, bodies of the wrong shape, every
 * field replaced by wrong types, SQL and path characters, unicode and NUL bytes, hostile path and
 * query parameters, and broken multipart uploads. Each must get a 4xx with a JSON `{message}` (or a
 * 2xx where the input is merely odd but valid), never a 5xx, and the shop must keep its data.
 * Requests are sent by a browser that is signed in as a customer AND as the admin, so validation
 * behind requireUser/requireAdmin is reached too.
 */
import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../helpers/shop';
import type { TestClient } from '../helpers/client';
import { buildOrder } from '../helpers/factories';
import { makeDrawingPdf, ARCH_D } from '../helpers/pdf';
import type { OrderRow } from '../../api/src/presenters/order';

/** Values that replace each field in turn. */
export const HOSTILE_VALUES: unknown[] = [
  null,
  true,
  0,
  -1,
  1e308,
  Number.MAX_SAFE_INTEGER,
  '',
  ' ',
  'x'.repeat(10_000),
  "' OR 1=1; drop table orders; --",
  '"; select pg_sleep(10); --',
  '../../../../etc/passwd',
  '..\\..\\windows\\system32',
  '%00%2e%2e%2f',
  'a\u0000b',
  '\u202eevil\u202c 名前 🏗️ Ωmega',
  '<script>alert(1)</script>',
  '${jndi:ldap://x}',
  '{{7*7}}',
  [],
  [1, 2, 3],
  {},
  { $ne: null },
  { __proto__: { admin: true } },
];

/** Values for path and query parameters (URL-encoded when sent). */
export const HOSTILE_PARAMS = [
  "' OR 1=1--",
  '../../etc/passwd',
  '..%2f..%2fetc%2fpasswd',
  '%00',
  'x'.repeat(3000),
  '名前🏗️',
  '00000000-0000-0000-0000-000000000000',
  '-1',
  '1e999',
  'null',
  '[object Object]',
  '<script>',
];

type JsonRoute = { method: 'POST' | 'PATCH'; path: (f: Fixtures) => string; body: (f: Fixtures) => Record<string, unknown> };
type Fixtures = { order: OrderRow; uploadId: string; firmId: string };

const address = { street1: '1 Main St', street2: '', city: 'Albany', state: 'NY', zipCode: '12207' };

/** Every JSON route with a valid body; each field of it is made hostile in turn. */
const JSON_ROUTES: JsonRoute[] = [
  { method: 'POST', path: () => '/api/shipping-rates', body: () => ({ toAddress: address, printSize: '24x36', pageCount: 3 }) },
  {
    method: 'POST',
    path: () => '/api/create-payment-intent',
    body: (f) => ({
      uploadId: f.uploadId,
      printSize: '24x36',
      printType: 'bw',
      rushOrder: false,
      shippingMethod: 'pickup',
      rateId: null,
      shippingAddress: address,
      customerEmail: 'h@example.com',
      customerFirstName: 'Hos',
      customerLastName: 'Tile',
      customerPhone: '2015550100',
      orderId: f.order.id,
      updateOnly: false,
      paymentMethod: 'card',
    }),
  },
  // A revision's reprint: its id and the positions to print (a revision nobody may read: 404 when the rest is valid).
  {
    method: 'POST',
    path: () => '/api/create-payment-intent',
    body: () => ({
      revisionId: '00000000-0000-4000-8000-000000000000',
      printPositions: [1, 2],
      printSize: '24x36',
      printType: 'bw',
      shippingMethod: 'pickup',
      customerEmail: 'h@example.com',
    }),
  },
  { method: 'POST', path: () => '/api/payments/demo/confirm', body: (f) => ({ orderId: f.order.id, cardNumber: '4000000000000002' }) },
  { method: 'POST', path: () => '/api/orders/lookup', body: () => ({ email: 'h@example.com' }) },
  {
    method: 'POST',
    path: () => '/api/auth/register',
    body: () => ({ email: `h-${randomBytes(3).toString('hex')}@example.com`, password: 'a-long-password-1', firstName: 'H', lastName: 'T' }),
  },
  { method: 'POST', path: () => '/api/auth/login', body: () => ({ email: 'h@example.com', password: 'wrong-password' }) },
  { method: 'POST', path: () => '/api/auth/forgot-password', body: () => ({ email: 'h@example.com' }) },
  { method: 'POST', path: () => '/api/auth/reset-password', body: () => ({ token: 'not-a-real-token-1234', password: 'a-long-password-2' }) },
  { method: 'POST', path: () => '/api/auth/verify-email', body: () => ({ token: 'not-a-real-token-1234' }) },
  { method: 'POST', path: () => '/api/admin/login', body: () => ({ username: 'nobody', password: 'wrong' }) },
  { method: 'PATCH', path: (f) => `/api/orders/${f.order.id}/status`, body: () => ({ status: 'processing' }) },
  { method: 'POST', path: () => '/api/admin/export-files', body: (f) => ({ orderIds: [f.order.id], exportFormat: 'zip' }) },
  { method: 'POST', path: (f) => `/api/orders/${f.order.id}/reorder`, body: () => ({}) },
  { method: 'PATCH', path: (f) => `/api/admin/firms/${f.firmId}`, body: () => ({ terms: 'net30', creditLimit: 2500 }) },
  // A firm's rules and a project's cost codes: each field replaced in turn.
  {
    method: 'PATCH',
    path: (f) => `/api/firms/${f.firmId}`,
    body: () => ({ name: 'Hostile Partners', rules: { requirePoNumber: false, approvalOverDollars: 100 } }),
  },
  {
    method: 'POST',
    path: (f) => `/api/firms/${f.firmId}/projects`,
    body: () => ({ name: 'Hostile tower', code: 'H-1', costCodes: [{ code: '04-REIMB', name: 'Printing' }] }),
  },
  // An approver's decision and its reason, each replaced in turn.
  { method: 'POST', path: (f) => `/api/firms/${f.firmId}/approvals/${f.order.id}`, body: () => ({ decision: 'decline', reason: 'Over budget' }) },
  { method: 'POST', path: (f) => `/api/orders/${f.order.id}/withdraw`, body: () => ({}) },
  // The order page's card payment of an approved order.
  { method: 'POST', path: (f) => `/api/orders/${f.order.id}/pay`, body: () => ({}) },
  // The address book: each address field and the book (`scope`) replaced in turn.
  { method: 'POST', path: () => '/api/addresses', body: () => ({ ...address, scope: 'firm' }) },
  { method: 'POST', path: () => '/api/revisions', body: (f) => ({ previousOrderId: f.order.id, uploadIds: [f.uploadId] }) },
];

/** GET routes with path parameters (`:p`) and query strings (`?q=:p`) to poison. */
const PARAM_ROUTES = [
  '/api/uploads/:p',
  '/api/uploads/:p/preview/:p',
  '/api/orders/:p',
  '/api/orders/:p/receipt',
  '/api/orders/:p?token=:p',
  '/api/revisions/:p',
  '/api/revisions/:p?token=:p',
  '/api/revisions/:p/sheets/:p/overlay.png?size=:p',
  '/api/orders/lookup?token=:p',
  '/api/orders?scope=firm&projectId=:p&placedBy=:p',
  '/api/orders/lookup?email=:p&orderNumber=:p',
  '/api/admin/orders?status=:p&q=:p&limit=:p&cursor=:p',
  '/api/admin/orders/:p/history',
  '/api/admin/pdf/:p',
  '/api/admin/pdf/:p?download=:p',
  '/api/admin/shipping-label/:p',
  '/api/admin/export-status/:p',
  '/api/admin/export-download/:p',
  '/api/admin/emails?orderId=:p',
  '/api/admin/emails?to=:p',
  '/api/admin/invoices?status=:p',
  '/api/admin/invoices/:p/pdf',
  '/api/firms/:p/invoices/:p/pdf',
  '/api/firms/:p/reports/spend?month=:p&format=:p',
  '/api/firms/:p/approvals',
  '/api/firms/:p/approvals/:p',
];

let shop: TestShop;
let client: TestClient;
let f: Fixtures;
const failures: string[] = [];

/** Records anything that is not a 4xx-with-message or a 2xx. */
function judge(label: string, status: number, body: unknown, text: string) {
  if (status >= 500) failures.push(`${label}: ${status} ${text.slice(0, 160)}`);
  else if (status >= 400 && typeof (body as { message?: unknown })?.message !== 'string')
    failures.push(`${label}: ${status} without a JSON message: ${text.slice(0, 100)}`);
}

beforeAll(async () => {
  shop = await startTestShop();
  client = shop.client();
  const email = `hostile-${randomBytes(3).toString('hex')}@example.com`;
  expect((await client.post('/api/auth/register', { email, password: 'a-long-password-1', firstName: 'H', lastName: 'T' })).status).toBe(201);
  expect((await client.post('/api/auth/login', { email, password: 'a-long-password-1' })).status).toBe(200);
  expect((await client.post('/api/admin/login', { username: 'admin', password: 'blueprint-admin' })).status).toBe(200);
  const form = new FormData();
  form.append('pdf', new Blob([new Uint8Array(await makeDrawingPdf({ pages: 1, size: ARCH_D }))], { type: 'application/pdf' }), 'H-1.pdf');
  const up = await client.request('POST', '/api/upload-pdf', { body: form });
  expect(up.status).toBe(202);
  await shop.runJobs();
  const [{ user_id }] = await shop.sql<{ user_id: string }[]>`select user_id from uploads where id = ${up.body.uploadId}`;
  const firm = await client.post('/api/firms', { name: 'Hostile Partners' });
  expect(firm.status).toBe(201);
  f = { order: await buildOrder(shop, { userId: user_id }), uploadId: up.body.uploadId, firmId: firm.body.firmId };
}, 120_000);

afterAll(() => shop?.close());

describe('hostile requests', () => {
  it('malformed, huge and wrongly shaped JSON bodies get a 4xx with a message', { timeout: 120_000 }, async () => {
    failures.length = 0;
    const bodies: [string, string][] = [
      ['truncated JSON', '{"email": "a@b.c", '],
      ['not JSON', 'email=a@b.c'],
      ['trailing garbage', '{"email":"a@b.c"} garbage'],
      ['a bare string', '"hello"'],
      ['a number', '42'],
      ['null', 'null'],
      ['an array', '[{"email":"a@b.c"}]'],
      ['deep nesting', `${'['.repeat(5000)}${']'.repeat(5000)}`],
      ['200 kB of JSON', JSON.stringify({ email: 'a@b.c', pad: 'x'.repeat(200_000) })],
      ['a lone surrogate', '{"email":"\\ud800@example.com"}'],
      ['duplicate keys', '{"status":"processing","status":{"$ne":1}}'],
    ];
    for (const route of JSON_ROUTES) {
      for (const [name, raw] of bodies) {
        const res = await client.request(route.method, route.path(f), { body: raw, headers: { 'content-type': 'application/json' } });
        judge(`${route.method} ${route.path(f)} with ${name}`, res.status, res.body, res.text);
        // The two the contract names outright: unreadable JSON is a 400, an oversized body a 413.
        if (name === 'truncated JSON' && res.status !== 400) failures.push(`${route.method} ${route.path(f)} with truncated JSON: ${res.status}, expected 400`);
        if (name === '200 kB of JSON' && res.status !== 413) failures.push(`${route.method} ${route.path(f)} with 200 kB of JSON: ${res.status}, expected 413`);
      }
      // A JSON body sent under another content type, and one in an unknown charset.
      for (const type of ['text/plain', 'application/json; charset=utf-7', 'application/x-www-form-urlencoded']) {
        const res = await client.request(route.method, route.path(f), { body: JSON.stringify(route.body(f)), headers: { 'content-type': type } });
        judge(`${route.method} ${route.path(f)} as ${type}`, res.status, res.body, res.text);
      }
    }
    expect(failures).toEqual([]);
  });

  it(
    'every field replaced by a wrong type, SQL, path characters, unicode or a NUL gets a 4xx (or is accepted as text), never a 5xx',
    { timeout: 360_000 },
    async () => {
      failures.length = 0;
      for (const route of JSON_ROUTES) {
        const valid = route.body(f);
        for (const field of Object.keys(valid)) {
          // A few at a time, as several tabs of one browser would.
          for (let i = 0; i < HOSTILE_VALUES.length; i += 6) {
            await Promise.all(
              HOSTILE_VALUES.slice(i, i + 6).map(async (value) => {
                const res = await client.request(route.method, route.path(f), { json: { ...route.body(f), [field]: value } });
                judge(`${route.method} ${route.path(f)} ${field}=${JSON.stringify(value)?.slice(0, 40)}`, res.status, res.body, res.text);
              }),
            );
          }
          const without = { ...route.body(f) };
          delete without[field];
          const res = await client.request(route.method, route.path(f), { json: without });
          judge(`${route.method} ${route.path(f)} without ${field}`, res.status, res.body, res.text);
        }
        // Unknown extra fields (a client setting its own price) change nothing and break nothing.
        const res = await client.request(route.method, route.path(f), { json: { ...route.body(f), totalAmount: 0.01, pricePerPage: 0, isAdmin: true } });
        judge(`${route.method} ${route.path(f)} with extra fields`, res.status, res.body, res.text);
      }
      expect(failures).toEqual([]);
    },
  );

  it('hostile path and query parameters get a 4xx with a message, never a 5xx', { timeout: 120_000 }, async () => {
    failures.length = 0;
    for (const pattern of PARAM_ROUTES) {
      for (const value of HOSTILE_PARAMS) {
        const path = pattern.replaceAll(':p', encodeURIComponent(value));
        const res = await client.get(path);
        judge(`GET ${path.slice(0, 120)}`, res.status, res.body, res.text);
      }
    }
    // Repeated query parameters arrive as arrays.
    for (const path of [
      '/api/orders/lookup?email=a@b.c&email=x&orderNumber=1&orderNumber=2',
      '/api/admin/orders?status=paid&status=pending&limit=1&limit=2',
      '/api/admin/emails?to=a&to=b',
      `/api/orders/${f.order.id}?token=a&token=b`,
    ]) {
      const res = await client.get(path);
      judge(`GET ${path}`, res.status, res.body, res.text);
    }
    // Unknown routes and methods under /api.
    for (const [method, path] of [
      ['GET', '/api/nope'],
      ['DELETE', `/api/orders/${f.order.id}`],
      ['PUT', '/api/upload-pdf'],
    ] as const) {
      const res = await client.request(method, path);
      judge(`${method} ${path}`, res.status, res.body, res.text);
      expect(res.status, `${method} ${path}`).toBeGreaterThanOrEqual(400);
    }
    expect(failures).toEqual([]);
  });

  it('broken multipart uploads get a 4xx with a message and leave nothing behind', { timeout: 60_000 }, async () => {
    failures.length = 0;
    const pdf = await makeDrawingPdf({ pages: 1, size: ARCH_D });
    const [{ n: before }] = await shop.sql<{ n: number }[]>`select count(*)::int as n from uploads`;
    const boundary = 'XbOuNdArY';
    const part = (name: string, content: Buffer | string, filename?: string) =>
      Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${filename !== undefined ? `; filename="${filename}"` : ''}\r\nContent-Type: application/pdf\r\n\r\n`,
        ),
        Buffer.isBuffer(content) ? content : Buffer.from(content),
        Buffer.from('\r\n'),
      ]);
    const end = Buffer.from(`--${boundary}--\r\n`);
    const cases: [string, Buffer, string][] = [
      ['no file at all', end, `multipart/form-data; boundary=${boundary}`],
      ['a text field instead of a file', Buffer.concat([part('pdf', 'not a file'), end]), `multipart/form-data; boundary=${boundary}`],
      ['the file under another name', Buffer.concat([part('file', pdf, 'a.pdf'), end]), `multipart/form-data; boundary=${boundary}`],
      ['no boundary in the header', Buffer.concat([part('pdf', pdf, 'a.pdf'), end]), 'multipart/form-data'],
      ['a body cut off mid-part', part('pdf', pdf, 'a.pdf').subarray(0, 300), `multipart/form-data; boundary=${boundary}`],
      ['the wrong boundary', Buffer.concat([part('pdf', pdf, 'a.pdf'), end]), 'multipart/form-data; boundary=other'],
      ['JSON instead of multipart', Buffer.from('{"pdf":"%PDF-1.7"}'), 'application/json'],
      ['raw PDF bytes', pdf, 'application/pdf'],
      ['a non-PDF file', Buffer.concat([part('pdf', 'GIF89a not a pdf', 'a.pdf'), end]), `multipart/form-data; boundary=${boundary}`],
      ['30 extra fields', Buffer.concat([...Array.from({ length: 30 }, (_, i) => part(`f${i}`, 'x')), end]), `multipart/form-data; boundary=${boundary}`],
    ];
    for (const [name, body, type] of cases) {
      const res = await client.request('POST', '/api/upload-pdf', { body: new Uint8Array(body), headers: { 'content-type': type } });
      judge(`upload with ${name}`, res.status, res.body, res.text);
      if (res.status < 400) failures.push(`upload with ${name}: accepted (${res.status})`);
    }
    const [{ n: after }] = await shop.sql<{ n: number }[]>`select count(*)::int as n from uploads`;
    expect(after).toBe(before);

    // Duplicate pdf fields: refused with a 400 that says one file at a time (docs/decisions/013-sign-in-throttling.md), no row kept.
    const dup = await client.request('POST', '/api/upload-pdf', {
      body: Buffer.concat([part('pdf', pdf, 'one.pdf'), part('pdf', pdf, 'two.pdf'), end]),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    judge('upload with two pdf fields', dup.status, dup.body, dup.text);
    expect(dup.status).toBe(400);
    expect(dup.body.message).toMatch(/one PDF file at a time/);
    const [{ n: afterDup }] = await shop.sql<{ n: number }[]>`select count(*)::int as n from uploads`;
    expect(afterDup).toBe(after);

    // Hostile file names are stored as a plain name, never a path.
    for (const name of [
      '../../../etc/passwd.pdf',
      '..\\..\\boot.ini.pdf',
      'ありがとう 図面 🏗️.pdf',
      "x'; drop table uploads; --.pdf",
      `${'a'.repeat(400)}.pdf`,
      'new\r\nline.pdf',
    ]) {
      const res = await client.request('POST', '/api/upload-pdf', {
        body: Buffer.concat([part('pdf', pdf, name), end]),
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
      judge(`upload named ${name.slice(0, 40)}`, res.status, res.body, res.text);
      if (res.status === 202) {
        expect(res.body.fileName).not.toMatch(/[\\/]/);
        expect(res.body.fileName.length).toBeLessThanOrEqual(255);
      }
    }
    expect(failures).toEqual([]);
  });

  it("requests Node's parser cannot read get JSON with a message too: a 20 kB address, a bad Content-Length", async () => {
    const url = new URL(shop.url);
    const send = (raw: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = connect(Number(url.port), url.hostname, () => socket.end(raw));
        let answer = '';
        socket.setEncoding('utf8');
        socket.on('data', (chunk: string) => (answer += chunk));
        socket.on('end', () => resolve(answer));
        socket.on('error', reject);
      });
    const cases: [string, string, number][] = [
      ['a 20 kB address', `GET /api/health?${'q'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`, 431],
      ['a bad Content-Length', 'POST /api/orders/lookup HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n', 400],
    ];
    for (const [name, raw, status] of cases) {
      const answer = await send(raw);
      const [head, body] = answer.split('\r\n\r\n');
      expect([name, head.split('\r\n')[0]]).toEqual([name, expect.stringMatching(new RegExp(`^HTTP/1\\.1 ${status} `))]);
      expect(head).toMatch(/content-type: application\/json/i);
      expect(typeof JSON.parse(body).message).toBe('string');
    }
  });

  it('after all of it the order is untouched and the shop still answers', async () => {
    const [row] = await shop.sql<OrderRow[]>`select * from orders where id = ${f.order.id}`;
    expect(row.total_cents).toBe(f.order.total_cents);
    expect(row.payment_status).toBe('paid');
    const [{ n }] = await shop.sql<{ n: number }[]>`select count(*)::int as n from users`;
    expect(n).toBeGreaterThan(0);
    expect((await client.get('/api/health')).status).toBe(200);
    expect((await client.get(`/api/orders/${f.order.id}`)).status).toBe(200);
  });
});
