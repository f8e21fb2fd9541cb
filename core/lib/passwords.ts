/**
 * Password hashing with scrypt (N=2^17, r=8, p=1) from node:crypto, off the event loop.
 * Format: scrypt$N$r$p$salt$hash (base64url), so parameters can be raised later.
 *
 * node:crypto's scrypt runs on libuv's thread pool (4 threads), which file reads, DNS lookups and
 * zlib share: eight sign-ins at once would hold all four threads for ~0.4 s each, round after round,
 * and a static file would wait behind them. So at most HASHES_AT_ONCE hashes run at a time; the rest
 * wait in a queue on the event loop (costing nothing), leaving the other threads for I/O.
 */
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const N = 2 ** 17;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;
// 128 * N * r bytes = 128 MiB; allow a little more than that.
const MAX_MEM = 256 * 1024 * 1024;

/** Concurrent scrypt hashes per process: half of libuv's default pool of 4. */
export const HASHES_AT_ONCE = 2;
let running = 0;
const waiting: (() => void)[] = [];

/** Runs `work` when fewer than HASHES_AT_ONCE hashes are running; first come, first served. */
async function inHashQueue<T>(work: () => Promise<T>): Promise<T> {
  if (running >= HASHES_AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  else running += 1;
  try {
    return await work();
  } finally {
    // Hand the slot straight to the next in line (running stays the same), or free it.
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

function scrypt(password: string, salt: Buffer, keylen: number, options: ScryptOptions): Promise<Buffer> {
  return inHashQueue(() => new Promise((resolve, reject) => scryptCb(password, salt, keylen, options, (error, key) => (error ? reject(error) : resolve(key)))));
}

/** Hashes a password for storage. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEY_LENGTH, { N, r: R, p: P, maxmem: MAX_MEM });
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

/** A hash of a random password: compare against it when the account is unknown, for equal timing. */
let dummyHash: Promise<string> | null = null;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return dummyHash;
}

/** True when `password` matches `stored`; false for any malformed hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, n, r, p, saltB64, keyB64] = parts;
  const expected = Buffer.from(keyB64, 'base64url');
  const key = await scrypt(password, Buffer.from(saltB64, 'base64url'), expected.length, { N: Number(n), r: Number(r), p: Number(p), maxmem: MAX_MEM });
  return key.length === expected.length && timingSafeEqual(key, expected);
}
