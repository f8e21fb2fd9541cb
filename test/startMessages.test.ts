import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { afterEach, describe, expect, it } from 'vitest';
import { parseEnv } from '#shared/env';
import { freePort } from '#test/helpers/net';
import { makeDrawingPdf } from '#test/helpers/pdf';
import { asideDataDir, DataPlaceError, findDataPlace, placeRecord, type EmbeddedDatabase } from '../scripts/embedded-postgres';
import { startShopPostgres } from '../scripts/shopDatabase';
import { startNotices } from '../scripts/startMessages';

describe('what npm start prints', () => {
  it('prints the development admin password when it is the default', () => {
    const text = startNotices(parseEnv({})).join('\n');
    expect(text).toContain('admin sign-in: admin / blueprint-admin');
    expect(text).toContain('SOURCE_URL');
  });

  it('never prints a password set in ADMIN_PASSWORD, even while other defaults are in use', () => {
    const env = parseEnv({ ADMIN_PASSWORD: 'counter-secret-7', SOURCE_URL: 'https://github.com/example/blueprint-shop' });
    expect(env.defaultsUsed).toEqual(['SESSION_SECRET', 'ADMIN_USERNAME']);
    const text = startNotices(env).join('\n');
    expect(text).not.toContain('counter-secret-7');
    expect(text).toContain('admin sign-in: admin (password from ADMIN_PASSWORD)');
    expect(text).not.toContain('the footer links');
  });
});

const isRoot = process.getuid?.() === 0;
const REPO = path.resolve(import.meta.dirname, '..');

/** `npm start` (scripts/start.ts) as a child on `dataRoot`, once it says the shop is running. */
async function npmStart(dataRoot: string, port: number): Promise<{ child: ChildProcess; output: () => string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataRoot, PORT: String(port), LOG_LEVEL: 'silent' };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], { cwd: REPO, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let text = '';
  child.stdout!.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (text += chunk.toString()));
  for (let i = 0; !text.includes('Blueprint Shop is running'); i++) {
    if (i > 1200 || child.exitCode !== null) throw new Error(`npm start did not start:\n${text}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, output: () => text };
}

/** Stops a start as Ctrl-C would (SIGINT drains the worker and stops PostgreSQL). */
async function stopStart(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGINT');
  await exited;
}

describe("where npm start keeps PostgreSQL's data", () => {
  // Each test's project folder ("a clone") and the OS temp folder's place for its data, removed after it.
  const made: string[] = [];
  const running: EmbeddedDatabase[] = [];
  const starts: ChildProcess[] = [];
  afterEach(async () => {
    for (const child of starts.splice(0)) await stopStart(child);
    for (const db of running.splice(0)) await db.stop().catch(() => {});
    for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });
  /** A fresh clone with no .data/ yet, in a folder with `mode`; its DATA_DIR. */
  function clone(mode: number): string {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-clone-'));
    fs.chmodSync(dir, mode);
    const dataRoot = path.join(dir, '.data');
    made.push(dir, path.dirname(asideDataDir(path.join(dataRoot, 'pg'))));
    return dataRoot;
  }
  /** A folder that looks like a cluster's data to the start (it holds PG_VERSION). */
  function fakeCluster(dir: string): void {
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'PG_VERSION'), '18\n');
  }

  it.each([
    ['a folder others may enter', 0o755],
    ['a folder only its owner may enter', 0o700],
  ])(
    'keeps one database across a restart from %s: the row written before the stop is there after it',
    async (_name, mode) => {
      const dataRoot = clone(mode);
      const inPlace = path.join(dataRoot, 'pg');
      // As root the postgres user runs the cluster, and it cannot enter a 0700 folder.
      const expected = isRoot && mode === 0o700 ? asideDataDir(inPlace) : inPlace;

      const said: string[] = [];
      const first = await startShopPostgres(dataRoot, (line) => said.push(line));
      running.push(first);
      expect(first.place).toMatchObject({ dir: expected, how: 'new' });
      let sql = postgres(first.url, { max: 1, onnotice: () => {} });
      await sql`create table kept (note text)`;
      await sql`insert into kept values ('order 1001')`;
      await sql.end();
      await first.stop();
      // The shop's first upload makes .data/files (local storage), so the next start finds .data/.
      fs.mkdirSync(path.join(dataRoot, 'files'), { recursive: true });

      const second = await startShopPostgres(dataRoot, (line) => said.push(line));
      running.push(second);
      expect(second.place).toMatchObject({ dir: expected, how: 'recorded' });
      sql = postgres(second.url, { max: 1, onnotice: () => {} });
      expect(await sql`select note from kept`).toEqual([{ note: 'order 1001' }]);
      await sql.end();
      expect(said).toHaveLength(2);
      for (const line of said) expect(line).toContain(`PostgreSQL's data: ${expected}`);
      expect(fs.readFileSync(placeRecord(inPlace), 'utf8').trim()).toBe(expected);
    },
    60_000,
  );

  it('keeps the accounts of the first npm start of a fresh clone in a folder others may enter after a restart', async () => {
    const dataRoot = clone(0o755);
    const port = await freePort();
    const account = { email: 'first-run@example.com', password: 'kept across restarts', firstName: 'First', lastName: 'Run' };
    const first = await npmStart(dataRoot, port);
    starts.push(first.child);
    const registered = await fetch(`http://127.0.0.1:${port}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: `http://127.0.0.1:${port}` },
      body: JSON.stringify(account),
    });
    expect(registered.status).toBe(201);
    // The first upload makes .data/files: a start that chose its database by whether .data/ exists chose again.
    const form = new FormData();
    form.append('pdf', new Blob([new Uint8Array(await makeDrawingPdf({ pages: 1 }))], { type: 'application/pdf' }), 'sheet.pdf');
    const uploaded = await fetch(`http://127.0.0.1:${port}/api/upload-pdf`, { method: 'POST', headers: { origin: `http://127.0.0.1:${port}` }, body: form });
    expect(uploaded.status).toBe(202);
    expect(fs.existsSync(path.join(dataRoot, 'files'))).toBe(true);
    await stopStart(first.child);

    const second = await npmStart(dataRoot, port);
    starts.push(second.child);
    const login = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: `http://127.0.0.1:${port}` },
      body: JSON.stringify({ email: account.email, password: account.password }),
    });
    expect(login.status).toBe(200);
    const place = `PostgreSQL's data: ${path.join(dataRoot, 'pg')} (`;
    expect(first.output()).toContain(`${place}a new, empty database`);
    expect(second.output()).toContain(`${place}the database of every start of this folder`);
  }, 180_000);

  it('stops with a sentence naming both places when a start finds data in two', async () => {
    const dataRoot = clone(0o755);
    const inPlace = path.join(dataRoot, 'pg');
    fakeCluster(inPlace);
    fakeCluster(asideDataDir(inPlace));
    const start = startShopPostgres(dataRoot, () => {});
    await expect(start).rejects.toBeInstanceOf(DataPlaceError);
    const message = (await start.catch((error: Error) => error)) as Error;
    expect(message.message).toContain(`in two places: ${inPlace}`);
    expect(message.message).toContain(asideDataDir(inPlace));
    expect(message.message).toContain('Keep the one that holds your shop');
    // Nothing was started or recorded on the way.
    expect(fs.existsSync(placeRecord(inPlace))).toBe(false);
  });

  it('uses the data a start before this change left under the OS temp folder rather than start an empty database', () => {
    const dataRoot = clone(0o755);
    const inPlace = path.join(dataRoot, 'pg');
    fs.mkdirSync(dataRoot); // the second start of old found .data/ and started afresh beside it
    fakeCluster(asideDataDir(inPlace));
    expect(findDataPlace(inPlace)).toMatchObject({ dir: asideDataDir(inPlace), how: 'found', aside: true });
  });

  it('stops instead of starting an empty database when the recorded data has gone', async () => {
    const dataRoot = clone(0o755);
    const inPlace = path.join(dataRoot, 'pg');
    fs.mkdirSync(dataRoot);
    fs.writeFileSync(placeRecord(inPlace), `${asideDataDir(inPlace)}\n`);
    await expect(startShopPostgres(dataRoot, () => {})).rejects.toThrow(
      `was in ${asideDataDir(inPlace)} (recorded in ${placeRecord(inPlace)}) and is no longer there`,
    );
    expect(fs.existsSync(inPlace)).toBe(false);
  });
});
