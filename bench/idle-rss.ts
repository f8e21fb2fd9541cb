/**
 * Idle resident memory of the `web` and `worker` processes: from the build (`node dist/server/*.js`,
 * run `npm run build` first) and from the source through tsx (as `npm start` and the old Procfile
 * did). Each process starts on a throw-away database on BENCH_DATABASE_URL's server (default: the
 * PostgreSQL at 127.0.0.1:5432) with the built-in providers (no provider keys set), sits idle for
 * 5 s, and its VmRSS is read from /proc (for tsx: the node child that runs the code, and tsx's parent
 * apart). The worker's spare MuPDF child process is not counted.
 *
 *   npx tsx bench/idle-rss.ts
 */
import { childrenOf, freePort } from './kit';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { migrateDatabase } from '#core/lib/migrate';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const IDLE_MS = 5_000;

function rssKb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
}

/** RSS in MB of the process that runs our code (for tsx: its node child), and of tsx's own parent process. */
async function measure(argv: string[], env: NodeJS.ProcessEnv, viaTsx: boolean): Promise<{ code: number; loader: number }> {
  const child: ChildProcess = spawn(argv[0], argv.slice(1), { cwd: ROOT, env, stdio: 'ignore' });
  await new Promise((r) => setTimeout(r, IDLE_MS));
  const pid = child.pid as number;
  // The worker's spare MuPDF child (a grandchild under tsx) is a process of its own: not counted.
  const codePid = viaTsx ? childrenOf(pid).find((c) => fs.readFileSync(`/proc/${c}/comm`, 'utf8').trim() === 'node') : pid;
  if (!codePid) throw new Error(`no node process under ${argv.join(' ')}`);
  const result = { code: rssKb(codePid) / 1024, loader: viaTsx ? rssKb(pid) / 1024 : 0 };
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  return result;
}

const name = `bp_bench_rss_${randomBytes(4).toString('hex')}`;
const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
await admin.unsafe(`create database "${name}"`);
const u = new URL(ADMIN_URL);
u.pathname = `/${name}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-rss-'));
try {
  await migrateDatabase(u.toString());
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    DATABASE_URL: u.toString(),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SESSION_SECRET: 'bench-session-secret-0123456789abcdef',
    ADMIN_USERNAME: 'admin',
    ADMIN_PASSWORD: 'bench-admin-password',
  };
  const tsx = path.join(ROOT, 'node_modules/.bin/tsx');
  const rows: string[] = [];
  for (const [label, web, worker, viaTsx] of [
    ['build (node dist/server)', ['node', 'dist/server/web.js'], ['node', 'dist/server/worker.js'], false],
    ['source (tsx)', [tsx, 'api/src/server.ts'], [tsx, 'worker/src/main.ts'], true],
  ] as const) {
    const w = await measure([...web], { ...env, PORT: String(await freePort()) }, viaTsx);
    const k = await measure([...worker], env, viaTsx);
    const plus = (m: { loader: number }) => (viaTsx ? ` (+ ${m.loader.toFixed(1)} MB tsx parent)` : '');
    rows.push(`| ${label} | ${w.code.toFixed(1)} MB${plus(w)} | ${k.code.toFixed(1)} MB${plus(k)} |`);
  }
  console.log(`| process from | web idle RSS | worker idle RSS |\n|---|---|---|\n${rows.join('\n')}`);
} finally {
  await admin.unsafe(`drop database if exists "${name}" with (force)`);
  await admin.end();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
