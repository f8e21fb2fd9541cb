import { defineConfig } from 'vitest/config';

// One run for everything: shared/ unit tests, api/ and worker/ integration tests against a real
// PostgreSQL (a fresh database per test file, copied from a template migrated once), and the
// browser journeys in test/e2e (Debian Chromium through playwright-core).
export default defineConfig({
  test: {
    include: ['{shared,core,api,worker,web,test}/**/*.test.{ts,tsx}'],
    exclude: ['**/node_modules/**', 'dist/**'],
    globalSetup: ['test/globalSetup.ts'],
    setupFiles: ['test/setup.ts'],
    env: { TZ: 'UTC', LOG_LEVEL: 'silent', NODE_ENV: 'test' },
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
    reporters: process.env.CI ? ['default'] : ['default'],
  },
});
