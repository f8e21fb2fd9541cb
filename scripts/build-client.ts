/** Builds the client with Vite when dist/web is missing or older than any client source. */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT = path.join(ROOT, 'dist/web/index.html');
const SOURCES = ['web', 'shared', 'vite.config.ts', 'package.json'];

function newestMtime(target: string): number {
  const stat = fs.statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) {
    if (entry === 'node_modules') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

/** True when the built client is missing or older than its sources. */
export function clientIsStale(): boolean {
  const built = fs.statSync(OUT, { throwIfNoEntry: false });
  if (!built) return true;
  return SOURCES.some((s) => newestMtime(path.join(ROOT, s)) > built.mtimeMs);
}

/** Builds when stale; returns whether it built. */
export async function buildClientIfStale(log: (m: string) => void = console.log): Promise<boolean> {
  if (!clientIsStale()) return false;
  log('Building the client (vite build)…');
  const { build } = await import('vite');
  // Always the production build (minified React), even when called under vitest (NODE_ENV=test).
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ configFile: path.join(ROOT, 'vite.config.ts'), logLevel: 'warn', mode: 'production' });
  } finally {
    if (previous === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = previous;
  }
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  buildClientIfStale().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
