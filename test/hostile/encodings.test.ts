/**
 * Hostile encodings, generated against every route the code declares (read from api/src/routes, so a
 * new route is covered without editing this file): every path parameter × every malformed
 * percent-encoding → 400 with a message; every JSON route × every broken or unknown Content-Encoding
 * → 400 / 415; every stored text field × every control character → 400 naming the field; every
 * PostgreSQL data exception (SQLSTATE class 22) → 400; more than one file in an upload → 400.
 */
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toResponse } from '../../api/src/middleware/errors';
import { ONE_FILE_MESSAGE } from '../../api/src/routes/uploads';
import { startTestShop, type TestShop } from '../helpers/shop';
import type { TestClient } from '../helpers/client';
import { buildOrder } from '../helpers/factories';
import { browserWithUpload, CUSTOMER, pickupBody } from '../helpers/checkout';
import { ARCH_D, makeDrawingPdf } from '../helpers/pdf';

const ROUTES_DIR = path.resolve(__dirname, '../../api/src/routes');

/** Every `router.<method>('<path>'` the route files declare. */
function declaredRoutes(): { method: string; path: string }[] {
  const out: { method: string; path: string }[] = [];
  for (const file of fs.readdirSync(ROUTES_DIR).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
    const source = fs.readFileSync(path.join(ROUTES_DIR, file), 'utf8');
    for (const m of source.matchAll(/router\.(get|post|patch|put|delete)\(\s*'([^']+)'/g)) out.push({ method: m[1].toUpperCase(), path: m[2] });
  }
  return out;
}

/** Percent-encodings decodeURIComponent refuses: bad hex, a lone %, cut-off and overlong UTF-8, lone surrogates. */
const MALFORMED_ENCODINGS = [
  '%ZZ',
  '%',
  '%E0%A4%A',
  '%C0%AE',
  '%C0%AE%C0%AE',
  '%FF',
  '%80',
  '%ED%A0%80',
  '%F4%90%80%80',
  '%u0041',
  '%%',
  '%2',
  'abc%',
  '%00%ZZ',
  '%E2%82',
];

let shop: TestShop;
let client: TestClient;
let orderId: string;

beforeAll(async () => {
  shop = await startTestShop();
  client = shop.client();
  const email = `enc-${randomBytes(3).toString('hex')}@example.com`;
  expect((await client.post('/api/auth/register', { email, password: 'a-long-password-1', firstName: 'E', lastName: 'N' })).status).toBe(201);
  expect((await client.post('/api/auth/login', { email, password: 'a-long-password-1' })).status).toBe(200);
  expect((await client.post('/api/admin/login', { username: shop.ctx.env.ADMIN_USERNAME, password: shop.ctx.env.ADMIN_PASSWORD })).status).toBe(200);
  orderId = (await buildOrder(shop)).id;
}, 60_000);

afterAll(() => shop?.close());

describe('malformed percent-encoding in path parameters', () => {
  it('answers 400 with a JSON message on every route with a parameter, for every malformed encoding', { timeout: 120_000 }, async () => {
    const routes = declaredRoutes().filter((r) => r.path.includes('/:'));
    expect(routes.length).toBeGreaterThanOrEqual(10);
    const wrong: string[] = [];
    for (const route of routes) {
      const params = route.path.match(/:\w+/g) ?? [];
      for (const bad of MALFORMED_ENCODINGS) {
        // The bad one in each parameter position in turn, the others valid-looking.
        for (let at = 0; at < params.length; at++) {
          let n = 0;
          const url = route.path.replace(/:\w+/g, () => (n++ === at ? bad : n === 1 ? orderId : '1'));
          const res = await client.request(route.method, url, route.method === 'GET' ? {} : { json: {} });
          if (res.status !== 400 || typeof res.body?.message !== 'string') wrong.push(`${route.method} ${url}: ${res.status} ${res.text.slice(0, 80)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});

/**
 * Random bytes that `decode` refuses. A short random brotli stream is now and then a valid one (it can
 * decode to nothing), which made "garbage" a body that decodes and the test flaky.
 */
function garbageFor(decode: (bytes: Buffer) => unknown, length = 64): Buffer {
  for (;;) {
    const bytes = randomBytes(length);
    try {
      decode(bytes);
    } catch {
      return bytes;
    }
  }
}

/**
 * Zstandard where the runtime's zlib has it (Node 22.15+, so production's Node 24): body-parser
 * decodes it there like gzip, and refuses it as unsupported on Node 20.
 */
const zstdCompress = (zlib as { zstdCompressSync?: (data: Buffer) => Buffer }).zstdCompressSync;

describe('JSON bodies under a Content-Encoding', () => {
  const json = Buffer.from(JSON.stringify({ email: 'a@example.com' }));
  const gzipped = zlib.gzipSync(json);
  /** [name, Content-Encoding, body, expected status] */
  const BODIES: [string, string, Buffer, number][] = [
    ['gzip of garbage', 'gzip', garbageFor(zlib.gunzipSync), 400],
    ['gzip cut in half', 'gzip', gzipped.subarray(0, Math.floor(gzipped.length / 2)), 400],
    ['gzip with a broken checksum', 'gzip', Buffer.concat([gzipped.subarray(0, -8), Buffer.alloc(8, 0xff)]), 400],
    ['plain JSON declared gzip', 'gzip', json, 400],
    ['x-gzip (not supported)', 'x-gzip', randomBytes(32), 415],
    ['deflate of garbage', 'deflate', garbageFor(zlib.inflateSync), 400],
    ['deflate cut short', 'deflate', zlib.deflateSync(json).subarray(0, 6), 400],
    ['raw deflate declared deflate, then garbage', 'deflate', Buffer.concat([zlib.deflateRawSync(json), randomBytes(8)]), 400],
    ['br of garbage', 'br', garbageFor(zlib.brotliDecompressSync), 400],
    ['br cut short', 'br', zlib.brotliCompressSync(json).subarray(0, 3), 400],
    ['gzip of a gzip (declared once) that is not JSON', 'gzip', zlib.gzipSync(gzipped), 400],
    ['an unknown encoding', 'x-unknown', json, 415],
    ['compress (LZW)', 'compress', json, 415],
    zstdCompress ? ['plain JSON declared zstd', 'zstd', json, 400] : ['zstd (not in this runtime)', 'zstd', json, 415],
    ['two encodings', 'gzip, br', zlib.brotliCompressSync(gzipped), 415],
  ];

  it('answers 400 when the body does not decode and 415 for an unsupported encoding, on every JSON route', { timeout: 120_000 }, async () => {
    const routes = declaredRoutes().filter((r) => r.method !== 'GET' && !['/api/upload-pdf', '/api/webhooks/stripe'].includes(r.path));
    expect(routes.length).toBeGreaterThanOrEqual(15);
    const wrong: string[] = [];
    for (const route of routes) {
      const url = route.path.replace(/:\w+/g, orderId);
      for (const [name, encoding, body, expected] of BODIES) {
        const res = await client.request(route.method, url, {
          body: new Uint8Array(body),
          headers: { 'content-type': 'application/json', 'content-encoding': encoding },
        });
        if (res.status !== expected || typeof res.body?.message !== 'string')
          wrong.push(`${route.method} ${url} with ${name}: ${res.status}, expected ${expected}: ${res.text.slice(0, 80)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('reads a well-formed zstd body where the runtime decodes it, and answers 415 where it does not', async () => {
    const body = Buffer.from(JSON.stringify({ email: 'someone@example.com' }));
    const res = await shop.client().request('POST', '/api/auth/forgot-password', {
      body: new Uint8Array(zstdCompress ? zstdCompress(body) : body),
      headers: { 'content-type': 'application/json', 'content-encoding': 'zstd' },
    });
    expect(res.status).toBe(zstdCompress ? 202 : 415);
  });

  it('still reads a well-formed gzip body', async () => {
    const res = await shop.client().request('POST', '/api/auth/forgot-password', {
      body: new Uint8Array(zlib.gzipSync(JSON.stringify({ email: 'someone@example.com' }))),
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
    });
    expect(res.status).toBe(202);
  });
});

describe('control characters in stored text fields', () => {
  const CONTROLS = ['\u0000', '\u0001', '\u0007', '\b', '\t', '\n', '\v', '\f', '\r', '\u001b', '\u001f', '\u007f', '\u0080', '\u0085', '\u009f'];

  type Field = { route: string; path: string[]; label: RegExp; body: (uploadId: string) => Record<string, unknown> };
  const address = { street1: '1 Main St', street2: 'Suite 2', city: 'Albany', state: 'NY', zipCode: '12207' };
  const FIELDS: Field[] = [
    ...(['email', 'firstName', 'lastName'] as const).map((f) => ({
      route: '/api/auth/register',
      path: [f],
      label: { email: /email/i, firstName: /First name/, lastName: /Last name/ }[f],
      body: () => ({ email: `cc-${randomBytes(4).toString('hex')}@example.com`, password: 'a-long-password-1', firstName: 'C', lastName: 'C' }),
    })),
    ...(['street1', 'street2', 'city'] as const).map((f) => ({
      route: '/api/shipping-rates',
      path: ['toAddress', f],
      label: { street1: /Street address/, street2: /Street address line 2/, city: /City/ }[f],
      body: () => ({ toAddress: { ...address }, printSize: '24x36', pageCount: 3 }),
    })),
    ...(['customerEmail', 'customerFirstName', 'customerLastName', 'customerPhone'] as const).map((f) => ({
      route: '/api/create-payment-intent',
      path: [f],
      label: { customerEmail: /Email/, customerFirstName: /First name/, customerLastName: /Last name/, customerPhone: /Phone/ }[f],
      body: (uploadId: string) => pickupBody(uploadId, { ...CUSTOMER }),
    })),
    ...(['street1', 'street2', 'city'] as const).map((f) => ({
      route: '/api/create-payment-intent',
      path: ['shippingAddress', f],
      label: { street1: /Street address/, street2: /Street address line 2/, city: /City/ }[f],
      body: (uploadId: string) => pickupBody(uploadId, { ...CUSTOMER, shippingMethod: 'shipping', rateId: 'rate_x', shippingAddress: { ...address } }),
    })),
    { route: '/api/auth/login', path: ['email'], label: /email/i, body: () => ({ email: 'someone@example.com', password: 'whatever-1' }) },
    { route: '/api/auth/forgot-password', path: ['email'], label: /email/i, body: () => ({ email: 'someone@example.com' }) },
  ];

  /** `body` with the value at `at` replaced by `f(old)`. */
  function poison(body: Record<string, unknown>, at: string[], f: (old: string) => string): Record<string, unknown> {
    const copy = structuredClone(body);
    let node = copy as Record<string, unknown>;
    for (const key of at.slice(0, -1)) node = node[key] as Record<string, unknown>;
    const last = at[at.length - 1];
    node[last] = f(String(node[last] ?? 'x'));
    return copy;
  }

  it('answers 400 naming the field, for every field × control character × position, and stores nothing', { timeout: 180_000 }, async () => {
    const { client: browser, upload } = await browserWithUpload(shop);
    const [{ n: usersBefore }] = await shop.sql<{ n: number }[]>`select count(*)::int as n from users`;
    const [{ n: ordersBefore }] = await shop.sql<{ n: number }[]>`select count(*)::int as n from orders`;
    const wrong: string[] = [];
    for (const field of FIELDS) {
      for (const control of CONTROLS) {
        const positions = [
          ['inside', (v: string) => `${v.slice(0, 1)}${control}${v.slice(1)}`],
          ['at the end', (v: string) => `${v}${control}`],
        ] as const;
        // Sign-in routes share a budget of 100 requests a minute per client: one position there.
        for (const [where, f] of field.route.startsWith('/api/auth/') ? positions.slice(0, 1) : positions) {
          // An email keeps its shape around the character, so only the character can be at fault.
          const res = await browser.request('POST', field.route, { json: poison(field.body(upload.id), field.path, f) });
          const label = `${field.route} ${field.path.join('.')} with U+${control.charCodeAt(0).toString(16).padStart(4, '0')} ${where}`;
          if (res.status !== 400) wrong.push(`${label}: ${res.status} ${res.text.slice(0, 100)}`);
          else if (!field.label.test(String(res.body?.message))) wrong.push(`${label}: message does not name the field: ${res.body?.message}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    const [{ n: usersAfter }] = await shop.sql<{ n: number }[]>`select count(*)::int as n from users`;
    const [{ n: ordersAfter }] = await shop.sql<{ n: number }[]>`select count(*)::int as n from orders`;
    expect(usersAfter).toBe(usersBefore);
    expect(ordersAfter).toBe(ordersBefore);
  });

  it('still accepts names and addresses in any script, with accents and emoji', async () => {
    const res = await shop.client().post('/api/auth/register', {
      email: `u-${randomBytes(3).toString('hex')}@example.com`,
      password: 'a-long-password-1',
      firstName: 'Zoë 名前',
      lastName: "O'Brien-Łukasz 🏗️",
    });
    expect(res.status).toBe(201);
    const rates = await shop
      .client()
      .post('/api/shipping-rates', { toAddress: { ...address, street1: '12 Rue de l’Église', city: 'Ñandú' }, printSize: '24x36', pageCount: 3 });
    expect(rates.status).toBeLessThan(500);
    expect(rates.status).not.toBe(400);
  });
});

describe('PostgreSQL data exceptions that reach the error handler', () => {
  const QUERIES: [string, string][] = [
    ['22P02 invalid text representation', `select 'abc'::int`],
    ['22021 invalid byte sequence', `select convert_from('\\xff'::bytea, 'UTF8')`],
    ['22P05 untranslatable character', `select '"\\u0000"'::jsonb`],
    ['22001 string too long', `select 'abcdef'::varchar(2)`],
    ['22003 numeric out of range', `select 99999999999::int`],
    ['22007 invalid datetime format', `select 'not a date'::date`],
    ['22008 datetime field overflow', `select '2024-13-45'::date`],
    ['22012 division by zero', `select 1 / 0`],
    ['2202E array subscript error', `select ('{1,2}'::int[])[1:2][3]::text::int`],
    ['22023 invalid parameter value', `select make_interval(secs => 'NaN'::float8) + 'infinity'::interval`],
    ['22004 null value not allowed', `select jsonb_set('{}'::jsonb, '{a}', null, true)::text::jsonb -> null::text`],
    ['2201B invalid regular expression', `select 'a' ~ '('`],
  ];

  it('maps every class-22 error PostgreSQL raises to a 400, never a 500', async () => {
    const wrong: string[] = [];
    let seen = 0;
    for (const [name, query] of QUERIES) {
      const error = await shop.sql.unsafe(query).then(
        () => null,
        (e: Error & { code?: string }) => e,
      );
      if (!error?.code?.startsWith('22')) continue;
      seen += 1;
      const { status, body } = toResponse(error);
      if (status !== 400 || typeof body.message !== 'string') wrong.push(`${name} (${error.code}): ${status}`);
    }
    expect(seen).toBeGreaterThanOrEqual(8);
    expect(wrong).toEqual([]);
  });
});

describe('more than one file in an upload', () => {
  it('refuses a second file (before or after the PDF, or a second PDF) with a clear 400 and keeps nothing', { timeout: 60_000 }, async () => {
    const pdf = Buffer.from(await makeDrawingPdf({ pages: 1, size: ARCH_D }));
    const boundary = 'MuLtIfIlE';
    const part = (name: string, content: Buffer, filename: string) =>
      Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: application/pdf\r\n\r\n`),
        content,
        Buffer.from('\r\n'),
      ]);
    const end = Buffer.from(`--${boundary}--\r\n`);
    const [{ n: before }] = await shop.sql<{ n: number }[]>`select count(*)::int as n from uploads`;
    const cases: [string, Buffer][] = [
      ['another file field before pdf', Buffer.concat([part('notes', Buffer.from('hello'), 'notes.txt'), part('pdf', pdf, 'a.pdf'), end])],
      ['another PDF field before pdf', Buffer.concat([part('file', pdf, 'b.pdf'), part('pdf', pdf, 'a.pdf'), end])],
      ['two pdf files', Buffer.concat([part('pdf', pdf, 'one.pdf'), part('pdf', pdf, 'two.pdf'), end])],
      ['a file after the pdf', Buffer.concat([part('pdf', pdf, 'a.pdf'), part('thumb', Buffer.from('x'), 't.png'), end])],
      ['three pdf files', Buffer.concat([part('pdf', pdf, '1.pdf'), part('pdf', pdf, '2.pdf'), part('pdf', pdf, '3.pdf'), end])],
    ];
    for (const [name, body] of cases) {
      const res = await shop
        .client()
        .request('POST', '/api/upload-pdf', { body: new Uint8Array(body), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
      expect(res.status, name).toBe(400);
      expect(res.body.message, name).toBe(ONE_FILE_MESSAGE);
    }
    // The browser's own FormData with two files, as a page with a `multiple` input would send.
    const form = new FormData();
    form.append('pdf', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'a.pdf');
    form.append('pdf', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'b.pdf');
    const res = await shop.client().request('POST', '/api/upload-pdf', { body: form });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/one PDF file at a time/);
    const [{ n: after }] = await shop.sql<{ n: number }[]>`select count(*)::int as n from uploads`;
    expect(after).toBe(before);
    // One file still works.
    const one = new FormData();
    one.append('pdf', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'a.pdf');
    expect((await shop.client().request('POST', '/api/upload-pdf', { body: one })).status).toBe(202);
  });
});
