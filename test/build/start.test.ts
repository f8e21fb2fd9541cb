/**
 * `npm start` (scripts/start.ts) as a person runs it in a terminal: with no DATABASE_URL it starts
 * embedded PostgreSQL and serves the shop; Ctrl-C, which a terminal sends to the whole process
 * group (embedded PostgreSQL and the worker included), stops everything and leaves nothing
 * running. It used to hang for 15 s: PostgreSQL had already stopped, and the shutdown waited for an
 * exit it had missed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { tempDataDir } from '../../scripts/embedded-postgres';
import { freePort } from '../helpers/net';

const REPO = path.resolve(import.meta.dirname, '../..');
/** Long enough for any orderly stop; the hang this guards against lasted 15 s. */
const STOP_WITHIN_MS = 8_000;

const dataDir = tempDataDir('bp-start-');
let shop: ChildProcess | null = null;

/** Processes started with this run's DATA_DIR in their environment (the shop and its worker children). */
function processesOfThisRun(): number[] {
  const found: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const environ = fs.readFileSync(`/proc/${entry}/environ`, 'latin1');
      if (environ.split('\0').includes(`DATA_DIR=${dataDir}`)) found.push(Number(entry));
    } catch {
      // gone, or not ours to read
    }
  }
  return found;
}

afterAll(() => {
  if (shop?.pid && shop.exitCode === null) process.kill(-shop.pid, 'SIGKILL');
  fs.rmSync(path.dirname(dataDir), { recursive: true, force: true }); // tempDataDir's folder, not only its pg/
});

it('serves the shop on embedded PostgreSQL, and Ctrl-C stops all of it', async () => {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  delete env.NODE_ENV;
  let output = '';
  // A process group of its own, as a terminal gives the command it runs.
  shop = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], { cwd: REPO, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  shop.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  shop.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => shop!.once('exit', (code) => resolve(code)));

  const base = `http://127.0.0.1:${port}`;
  await expect.poll(async () => (await fetch(`${base}/api/health`).catch(() => null))?.status, { timeout: 90_000, interval: 250 }).toBe(200);
  // The API answers a moment before the worker is up and the banner printed.
  await expect.poll(() => output, { timeout: 30_000 }).toContain(`Blueprint Shop is running on http://localhost:${port}`);
  const page = await fetch(`${base}/`);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('<div id="root">');
  expect(fs.existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(true);

  const pressed = Date.now();
  process.kill(-shop.pid!, 'SIGINT'); // Ctrl-C
  const code = await Promise.race([exited, new Promise<'still running'>((r) => setTimeout(() => r('still running'), STOP_WITHIN_MS))]);
  expect(code, output.slice(-2000)).toBe(0);
  expect(Date.now() - pressed).toBeLessThan(STOP_WITHIN_MS);
  // PostgreSQL shut down cleanly (its pid file goes last), and nothing of this run is left.
  await expect.poll(() => fs.existsSync(path.join(dataDir, 'pg', 'postmaster.pid')), { timeout: 5_000 }).toBe(false);
  await expect.poll(processesOfThisRun, { timeout: 5_000 }).toEqual([]);
}, 150_000);
