/**
 * `npm start` (scripts/start.ts) as a person runs it in a terminal, in a copy of the project cloned
 * into a folder only its owner may enter (`mktemp -d` gives one; so is /root), configured by a
 * `.env` file: with no DATABASE_URL it starts embedded PostgreSQL and serves the shop. As root,
 * PostgreSQL runs as the `postgres` user, which cannot enter that folder: it used to crash with an
 * unhandled `spawn …/initdb EACCES`. Ctrl-C, which a terminal sends to the whole process group
 * (embedded PostgreSQL and the worker included), stops everything and leaves nothing
 * running; it used to hang for 15 s (PostgreSQL had already stopped, and the shutdown waited for an
 * exit it had missed).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { freePort } from '../helpers/net';
import { cloneInto, copyBuiltClient } from './clone';

/** Long enough for any orderly stop; the hang this guards against lasted 15 s. */
const STOP_WITHIN_MS = 8_000;

/** Marks every process of this run (the shop, its worker children, PostgreSQL). */
const RUN_MARK = `BP_START_TEST=${randomUUID()}`;
const home = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-clone-'));
const clone = path.join(home, 'blueprint-shop');
let shop: ChildProcess | null = null;
let pgData: string | null = null;

/** Processes whose environment carries this run's mark. */
function processesOfThisRun(): number[] {
  const found: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const environ = fs.readFileSync(`/proc/${entry}/environ`, 'latin1');
      if (environ.split('\0').includes(RUN_MARK)) found.push(Number(entry));
    } catch {
      // gone, or not ours to read
    }
  }
  return found;
}

afterAll(() => {
  if (shop?.pid && shop.exitCode === null) process.kill(-shop.pid, 'SIGKILL');
  // Whatever of this run is still up when a check failed (PostgreSQL runs as its own user and group).
  for (const pid of processesOfThisRun()) process.kill(pid, 'SIGKILL');
  fs.rmSync(home, { recursive: true, force: true });
  if (pgData) fs.rmSync(path.dirname(pgData), { recursive: true, force: true });
});

it('starts from a clone in a folder only its owner may enter, serves the shop on embedded PostgreSQL, and Ctrl-C stops all of it', async () => {
  // The client already built, so the test spends its time starting the shop.
  cloneInto(clone);
  copyBuiltClient(clone);
  expect(fs.statSync(home).mode & 0o777).toBe(0o700);
  const port = await freePort();
  // Configured the way the README says: a .env file at the project root.
  fs.writeFileSync(path.join(clone, '.env'), `PORT=${port}\nLOG_LEVEL=warn\n`);
  const [markName, markValue] = RUN_MARK.split('=');
  const env: NodeJS.ProcessEnv = { ...process.env, [markName]: markValue };
  for (const key of ['DATABASE_URL', 'NODE_ENV', 'PORT', 'DATA_DIR', 'LOG_LEVEL']) delete env[key];
  let output = '';
  // A process group of its own, as a terminal gives the command it runs.
  // `npm start` runs this (through tsx's CLI); node itself, so the exit code is the shop's own.
  shop = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], { cwd: clone, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  shop.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  shop.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => shop!.once('exit', (code) => resolve(code)));

  const base = `http://127.0.0.1:${port}`;
  await expect.poll(async () => (await fetch(`${base}/api/health`).catch(() => null))?.status, { timeout: 90_000, interval: 250, message: output }).toBe(200);
  // The API answers a moment before the worker is up and the banner printed.
  await expect.poll(() => output, { timeout: 30_000 }).toContain(`Blueprint Shop is running on http://localhost:${port}`);
  expect(output).not.toMatch(/EACCES/);
  const page = await fetch(`${base}/`);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('<div id="root">');
  // Every start says where PostgreSQL's files are (as root, where the postgres user can reach them).
  const place = /PostgreSQL's data: (\S+) \(/.exec(output)?.[1];
  expect(place, output).toBeTruthy();
  pgData = place ?? path.join(clone, '.data', 'pg');
  expect(fs.existsSync(path.join(pgData, 'postmaster.pid'))).toBe(true);

  const pressed = Date.now();
  process.kill(-shop.pid!, 'SIGINT'); // Ctrl-C
  const code = await Promise.race([exited, new Promise<'still running'>((r) => setTimeout(() => r('still running'), STOP_WITHIN_MS))]);
  expect(code, output.slice(-2000)).toBe(0);
  expect(Date.now() - pressed).toBeLessThan(STOP_WITHIN_MS);
  // PostgreSQL shut down cleanly (its pid file goes last), and nothing of this run is left.
  await expect.poll(() => fs.existsSync(path.join(pgData!, 'postmaster.pid')), { timeout: 5_000 }).toBe(false);
  await expect.poll(processesOfThisRun, { timeout: 5_000 }).toEqual([]);
}, 150_000);
