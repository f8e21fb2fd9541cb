import { defineConfig } from 'vitest/config';

// One run for everything: shared/ unit tests, api/ and worker/ integration tests against a real
// PostgreSQL (a fresh database per test file, copied from a template migrated once), and the
// browser journeys in test/e2e (Debian Chromium through playwright-core).
export default defineConfig({
  test: {
    include: ['{shared,api,worker,web,test}/**/*.test.{ts,tsx}'],
    exclude: ['**/node_modules/**', 'dist/**'],
    globalSetup: ['test/globalSetup.ts'],
    setupFiles: ['test/setup.ts'],
    // scrypt at N=2^10 instead of production's 2^17: a sign-in costs ~3 ms, not ~0.4 s of a shared
    // core. api/src/core/lib/passwords.test.ts proves production's cost, and the sign-in burst test
    // runs at it.
    env: { TZ: 'UTC', LOG_LEVEL: 'silent', NODE_ENV: 'test', PASSWORD_HASH_LOG_N: '10' },
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
    reporters: process.env.CI ? ['default'] : ['default'],
  },
});
