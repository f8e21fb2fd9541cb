/**
 * Static-file latency while 8 failed sign-ins hash their passwords at once (docs/decisions/013-sign-in-throttling.md). One Express
 * process serves a 64 KB file with express.static (stat, open, read and close run on libuv's thread
 * pool, as the shop's client files do) and a sign-in route that checks a wrong password against a
 * stored scrypt hash (N=2^17, r=8, p=1, 128 MiB). Three phases, each `--seconds` long:
 *   idle     no sign-ins;
 *   before   8 clients sign in back to back, scrypt called straight on the thread pool (the old code);
 *   after    the same, through core/lib/passwords.ts (at most HASHES_AT_ONCE hashes at a time).
 * A ninth client fetches the static file one request after another and records each latency.
 *
 *   npx tsx bench/password-hashing.ts                  # 10 s per phase
 *   npx tsx bench/password-hashing.ts --seconds 20
 *
 * No database: the sign-in route does only the hash, so the figures are the thread pool's alone.
 */
import { randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import { createPasswordHasher, HASHES_AT_ONCE } from '#core/lib/passwords';
import { PRODUCTION_PASSWORD_HASH_LOG_N } from '#shared/env';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const SECONDS = arg('seconds', 10);
const SIGN_INS_AT_ONCE = 8;

/** The old verifyPassword: scrypt straight on the thread pool, as many at once as requests arrive. */
function verifyUnqueued(password: string, stored: string): Promise<boolean> {
  const [, n, r, p, saltB64, keyB64] = stored.split('$');
  const expected = Buffer.from(keyB64, 'base64url');
  return new Promise((resolve, reject) =>
    scryptCb(
      password,
      Buffer.from(saltB64, 'base64url'),
      expected.length,
      { N: Number(n), r: Number(r), p: Number(p), maxmem: 256 * 1024 * 1024 },
      (error, key) => (error ? reject(error) : resolve(timingSafeEqual(key, expected))),
    ),
  );
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-bench-hash-'));
  fs.writeFileSync(path.join(dir, 'app.js'), randomBytes(64 * 1024));
  const passwords = createPasswordHasher(PRODUCTION_PASSWORD_HASH_LOG_N);
  const stored = await passwords.hash('the right password');
  let mode: 'before' | 'after' = 'after';
  let signIns = 0;

  const app = express();
  app.use('/assets', express.static(dir, { maxAge: 0, etag: false, lastModified: false }));
  app.post('/login', async (_req, res) => {
    const ok = mode === 'before' ? await verifyUnqueued('a wrong guess', stored) : await passwords.verify('a wrong guess', stored);
    signIns += 1;
    res.status(ok ? 200 : 401).json({ ok });
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  async function phase(name: 'idle' | 'before' | 'after') {
    if (name !== 'idle') mode = name;
    signIns = 0;
    const until = Date.now() + SECONDS * 1000;
    const guessers =
      name === 'idle'
        ? []
        : Array.from({ length: SIGN_INS_AT_ONCE }, async () => {
            while (Date.now() < until) await fetch(`${base}/login`, { method: 'POST' }).then((r) => r.arrayBuffer());
          });
    const latencies: number[] = [];
    while (Date.now() < until) {
      const started = performance.now();
      const res = await fetch(`${base}/assets/app.js`);
      await res.arrayBuffer();
      latencies.push(performance.now() - started);
    }
    await Promise.all(guessers);
    latencies.sort((a, b) => a - b);
    return {
      name,
      files: latencies.length,
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      p99: percentile(latencies, 99),
      max: latencies[latencies.length - 1],
      signInsPerSecond: signIns / SECONDS,
    };
  }

  const rows = [await phase('idle'), await phase('before'), await phase('after')];
  server.close();
  fs.rmSync(dir, { recursive: true, force: true });

  const ms = (v: number) => `${v.toFixed(1)} ms`;
  process.stdout.write(
    `\nStatic file (64 KB) latency, ${SECONDS} s per phase, ${SIGN_INS_AT_ONCE} failed sign-ins at a time; libuv pool ${process.env.UV_THREADPOOL_SIZE ?? 4}, hashes at once (after): ${HASHES_AT_ONCE}; ${os.cpus().length} CPUs, load ${os.loadavg()[0].toFixed(1)}\n\n`,
  );
  process.stdout.write('| phase | files served | p50 | p95 | p99 | max | failed sign-ins/s |\n|---|---:|---:|---:|---:|---:|---:|\n');
  for (const r of rows)
    process.stdout.write(`| ${r.name} | ${r.files} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p99)} | ${ms(r.max)} | ${r.signInsPerSecond.toFixed(2)} |\n`);
}

await main();
