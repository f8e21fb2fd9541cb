/**
 * Broken multipart bodies against every multipart route: a body that ends inside the file part,
 * inside a part's headers or right after a boundary gets a 400 with a sentence, a client that drops
 * its connection mid-body gets nothing, and after each the shop still answers `/api/health` (an
 * 'error' busboy emitted on a file stream nobody listened to once ended the whole process).
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { shopForFile, type TestShop } from '#test/helpers/shop';
import { buildUser } from '#test/helpers/factories';
import { customerClient } from '#test/helpers/adminTestKit';

let shop: TestShop;
shopForFile((s) => (shop = s));

const API = fileURLToPath(new URL('../../api/src', import.meta.url));
const BOUNDARY = '----x';
const FIELD = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="state"\r\n\r\nNJ\r\n`;

/** Each way a body breaks off, and the file field it is for. */
function brokenBodies(fileField: string): { name: string; body: string; dropped?: boolean }[] {
  const fileHead = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${fileField}"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
  return [
    { name: 'ending inside the file part', body: `${FIELD}${fileHead}%PDF-1.4 truncated` },
    { name: 'ending inside a part’s headers', body: `${FIELD}--${BOUNDARY}\r\nContent-Disposition: form-da` },
    { name: 'ending right after a boundary', body: `${FIELD}--${BOUNDARY}` },
    { name: 'dropped by the client mid-body', body: `${FIELD}${fileHead}%PDF-1.4 ${'x'.repeat(64 * 1024)}`, dropped: true },
  ];
}

type Answer = { status: number; message?: string } | 'dropped';

/** Sends `body` as the whole request (Content-Length says so), or half of a longer one and hangs up. */
function send(url: string, cookie: string, body: string, dropped = false): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const bytes = Buffer.from(body);
    const req = http.request(url, {
      method: 'POST',
      headers: {
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        'content-length': String(dropped ? bytes.length * 2 : bytes.length),
        cookie,
      },
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, message: (JSON.parse(Buffer.concat(chunks).toString() || '{}') as { message?: string }).message }),
      );
    });
    req.on('error', (error) => (dropped ? resolve('dropped') : reject(error)));
    if (!dropped) return void req.end(bytes);
    req.write(bytes, () => setTimeout(() => req.destroy(), 50));
  });
}

async function healthy(): Promise<number> {
  return (await fetch(`${shop.url}/api/health`)).status;
}

/** The route files that read a multipart body (the callers of readMultipart). */
function multipartRouteFiles(): string[] {
  const routes = path.join(API, 'routes');
  return fs
    .readdirSync(routes)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && fs.readFileSync(path.join(routes, f), 'utf8').includes('readMultipart('))
    .sort();
}

let routes: { file: string; path: string; fileField: string; cookie: string }[];

beforeAll(async () => {
  const owner = await buildUser(shop);
  const client = await customerClient(shop, owner.id);
  const { firmId } = (await client.post('/api/firms', { name: 'Hudson Builders' })).body as { firmId: string };
  routes = [
    { file: 'uploads.ts', path: '/api/upload-pdf', fileField: 'pdf', cookie: client.cookieHeader() },
    { file: 'firms.ts', path: `/api/firms/${firmId}/tax-certificates`, fileField: 'file', cookie: client.cookieHeader() },
  ];
});

describe('a multipart body that breaks off', () => {
  it('is read only through lib/multipart.ts, and every route that reads one is tried here', () => {
    const importers: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (entry.name.endsWith('.ts') && /from 'busboy'/.test(fs.readFileSync(full, 'utf8'))) importers.push(path.relative(API, full));
      }
    };
    walk(API);
    expect(importers).toEqual(['lib/multipart.ts']);
    expect(multipartRouteFiles()).toEqual(routes.map((r) => r.file).sort());
  });

  it('gets a 400 with a sentence on every multipart route, and the shop answers its health check after each', { timeout: 60_000 }, async () => {
    for (const route of routes) {
      for (const broken of brokenBodies(route.fileField)) {
        const answer = await send(shop.url + route.path, route.cookie, broken.body, broken.dropped);
        if (broken.dropped) expect(answer, `${route.path} ${broken.name}`).toBe('dropped');
        else {
          expect(answer, `${route.path} ${broken.name}`).toMatchObject({ status: 400, message: expect.stringMatching(/could not be read/) });
        }
        expect(await healthy(), `health after ${route.path} ${broken.name}`).toBe(200);
      }
    }
    // Nothing of the broken uploads was kept: no row, and no file left in storage.
    expect(await shop.sql`select id from uploads`).toHaveLength(0);
    expect(await shop.sql`select id from firm_tax_certificates`).toHaveLength(0);
  });
});
