/**
 * Where the project's files are at run time. The same code runs from source (tsx, vitest) and from
 * the build in dist/server (bundled by esbuild), so paths are found from the project root — the
 * nearest folder up with a package.json — rather than relative to this file, whose place differs.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function findProjectRoot(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No package.json above ${start}`);
  }
}

/** The folder holding package.json, migrations/, worker/crontab and dist/. */
export const PROJECT_ROOT = findProjectRoot(path.dirname(fileURLToPath(import.meta.url)));
