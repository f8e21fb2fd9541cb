/** Reads the environment once at boot, for the web and worker processes alike. */
import { parseEnv, type Env } from '../../../shared/env';

/** Parses the environment or exits with the reason. */
export function loadEnvOrExit(): Env {
  try {
    return parseEnv(process.env);
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exit(1);
  }
}
