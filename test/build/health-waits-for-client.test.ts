/**
 * The web process (api/src/server.ts, as Procfile's `web` and `npm start` run it) in a clone whose
 * client is not built yet: /api/health answers 503 "starting" while the pages are missing, so a script
 * that waits for health and then opens the shop finds a page; once dist/web appears it answers the
 * contract's 200 {"status":"ok"} and the page is served.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../helpers/db';
import { freePort } from '../helpers/net';
import { cloneInto, copyBuiltClient } from './clone';

const home = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-health-'));
let web: ChildProcess | null = null;
let db: TestDatabase | null = null;

afterAll(async () => {
  if (web && web.exitCode === null) web.kill('SIGKILL');
  await db?.drop();
  fs.rmSync(home, { recursive: true, force: true });
});

it('reports "starting" until the built client is there, then ok, and serves the page', async () => {
  cloneInto(home);
  expect(fs.existsSync(path.join(home, 'dist'))).toBe(false);
  db = await createTestDatabase();
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'error',
    DATABASE_URL: db.url,
    DATA_DIR: path.join(home, '.data'),
    PORT: String(port),
  };
  delete env.SERVE_CLIENT;
  let output = '';
  web = spawn(process.execPath, ['--import', 'tsx', 'api/src/server.ts'], { cwd: home, env, stdio: ['ignore', 'pipe', 'pipe'] });
  web.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  web.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const base = `http://127.0.0.1:${port}`;
  const health = () => fetch(`${base}/api/health`).catch(() => null);

  // Listening, the database migrated, the pages not there.
  await expect.poll(async () => (await health())?.status, { timeout: 60_000, interval: 200, message: output }).toBe(503);
  const starting = await health();
  expect(await starting!.json()).toEqual({ status: 'starting', message: "The shop's pages are still being built. Try again in a moment." });
  expect((await fetch(`${base}/`, { headers: { accept: 'text/html' } })).status).toBe(503);

  copyBuiltClient(home);
  const ready = await health();
  expect(ready!.status).toBe(200);
  expect(await ready!.json()).toEqual({ status: 'ok' });
  const page = await fetch(`${base}/`, { headers: { accept: 'text/html' } });
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('<div id="root">');
}, 120_000);
