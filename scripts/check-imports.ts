/**
 * The import rules of docs/architecture.md, checked on every `npm test`:
 * - no import circles anywhere (a file never reaches itself through relative imports);
 * - the server core (api/src/core) imports only itself and shared/;
 * - worker/ imports the core and shared/, never HTTP code (routes, middleware, presenters, app, server);
 * - web/ imports only web/ and shared/; shared/ imports only shared/;
 * - a route file never imports another route file (only routes/index.ts, the list of routers, does).
 * Prints each breach and exits 1, so a new circle or a leak between layers fails CI.
 */
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const SOURCE_DIRS = ['api', 'worker', 'shared', 'web/src', 'scripts', 'test', 'bench'];
const EXTENSIONS = ['', '.ts', '.tsx', '.mjs', '/index.ts', '/index.tsx'];
const IMPORT =
  /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"]((?:\.{1,2}|#core|#shared|#test)\/[^'"]+)['"]|import\(\s*['"]((?:\.{1,2}|#core|#shared|#test)\/[^'"]+)['"]\s*\)/gm;
/** package.json `imports`: the aliases that name a layer instead of a distance. */
const ALIASES: Record<string, string> = { '#core/': 'api/src/core/', '#shared/': 'shared/', '#test/': 'test/' };

function walk(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name === 'dist') return [];
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return walk(full);
    return /\.(ts|tsx|mjs)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

function resolve(from: string, specifier: string): string | null {
  const alias = Object.keys(ALIASES).find((a) => specifier.startsWith(a));
  const base = alias ? path.join(ROOT, ALIASES[alias], specifier.slice(alias.length)) : path.resolve(path.dirname(from), specifier);
  for (const extension of EXTENSIONS) {
    const candidate = base + extension;
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** Relative and aliased imports of every source file, type-only ones included (they tie files together too). */
export function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of SOURCE_DIRS.flatMap((dir) => walk(path.join(ROOT, dir)))) {
    const text = fs.readFileSync(file, 'utf8');
    const targets: string[] = [];
    for (const match of text.matchAll(IMPORT)) {
      const target = resolve(file, match[1] ?? match[2]);
      if (target) targets.push(target);
    }
    graph.set(file, targets);
  }
  return graph;
}

/** Strongly connected components of more than one file (or a file importing itself): the circles. */
export function circles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    indexOf.set(node, index);
    low.set(node, index);
    index++;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indexOf.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, indexOf.get(next)!));
    }
    if (low.get(node) !== indexOf.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || (graph.get(node) ?? []).includes(node)) found.push(component);
  };
  for (const node of graph.keys()) if (!indexOf.has(node)) visit(node);
  return found;
}

const HTTP = /^api\/src\/(routes|middleware|presenters|lib)\/|^api\/src\/(app|server)\.ts$/;
const ROUTE = /^api\/src\/routes\/[^/]+\.ts$/;

/** Which layer may import which: returns the reason a file may not import a target, or null. */
export function layerBreach(from: string, to: string): string | null {
  const a = path.relative(ROOT, from);
  const b = path.relative(ROOT, to);
  if (a.startsWith('shared/') && !b.startsWith('shared/')) return 'shared/ imports only shared/';
  if (a.startsWith('web/') && !(b.startsWith('web/') || b.startsWith('shared/'))) return 'web/ imports only web/ and shared/';
  const isTest = /\.test\.tsx?$/.test(a);
  if (a.startsWith('api/src/core/') && !isTest && !(b.startsWith('api/src/core/') || b.startsWith('shared/')))
    return 'the server core imports only itself and shared/';
  if (a.startsWith('worker/') && !isTest && (HTTP.test(b) || b.startsWith('test/'))) return 'worker/ never imports HTTP code or test kits';
  if (!a.startsWith('test/') && !isTest && !a.startsWith('bench/') && b.startsWith('test/')) return 'production code never imports test/';
  if (ROUTE.test(a) && !isTest && a !== 'api/src/routes/index.ts' && ROUTE.test(b))
    return 'routes never import routes (shared code lives in lib/, presenters/ or the core)';
  return null;
}

function main() {
  const graph = importGraph();
  const problems: string[] = [];
  for (const circle of circles(graph)) problems.push(`import circle: ${circle.map((f) => path.relative(ROOT, f)).join(' -> ')}`);
  for (const [from, targets] of graph)
    for (const to of targets) {
      const breach = layerBreach(from, to);
      if (breach) problems.push(`${path.relative(ROOT, from)} imports ${path.relative(ROOT, to)}: ${breach}`);
    }
  for (const problem of problems) process.stderr.write(`${problem}\n`);
  if (problems.length > 0) process.exit(1);
  process.stdout.write(`imports: ${graph.size} files, no circles, layers respected\n`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) main();
