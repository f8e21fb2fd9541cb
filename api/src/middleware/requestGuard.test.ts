import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const file = (relative: string) => JSON.stringify(path.join(ROOT, relative));

/**
 * A web process in miniature: the process guards and the request guard, a route that leaves an
 * error over as busboy once did (a stream fed from the request errors a tick after the body ends,
 * and nobody listens), and a route that answers. With THROW_OUTSIDE, a timer outside any request throws.
 */
const SERVER = `
import express from ${file('node_modules/express/index.js')};
import { PassThrough } from 'node:stream';
import { installProcessGuards } from ${file('core/lib/processGuards.ts')};
import { installRequestGuard } from ${file('api/src/middleware/requestGuard.ts')};
import { createLogger } from ${file('core/lib/logger.ts')};
installProcessGuards(createLogger('error'));
const app = express();
installRequestGuard(app);
app.post('/left-over', (req) => {
  const parser = new PassThrough();
  req.on('end', () => parser.destroy(new Error('Unexpected end of form')));
  req.resume();
});
app.get('/ok', (_req, res) => void res.json({ ok: true }));
const server = app.listen(0, '127.0.0.1', () => {
  console.log(JSON.stringify({ port: server.address().port }));
  if (process.env.THROW_OUTSIDE) setTimeout(() => { throw new Error('a bug outside any request'); }, 200);
});
`;

let child: ChildProcessWithoutNullStreams | null = null;
let dir: string | null = null;
afterEach(() => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
  child = null;
  dir = null;
});

async function startServer(env: Record<string, string> = {}): Promise<{ url: string; child: ChildProcessWithoutNullStreams; stderr: () => string }> {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-guard-'));
  const script = path.join(dir, 'server.mts');
  fs.writeFileSync(script, SERVER);
  const started = spawn(process.execPath, ['--import', 'tsx', script], { cwd: ROOT, env: { ...process.env, ...env } });
  child = started;
  let stderr = '';
  started.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const port = await new Promise<number>((resolve, reject) => {
    started.stdout.once('data', (d: Buffer) => resolve((JSON.parse(d.toString()) as { port: number }).port));
    started.once('exit', () => reject(new Error(`the server exited: ${stderr}`)));
  });
  return { url: `http://127.0.0.1:${port}`, child: started, stderr: () => stderr };
}

describe('the process guard of a web process', () => {
  it('answers 500 to a request that leaves a stream error over, logs it, and keeps serving', { timeout: 60_000 }, async () => {
    const server = await startServer();
    const failed = await fetch(`${server.url}/left-over`, { method: 'POST', body: 'a body' });
    expect(failed.status).toBe(500);
    expect(((await failed.json()) as { message: string }).message).toMatch(/went wrong on our side/);
    for (let i = 0; i < 3; i++) expect((await fetch(`${server.url}/ok`)).status).toBe(200);
    expect(server.child.exitCode).toBeNull();
    expect(server.stderr()).toMatch(/uncaught exception in POST \/left-over \(continuing/);
  });

  it('still ends the process on an uncaught exception outside any request', { timeout: 60_000 }, async () => {
    const server = await startServer({ THROW_OUTSIDE: '1' });
    const code = await new Promise<number | null>((resolve) => server.child.once('exit', resolve));
    expect(code).toBe(1);
    expect(server.stderr()).toMatch(/uncaught exception, exiting/);
  });
});
