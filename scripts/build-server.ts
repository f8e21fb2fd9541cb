/**
 * `npm run build` (after `vite build`): bundles the three server processes to plain ESM JavaScript in
 * dist/server, so production runs `node` without a TypeScript loader:
 *   dist/server/web.js      the API and the built client (api/src/server.ts)
 *   dist/server/worker.js   graphile-worker (worker/src/main.ts), tasks in dist/server/tasks/*.js
 *   dist/server/migrate.js  the release step (scripts/migrate.ts)
 * Code shared between them is split into chunks beside them. Every npm package stays external (loaded
 * from node_modules at run time): pdfkit finds its fonts by path, the Noto fonts every PDF embeds are
 * read from their packages (api/src/core/lib/pdfFonts.ts), and mupdf has top-level await.
 * migrations/, worker/crontab and dist/web are read from the project root (api/src/core/lib/paths.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_OUT = path.join(ROOT, 'dist/server');
const TASKS = path.join(ROOT, 'worker/src/tasks');
/** Spawned by path, never imported: copied next to each bundle that holds analyze.ts. */
const PDF_CHILD = 'api/src/core/services/pdf/child.mjs';
const PDF_ANALYZE = 'api/src/core/services/pdf/analyze.ts';

/** Builds dist/server from scratch; returns the files written. */
export async function buildServer(): Promise<string[]> {
  fs.rmSync(SERVER_OUT, { recursive: true, force: true });
  const entryPoints: Record<string, string> = {
    web: path.join(ROOT, 'api/src/server.ts'),
    worker: path.join(ROOT, 'worker/src/main.ts'),
    migrate: path.join(ROOT, 'scripts/migrate.ts'),
  };
  for (const file of fs.readdirSync(TASKS)) {
    if (/^[a-z0-9_]+__[a-z0-9_]+\.ts$/.test(file)) entryPoints[`tasks/${file.replace(/\.ts$/, '')}`] = path.join(TASKS, file);
  }
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints,
    outdir: SERVER_OUT,
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
  });
  for (const [output, meta] of Object.entries(result.metafile.outputs)) {
    if (output.endsWith('.js') && Object.keys(meta.inputs).includes(PDF_ANALYZE)) {
      // The child process and every module it imports, beside the bundle that spawns it.
      for (const file of fs.readdirSync(path.join(ROOT, path.dirname(PDF_CHILD))).filter((f) => f.endsWith('.mjs'))) {
        fs.copyFileSync(path.join(ROOT, path.dirname(PDF_CHILD), file), path.join(ROOT, path.dirname(output), file));
      }
    }
  }
  return Object.keys(result.metafile.outputs).filter((f) => f.endsWith('.js'));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = Date.now();
  const files = await buildServer();
  console.log(`dist/server: ${files.length} files in ${Date.now() - started} ms`);
}
