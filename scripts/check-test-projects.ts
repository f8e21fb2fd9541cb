/**
 * Every test file belongs to exactly one vitest project (vitest.config.ts), checked on every
 * `npm test`: a file no project includes would never run, and one two projects include would run
 * twice in two pools. Asks vitest itself which files each project picks, without running any, and
 * compares them with the test files on disk. Prints each stray file and exits 1.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createVitest } from 'vitest/node';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

function testFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) return [];
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(full);
    return /\.test\.tsx?$/.test(entry.name) ? [path.relative(ROOT, full)] : [];
  });
}

const vitest = await createVitest('test', { root: ROOT, watch: false, reporters: [] });
const projectsOf = new Map<string, string[]>();
try {
  for (const spec of await vitest.globTestSpecifications()) {
    const file = path.relative(ROOT, spec.moduleId);
    projectsOf.set(file, [...(projectsOf.get(file) ?? []), spec.project.name]);
  }
} finally {
  await vitest.close();
}

const problems: string[] = [];
for (const file of testFiles(ROOT)) {
  const projects = projectsOf.get(file) ?? [];
  if (projects.length === 0) problems.push(`${file}: in no project, so it never runs`);
  if (projects.length > 1) problems.push(`${file}: in ${projects.length} projects (${projects.join(', ')})`);
}
for (const file of projectsOf.keys()) if (!fs.existsSync(path.join(ROOT, file))) problems.push(`${file}: picked by vitest but not found`);

if (problems.length > 0) {
  console.error(`Test files not in exactly one vitest project (vitest.config.ts):\n${problems.map((p) => `  ${p}`).join('\n')}`);
  process.exit(1);
}
const counts = new Map<string, number>();
for (const [, [project]] of projectsOf) counts.set(project, (counts.get(project) ?? 0) + 1);
console.log(`check-test-projects: ${projectsOf.size} test files, each in one project (${[...counts].map(([p, n]) => `${p} ${n}`).join(', ')})`);
