/** A test file's temporary folder, made before the file's tests and removed with everything in it after them. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';

/** Registers the file's hooks; `ready` receives the folder's path (named from `prefix`) once made. */
export function tempDirForFile(prefix: string, ready: (dir: string) => void): void {
  let dir: string | undefined;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    ready(dir);
  });
  afterAll(() => {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });
}
