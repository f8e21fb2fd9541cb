/**
 * One home per change: no production code outside this folder writes the `orders` table. Test
 * fixtures and benchmarks may seed rows; routes, middleware, services and tasks call a command.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../lib/paths';

const COMMANDS = path.join('core', 'orders', 'commands');
const WRITES = /\b(update\s+orders\b|insert\s+into\s+orders\b|delete\s+from\s+orders\b)/i;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(PROJECT_ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(rel);
    return /\.(ts|mts|js|mjs)$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [rel] : [];
  });
}

describe('writes to orders', () => {
  it('happen only in the commands folder', () => {
    const offenders = ['core', 'api', 'worker', 'scripts', 'shared']
      .flatMap(sourceFiles)
      .filter((file) => !file.startsWith(COMMANDS + path.sep))
      .filter((file) => WRITES.test(fs.readFileSync(path.join(PROJECT_ROOT, file), 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('would be caught (the pattern finds a write)', () => {
    expect(WRITES.test('await tx`update orders set status = ${s}`')).toBe(true);
    expect(WRITES.test('insert into orders (id) values (1)')).toBe(true);
    expect(WRITES.test('select * from orders')).toBe(false);
  });
});
