/**
 * Docs that stay true: every repository path a README or doc names in backticks or a link exists.
 * A path with a placeholder (`<name>`, `*`, `{a,b}`, `NNN`) is a pattern, not a path, and is skipped.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '#core/lib/paths';

const TOP = ['api', 'core', 'worker', 'shared', 'web', 'test', 'bench', 'scripts', 'migrations', 'docs', '.ci'];
const DOCS = ['README.md', ...['api', 'core', 'worker', 'shared', 'web', 'test', 'bench', 'migrations', 'scripts'].map((d) => `${d}/README.md`)]
  .concat(
    fs
      .readdirSync(path.join(PROJECT_ROOT, 'docs'))
      .filter((f) => f.endsWith('.md'))
      .map((f) => `docs/${f}`),
  )
  .concat(fs.readdirSync(path.join(PROJECT_ROOT, 'docs', 'decisions')).map((f) => `docs/decisions/${f}`))
  .filter((f) => fs.existsSync(path.join(PROJECT_ROOT, f)));

/** Candidate paths in a markdown text: `code spans` and link targets, relative to the doc or the root. */
export function namedPaths(markdown: string): string[] {
  const spans = [...markdown.matchAll(/`([^`\s]+)`/g)].map((m) => m[1]);
  const links = [...markdown.matchAll(/\]\(([^)\s#]+)(?:#[^)]*)?\)/g)].map((m) => m[1]).filter((l) => !/^[a-z]+:/.test(l));
  return [...spans, ...links];
}

function isPattern(p: string): boolean {
  // bench/out/ holds what a benchmark run writes; it is not in the repository.
  return /[<>*{}]|NNN|\.\.\.|…/.test(p) || p.startsWith('bench/out/');
}

/** The file a doc means by `ref`, or null when `ref` is not a repository path. */
function resolveRef(doc: string, ref: string): string | null {
  const clean = ref.replace(/[.,:;]+$/, '').replace(/:\d+(-\d+)?$/, '');
  if (isPattern(clean)) return null;
  if (clean.startsWith('./') || clean.startsWith('../')) return path.normalize(path.join(path.dirname(doc), clean));
  const first = clean.split('/')[0];
  if (!TOP.includes(first) || !clean.includes('/')) {
    // A bare file name next to the doc ("012-sheet-report-after-ready.md").
    return /^[\w.-]+\.md$/.test(clean) ? path.join(path.dirname(doc), clean) : null;
  }
  return clean;
}

describe('paths named in the docs', () => {
  it('exist', () => {
    const missing: string[] = [];
    for (const doc of DOCS) {
      const text = fs.readFileSync(path.join(PROJECT_ROOT, doc), 'utf8');
      for (const ref of namedPaths(text)) {
        const target = resolveRef(doc, ref);
        if (target && !fs.existsSync(path.join(PROJECT_ROOT, target))) missing.push(`${doc}: ${ref}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('would catch a path that is gone', () => {
    expect(resolveRef('README.md', 'api/src/nothing-here.ts')).toBe('api/src/nothing-here.ts');
    expect(fs.existsSync(path.join(PROJECT_ROOT, 'api/src/nothing-here.ts'))).toBe(false);
    expect(resolveRef('README.md', 'worker/src/tasks/<table>__<action>.ts')).toBeNull();
    expect(namedPaths('see [the record](decisions/012-x.md) and `shared/shop.ts`')).toEqual(['shared/shop.ts', 'decisions/012-x.md']);
  });
});
