/**
 * `npm run build` (after `vite build`): bundles the three server processes to plain ESM JavaScript in
 * dist/server, so production runs `node` without a TypeScript loader:
 *   dist/server/web.js      the API and the built client (api/src/server.ts)
 *   dist/server/worker.js   graphile-worker (worker/src/main.ts), tasks in dist/server/tasks/*.js
 *   dist/server/migrate.js  the release step (scripts/migrate.ts)
 *   dist/server/pdf/child.js, pdf/reporter.js  the MuPDF child the worker spawns, and its report
 *                           threads (core/services/pdf/child.ts, reporter.ts): started by path,
 *                           never imported, so entries of their own
 * Code shared between them is split into chunks beside them. Every npm package stays external (loaded
 * from node_modules at run time): pdfkit finds its fonts by path, the Noto fonts every PDF embeds are
 * read from their packages (core/lib/pdfFonts.ts), and mupdf has top-level await.
 * migrations/, worker/crontab and dist/web are read from the project root (core/lib/paths.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type BuildOptions } from 'esbuild';
import { PDF_CHILD_ENTRY, PDF_REPORTER_ENTRY } from '#core/services/pdf/entries';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_OUT = path.join(ROOT, 'dist/server');
const TASKS = path.join(ROOT, 'worker/src/tasks');
const PDF = path.join(ROOT, 'core/services/pdf');

/** The MuPDF child and its report threads: spawned and started by path, never imported. */
export const PDF_ENTRIES: Record<string, string> = {
  [PDF_CHILD_ENTRY]: path.join(PDF, 'child.ts'),
  [PDF_REPORTER_ENTRY]: path.join(PDF, 'reporter.ts'),
};

/** How every server entry is built (`entryPoints` into `outdir`). */
export function serverBuildOptions(entryPoints: Record<string, string>, outdir: string): BuildOptions & { metafile: true } {
  return {
    absWorkingDir: ROOT,
    entryPoints,
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    outExtension: { '.js': '.js' },
    chunkNames: '[name]-[hash]',
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'warning',
    // The API's error pages and logs name functions; keep names readable.
    keepNames: true,
  };
}

/** Builds dist/server from scratch; returns the files written. */
export async function buildServer(): Promise<string[]> {
  fs.rmSync(SERVER_OUT, { recursive: true, force: true });
  const entryPoints: Record<string, string> = {
    web: path.join(ROOT, 'api/src/server.ts'),
    worker: path.join(ROOT, 'worker/src/main.ts'),
    migrate: path.join(ROOT, 'scripts/migrate.ts'),
    ...PDF_ENTRIES,
  };
  for (const file of fs.readdirSync(TASKS)) {
    if (/^[a-z0-9_]+__[a-z0-9_]+\.ts$/.test(file)) entryPoints[`tasks/${file.replace(/\.ts$/, '')}`] = path.join(TASKS, file);
  }
  const result = await build(serverBuildOptions(entryPoints, SERVER_OUT));
  return Object.keys(result.metafile.outputs).filter((f) => f.endsWith('.js'));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = Date.now();
  const files = await buildServer();
  console.log(`dist/server: ${files.length} files in ${Date.now() - started} ms`);
}
