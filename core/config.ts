/** Reads the environment once at boot, for the web, worker and release processes alike. */
import fs from 'node:fs';
import path from 'node:path';
import { parseEnv, type Env, type EnvRole } from '#shared/env';
import { PROJECT_ROOT } from './lib/paths';

/** The `.env` file every process reads at start (see .env.example). */
export const DOT_ENV_FILE = path.join(PROJECT_ROOT, '.env');

/**
 * Adds the variables of `file` (default: `.env` at the project root) to `target`, where it exists.
 * A variable already set wins, as with `node --env-file`; tests (NODE_ENV=test already set) are
 * shaped by the environment they are given alone, never by a developer's `.env`.
 */
export function loadDotEnv(file = DOT_ENV_FILE): void {
  if (process.env.NODE_ENV === 'test' || !fs.existsSync(file)) return;
  process.loadEnvFile(file);
}

/** Parses the environment or exits with the reason. */
export function loadEnvOrExit(role: EnvRole = 'app'): Env {
  try {
    loadDotEnv();
    return parseEnv(process.env, role);
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exit(1);
  }
}
