/**
 * Errors known drivers raise outside any await while PostgreSQL stops and starts (the fault tests).
 * A real process survives them (core/lib/processGuards.ts logs them); in a test process they
 * would fail the run as "unhandled", so the fault tests catch exactly these and fail on anything else:
 *   - postgres.js 3.4.9 writes to a socket it has already nulled (`nextWrite`, porsager/postgres
 *     #1154 and #1208, fix pending in #1209): an uncaught TypeError from a setImmediate;
 *   - graphile-worker 0.17 fails a job's failure write (`batchFailJobs`) with the connection error
 *     and nobody awaits it;
 *   - postgres.js fetches the array types on every new connection without awaiting the promise: a
 *     connection the database drops during that query rejects it unhandled (the query that opened
 *     the connection is rejected as it should be).
 */
const CONNECTION_LOST = /ECONNREFUSED|ECONNRESET|57P01|terminating connection|Connection terminated|CONNECTION_CLOSED/;

export function isKnownDriverBug(error: unknown): boolean {
  const stack = (error as Error)?.stack ?? String(error);
  if (error instanceof TypeError && /postgres[\\/]src[\\/]connection\.js/.test(stack) && /nextWrite/.test(stack)) return true;
  const lost = CONNECTION_LOST.test(`${stack} ${(error as { code?: string })?.code ?? ''}`);
  if (lost && /graphile-worker/.test(stack)) return true;
  const query = (error as { query?: unknown })?.query;
  return lost && typeof query === 'string' && /from pg_catalog\.pg_type a/.test(query) && /typarray/.test(query);
}

/** Catches the known driver errors (listed in `known`) and anything else (in `unexpected`) until `stop()`. */
export function catchStrayErrors(): { known: string[]; unexpected: string[]; stop(): void } {
  const known: string[] = [];
  const unexpected: string[] = [];
  const onStray = (error: unknown) => {
    if (isKnownDriverBug(error)) known.push(String(error));
    else unexpected.push((error as Error)?.stack ?? String(error));
  };
  process.on('uncaughtException', onStray);
  process.on('unhandledRejection', onStray);
  return {
    known,
    unexpected,
    stop() {
      process.off('uncaughtException', onStray);
      process.off('unhandledRejection', onStray);
    },
  };
}
