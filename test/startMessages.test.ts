import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { afterEach, describe, expect, it } from 'vitest';
import { parseEnv } from '#shared/env';
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

describe("where npm start keeps PostgreSQL's data", () => {
  // Each test's project folder ("a clone") and the OS temp folder's place for its data, removed after it.
  const made: string[] = [];
  const running: EmbeddedDatabase[] = [];
  afterEach(async () => {
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
