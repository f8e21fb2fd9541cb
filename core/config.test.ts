import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#test/helpers/db';
import { loadDotEnv } from './config';
import { PROJECT_ROOT } from './lib/paths';

let db: TestDatabase | null = null;
afterAll(async () => {
  await db?.drop();
});

describe('loadDotEnv', () => {
  it('adds what the file sets, leaves what the environment already sets, and reads nothing under NODE_ENV=test', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-dotenv-'));
    const file = path.join(dir, '.env');
    fs.writeFileSync(file, '# the counter\nBP_DOTENV_SHOP="Corner Prints"\nBP_DOTENV_PORT=5055\n');
    const before = { ...process.env };
    try {
      process.env.BP_DOTENV_PORT = '6000';
      loadDotEnv(file);
      expect(process.env.BP_DOTENV_SHOP).toBeUndefined(); // vitest runs with NODE_ENV=test
      process.env.NODE_ENV = 'development';
      loadDotEnv(file);
      expect(process.env.BP_DOTENV_SHOP).toBe('Corner Prints');
      expect(process.env.BP_DOTENV_PORT).toBe('6000');
      // No file, no error.
      loadDotEnv(path.join(dir, 'missing.env'));
    } finally {
      for (const key of Object.keys(process.env)) if (!(key in before)) delete process.env[key];
      Object.assign(process.env, before);
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the release step', () => {
  it('migrates in production with DATABASE_URL alone', { timeout: 120_000 }, async () => {
    db = await createTestDatabase();
    const env: Record<string, string | undefined> = { ...process.env, NODE_ENV: 'production', DATABASE_URL: db.url };
    // The test run's cheap PASSWORD_HASH_LOG_N is refused in production, as it should be.
    for (const key of ['SESSION_SECRET', 'ADMIN_USERNAME', 'ADMIN_PASSWORD', 'PASSWORD_HASH_LOG_N']) delete env[key];
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/migrate.ts'], { cwd: PROJECT_ROOT, env, encoding: 'utf8', timeout: 90_000 });
    expect(run.stderr).not.toMatch(/required/);
    expect(run.stdout).toContain('Migrations applied.');
    expect(run.status).toBe(0);
  });
});
