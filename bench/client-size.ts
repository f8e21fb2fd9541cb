/**
 * How much JavaScript the landing page ships, gzipped: the budget is 150 KB.
 *
 * Builds the client with Vite into a temporary folder (the shared dist/web is left alone) with a
 * manifest, then follows the manifest from the entry (index.html) and the Landing route chunk
 * through their static imports. Dynamic imports (other routes, the signed-in dashboard, Stripe.js
 * on /checkout) are not loaded by the landing page and are not counted. Also checks that no chunk
 * the landing page loads mentions js.stripe.com.
 *
 *   npx tsx bench/client-size.ts            # prints the table
 *   npx tsx bench/client-size.ts --write    # also rewrites bench/results-client.md
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { build } from 'vite';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The landing page's JavaScript budget, gzipped. */
export const BUDGET_BYTES = 150 * 1024;

type ManifestChunk = { file: string; src?: string; isEntry?: boolean; isDynamicEntry?: boolean; imports?: string[]; dynamicImports?: string[]; css?: string[] };
type Manifest = Record<string, ManifestChunk>;

/** Every chunk key reachable from `start` through static imports. */
function staticClosure(manifest: Manifest, start: string, seen = new Set<string>()): Set<string> {
  if (seen.has(start)) return seen;
  seen.add(start);
  for (const dep of manifest[start]?.imports ?? []) staticClosure(manifest, dep, seen);
  return seen;
}

export type SizeRow = { file: string; role: string; rawBytes: number; gzipBytes: number };

/** Builds and measures; returns the rows and the total. */
export async function measureLandingJs(): Promise<{ rows: SizeRow[]; totalGzip: number; totalRaw: number; allJsGzip: number; stripeOnLanding: boolean }> {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-client-size-'));
  // Vite (and the React plugin) build development React when NODE_ENV says so, as it does under
  // vitest (NODE_ENV=test); what ships is the production build, so measure that.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      configFile: path.join(ROOT, 'vite.config.ts'),
      logLevel: 'warn',
      build: { outDir, emptyOutDir: true, manifest: true },
    });
    const manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
    const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
    const landingKey = Object.keys(manifest).find((k) => k.endsWith('pages/Landing.tsx'));
    if (!entryKey || !landingKey) throw new Error('manifest has no entry or no Landing chunk');
    const keys = new Set([...staticClosure(manifest, entryKey), ...staticClosure(manifest, landingKey)]);
    const rows: SizeRow[] = [...keys].map((key) => {
      const bytes = fs.readFileSync(path.join(outDir, manifest[key].file));
      const role = key === entryKey ? 'entry' : key === landingKey ? 'Landing route' : 'shared import';
      return { file: manifest[key].file.replace(/-[\w-]{8}\.js$/, '.js'), role, rawBytes: bytes.length, gzipBytes: zlib.gzipSync(bytes, { level: 9 }).length };
    });
    rows.sort((a, b) => b.gzipBytes - a.gzipBytes);
    const stripeOnLanding = [...keys].some((key) => fs.readFileSync(path.join(outDir, manifest[key].file), 'utf8').includes('js.stripe.com'));
    const allJs = fs.readdirSync(path.join(outDir, 'assets')).filter((f) => f.endsWith('.js'));
    const allJsGzip = allJs.reduce((sum, f) => sum + zlib.gzipSync(fs.readFileSync(path.join(outDir, 'assets', f)), { level: 9 }).length, 0);
    return {
      rows,
      totalGzip: rows.reduce((s, r) => s + r.gzipBytes, 0),
      totalRaw: rows.reduce((s, r) => s + r.rawBytes, 0),
      allJsGzip,
      stripeOnLanding,
    };
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
    fs.rmSync(outDir, { recursive: true, force: true });
  }
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

function report(r: Awaited<ReturnType<typeof measureLandingJs>>): string {
  const lines = [
    '| chunk | role | raw | gzip |',
    '|---|---|---:|---:|',
    ...r.rows.map((row) => `| ${row.file} | ${row.role} | ${kb(row.rawBytes)} | ${kb(row.gzipBytes)} |`),
    `| **total** | | ${kb(r.totalRaw)} | **${kb(r.totalGzip)}** |`,
  ];
  return [
    ...lines,
    '',
    `Budget: ${kb(BUDGET_BYTES)} gzipped → ${r.totalGzip <= BUDGET_BYTES ? 'within budget' : 'OVER BUDGET'} (${Math.round((100 * r.totalGzip) / BUDGET_BYTES)}%).`,
    `Stripe.js referenced by a landing chunk: ${r.stripeOnLanding ? 'YES (should only load on /checkout)' : 'no'}.`,
    `All JavaScript of every route together: ${kb(r.allJsGzip)} gzipped.`,
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await measureLandingJs();
  const text = report(result);
  console.log(text);
  if (process.argv.includes('--write')) {
    const md = [
      '# Client size: JavaScript the landing page loads',
      '',
      `Measured ${new Date().toISOString().slice(0, 10)} with \`npx tsx bench/client-size.ts --write\` (a production Vite build; gzip level 9;`,
      'the entry chunk, the Landing route chunk and their static imports, read from the Vite manifest).',
      '',
      text,
      '',
    ].join('\n');
    fs.writeFileSync(path.join(ROOT, 'bench/results-client.md'), md);
  }
  if (result.totalGzip > BUDGET_BYTES || result.stripeOnLanding) process.exitCode = 1;
}
