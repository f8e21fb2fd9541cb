/** What the benchmark scripts share: a free port, waiting for a server, the shop's processes, a streamed upload, a median. */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { migrateDatabase } from '#core/lib/migrate';
import { freePort } from '#test/helpers/net';

export { freePort };

/** Resolves once `url` answers `ok(status)` (any status below 500 by default); throws after ~30 s. */
export async function waitForServer(url: string, ok: (status: number) => boolean = (status) => status < 500): Promise<void> {
  for (let i = 0; i <= 300; i++) {
    const answered = await fetch(url).then(
      (r) => ok(r.status),
      () => false,
    );
    if (answered) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer`);
}

/**
 * The framing of a bench upload, whose file is `%PDF-1.7` and then spaces: what
 * goes before the spaces (with the signature) and after them, and its Content-Type.
 */
function uploadForm(): { contentType: string; head: Buffer; tail: Buffer } {
  const boundary = `bench${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="pdf"; filename="Set.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n`,
  );
  return { contentType: `multipart/form-data; boundary=${boundary}`, head, tail: Buffer.from(`\r\n--${boundary}--\r\n`) };
}

/**
 * One multipart upload of `bytes` to POST /api/upload-pdf whose body is produced 64 kB at a time (the
 * client holds no 50 MB buffer). Resolves with the status and the JSON answer.
 */
export async function streamedUpload(base: string, bytes: number): Promise<{ status: number; body: { uploadId?: string } }> {
  const { contentType, head, tail } = uploadForm();
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  let sent = head.length;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(head);
    },
    pull(controller) {
      if (sent >= bytes) {
        controller.enqueue(tail);
        return controller.close();
      }
      const n = Math.min(chunk.length, bytes - sent);
      sent += n;
      controller.enqueue(chunk.subarray(0, n));
    },
  });
  const res = await fetch(`${base}/api/upload-pdf`, {
    method: 'POST',
    headers: { 'content-type': contentType },
    body,
    duplex: 'half',
  } as RequestInit);
  return { status: res.status, body: (await res.json().catch(() => ({}))) as { uploadId?: string } };
}

/**
 * An upload as a browser sends one from a page it has loaded: on a keep-alive connection that has
 * just carried a `GET /api/health`, with a counted body (Content-Length, as a browser sends a file)
 * produced 64 kB at a time. The connection is closed afterwards, so each upload is such a one.
 */
export async function uploadOnWarmConnection(base: string, bytes: number): Promise<{ status: number; body: { uploadId?: string } }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const ask = (method: string, pathname: string, headers: http.OutgoingHttpHeaders, write: (req: http.ClientRequest) => void) =>
    new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = http.request(new URL(pathname, base), { method, agent, headers }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      });
      req.on('error', reject);
      write(req);
    });
  try {
    await ask('GET', '/api/health', {}, (req) => req.end());
    const { contentType, head, tail } = uploadForm();
    const fill = Math.max(0, bytes - head.length);
    const headers = { 'content-type': contentType, 'content-length': head.length + fill + tail.length };
    const res = await ask('POST', '/api/upload-pdf', headers, (req) => {
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      let left = fill;
      req.write(head);
      const pump = () => {
        while (left > 0) {
          const n = Math.min(chunk.length, left);
          left -= n;
          if (!req.write(chunk.subarray(0, n))) return void req.once('drain', pump);
        }
        req.end(tail);
      };
      pump();
    });
    let body: { uploadId?: string } = {};
    try {
      body = JSON.parse(res.text);
    } catch {
      // an answer that is not JSON: the status says what happened
    }
    return { status: res.status, body };
  } finally {
    agent.destroy();
  }
}

/** The processes `pid` started (every thread's children), from /proc. */
export function childrenOf(pid: number): number[] {
  const tasks = fs.existsSync(`/proc/${pid}/task`) ? fs.readdirSync(`/proc/${pid}/task`) : [];
  return tasks.flatMap((task) => {
    const file = `/proc/${pid}/task/${task}/children`;
    return fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split(' ').filter(Boolean).map(Number) : [];
  });
}

/** CPU time a process has used so far (user + system), in milliseconds, from /proc/<pid>/stat. */
export function cpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces) start at the state, field 3; utime and stime are 14 and 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // Linux reports USER_HZ = 100 ticks a second
}

/** The middle value (the upper one of the two middles for an even count). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** The environment of a web process run as production runs it, on a bench's own database and data folder. */
export function productionWebEnv(input: { databaseUrl: string; port: number; dataDir: string }): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'production',
    DATABASE_URL: input.databaseUrl,
    PORT: String(input.port),
    DATA_DIR: input.dataDir,
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    SESSION_SECRET: randomBytes(32).toString('hex'),
    ADMIN_USERNAME: 'admin',
    ADMIN_PASSWORD: randomBytes(12).toString('hex'),
    // The benches measure the API: health need not wait for a built client.
    SERVE_CLIENT: 'false',
  };
}

/**
 * The real `web` and `worker` processes on a throw-away database and data folder: from the source as
 * `npm run dev` runs them, or (`built`) the build as production runs it; `stop()` kills both at once
 * (a worker would drain a running report first) and drops the database and the folder.
 */
export async function startShop(
  label: string,
  options: {
    /** Run the build (`node dist/server/web.js` and `worker.js`, NODE_ENV=production, `npm run build` first) instead of the source under tsx. */
    built?: boolean;
    /** More environment for both processes (an S3 store's, say). */
    env?: Record<string, string>;
  } = {},
): Promise<{ base: string; databaseUrl: string; webPid: number; stop(): Promise<void> }> {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `bp_bench_${randomBytes(4).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `bp-bench-${label}-`));
  const processes: ChildProcess[] = [];
  const stop = async () => {
    await Promise.all(
      processes.map(
        (p) => new Promise((resolve) => (p.exitCode !== null || p.signalCode !== null ? resolve(null) : (p.once('exit', resolve), p.kill('SIGKILL')))),
      ),
    );
    await admin.unsafe(`drop database if exists "${name}" with (force)`).catch(() => {});
    await admin.end({ timeout: 1 });
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await migrateDatabase(url.toString(), { includeCurrent: true });
    const port = await freePort();
    if (options.built) {
      const entries = ['dist/server/web.js', 'dist/server/worker.js'].map((entry) => path.join(root, entry));
      if (!entries.every((entry) => fs.existsSync(entry))) throw new Error('Run `npm run build` first: this bench runs the build.');
      const env = { ...productionWebEnv({ databaseUrl: url.toString(), port, dataDir }), ...options.env };
      for (const entry of entries) processes.push(spawn(process.execPath, [entry], { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] }));
    } else {
      const env = {
        ...process.env,
        DATABASE_URL: url.toString(),
        PORT: String(port),
        DATA_DIR: dataDir,
        LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
        NODE_ENV: 'development',
        SERVE_CLIENT: 'false',
        ...options.env,
      };
      for (const entry of ['api/src/server.ts', 'worker/src/main.ts']) {
        processes.push(spawn(process.execPath, ['--import', 'tsx', path.join(root, entry)], { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] }));
      }
    }
    const base = `http://127.0.0.1:${port}`;
    await waitForServer(`${base}/api/health`, (status) => status === 200);
    return { base, databaseUrl: url.toString(), webPid: processes[0].pid!, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
