/**
 * Broken multipart bodies against every multipart route of a real web process (api/src/server.ts,
 * with its process guards): a body that ends inside the file part, inside a part's headers or right
 * after a boundary gets a 400 with a sentence, a client that drops its connection mid-body gets
 * nothing, and after each the process is still running and answers `/api/health` (an 'error' busboy
 * emitted on a file stream nobody listened to once ended the whole process).
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#test/helpers/db';
import { freePort } from '#test/helpers/net';
import { signedSessionCookie } from '#test/helpers/adminTestKit';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const API = path.join(ROOT, 'api/src');
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

let db: TestDatabase;
let dataDir: string;
let web: ChildProcessWithoutNullStreams;
let url: string;
let stderr = '';

async function healthy(): Promise<number> {
  return (await fetch(`${url}/api/health`).catch(() => ({ status: 0 }))).status;
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
  db = await createTestDatabase();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-multipart-'));
  const port = await freePort();
  const secret = randomBytes(32).toString('hex');
  url = `http://127.0.0.1:${port}`;
  web = spawn(process.execPath, ['--import', 'tsx', 'api/src/server.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'error',
      DATABASE_URL: db.url,
      DATA_DIR: dataDir,
      PORT: String(port),
      APP_URL: url,
      SESSION_SECRET: secret,
      // The API alone: this project never builds the client, and health would wait for it.
      SERVE_CLIENT: 'false',
    },
  });
  web.stdout.resume();
  web.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  for (let tries = 0; (await healthy()) !== 200; tries++) {
    if (tries > 100 || web.exitCode !== null) throw new Error(`the web process did not start: ${stderr}`);
    await new Promise((r) => setTimeout(r, 300));
  }
  // An account owner, signed in, with a firm.
  const [owner] = await db.sql<{ id: string }[]>`
    insert into users (email, password_hash, first_name, last_name) values ('owner@example.com', 'not-a-real-hash', 'Olive', 'Owner') returning id`;
  const sid = randomBytes(32).toString('base64url');
  await db.sql`insert into sessions (sid, kind, user_id, expire) values (${sid}, 'customer', ${owner.id}, now() + interval '1 day')`;
  const cookie = signedSessionCookie(secret, { sid });
  const created = await fetch(`${url}/api/firms`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Hudson Builders' }),
  });
  const { firmId } = (await created.json()) as { firmId: string };
  routes = [
    { file: 'uploads.ts', path: '/api/upload-pdf', fileField: 'pdf', cookie },
    { file: 'firms.ts', path: `/api/firms/${firmId}/tax-certificates`, fileField: 'file', cookie },
  ];
}, 60_000);

afterAll(async () => {
  if (web && web.exitCode === null && web.signalCode === null) {
    web.kill('SIGTERM');
    await new Promise((r) => web.once('exit', r));
  }
  await db?.drop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('a multipart body that breaks off', () => {
  it('is read only through http/multipart.ts, and every route that reads one is tried here', () => {
    const importers: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (entry.name.endsWith('.ts') && /from 'busboy'/.test(fs.readFileSync(full, 'utf8'))) importers.push(path.relative(API, full));
      }
    };
    walk(API);
    expect(importers).toEqual(['http/multipart.ts']);
    expect(multipartRouteFiles()).toEqual(routes.map((r) => r.file).sort());
  });

  it('gets a 400 with a sentence on every multipart route, and the web process answers its health check after each', { timeout: 60_000 }, async () => {
    for (const route of routes) {
      for (const broken of brokenBodies(route.fileField)) {
        const answer = await send(url + route.path, route.cookie, broken.body, broken.dropped).catch((error: Error) => ({ status: 0, message: error.message }));
        if (broken.dropped) expect(answer, `${route.path} ${broken.name}`).toBe('dropped');
        else {
          expect(answer, `${route.path} ${broken.name}`).toMatchObject({ status: 400, message: expect.stringMatching(/could not be read/) });
        }
        expect(await healthy(), `health after ${route.path} ${broken.name}: ${stderr}`).toBe(200);
        expect(web.exitCode, `the web process after ${route.path} ${broken.name}`).toBeNull();
      }
    }
    // Nothing of the broken uploads was kept: no row, and no file left in storage.
    expect(await db.sql`select id from uploads`).toHaveLength(0);
    expect(await db.sql`select id from firm_tax_certificates`).toHaveLength(0);
    const files = path.join(dataDir, 'files');
    const kept = fs.existsSync(files) ? fs.readdirSync(files, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()) : [];
    expect(kept.map((entry) => path.join(entry.parentPath, entry.name))).toEqual([]);
  });
});
