/**
 * A copy of the project as a fresh clone has it (tracked and new files, nothing ignored), its
 * dependencies hard-linked (an `npm install` costs minutes; the files are the same), for tests that
 * run the shop's processes from a folder of their own.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const REPO = path.resolve(import.meta.dirname, '../..');

/** The working tree and node_modules into `dir`; no dist/ (copyBuiltClient adds the client). */
export function cloneInto(dir: string): void {
  const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard', '-z'], { cwd: REPO, encoding: 'utf8' }).split('\0').filter(Boolean);
  for (const file of files) {
    if (!fs.existsSync(path.join(REPO, file))) continue; // deleted, not yet committed
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.copyFileSync(path.join(REPO, file), path.join(dir, file));
  }
  try {
    execFileSync('cp', ['-al', path.join(REPO, 'node_modules'), path.join(dir, 'node_modules')]);
  } catch {
    execFileSync('cp', ['-a', path.join(REPO, 'node_modules'), path.join(dir, 'node_modules')]); // another file system
  }
}

/** The built client (the project's dist/web, built by the build project's setup) into the clone, newer than its sources. */
export function copyBuiltClient(dir: string): void {
  fs.cpSync(path.join(REPO, 'dist', 'web'), path.join(dir, 'dist', 'web'), { recursive: true });
  const now = new Date();
  fs.utimesSync(path.join(dir, 'dist', 'web', 'index.html'), now, now);
}
