/** PostgreSQL access through `postgres`, and enqueueing graphile-worker jobs inside a transaction. */
import postgres from 'postgres';
import { JOB_PAYLOADS, type JobName, type JobPayload } from '#shared/jobs';

export type Sql = postgres.Sql;
/** A connection or a transaction: anything that can run a query. */
export type Queryable = postgres.Sql | postgres.TransactionSql;

/** Opens a pool. `max` connections per process; notices are dropped. */
export function connect(url: string, options: { max?: number; appName?: string } = {}): Sql {
  return postgres(url, {
    max: options.max ?? 10,
    onnotice: () => {},
    connect_timeout: 10,
    idle_timeout: 30,
    // postgres.js waits before reconnecting by a count of failed attempts the whole pool shares,
    // growing to 10-20 s: after a database restart the shop stayed down that long (2-7 s measured
    // after a 2.5 s outage, and past the 10 s we promise under load). Capped at 1 s it is back within
    // a second of the database; while the database is down a waiting connection tries once a second.
    backoff: (attempts: number) => Math.min(0.05 * 2 ** attempts, 1),
    connection: { application_name: options.appName ?? 'blueprint-shop' },
    types: {
      // bigint columns (file sizes) fit in a double; read them as numbers.
      bigint: { to: 20, from: [20], serialize: (x: number) => String(x), parse: (x: string) => Number(x) },
    },
  });
}

export type JobOptions = {
  /** Deduplicates: a second job with the same key replaces the first while it waits. */
  jobKey?: string;
  maxAttempts?: number;
  runAt?: Date;
  queueName?: string;
  priority?: number;
  /** Marks the job so a worker can skip such jobs for a while (graphile-worker's `forbiddenFlags`). */
  flags?: string[];
};

/**
 * Adds a job from the catalog (shared/jobs.ts) with the same connection as the caller's transaction,
 * so the job exists exactly when the rows it refers to do. The payload is checked against the task's
 * schema first: a bad payload is a bug in the caller and throws here, not in the worker.
 */
export async function addJob<N extends JobName>(db: Queryable, task: N, payload: JobPayload<N>, options: JobOptions = {}): Promise<void> {
  const parsed = JOB_PAYLOADS[task].parse(payload) as Record<string, unknown>;
  await addAnyJob(db, task, parsed, options);
}

/** Adds a job by name without the catalog's check: for benchmarks' no-op tasks only. */
export async function addAnyJob(db: Queryable, task: string, payload: Record<string, unknown>, options: JobOptions = {}): Promise<void> {
  await db`
    select graphile_worker.add_job(
      ${task}::text,
      ${db.json(payload as postgres.JSONValue)}::json,
      queue_name => ${options.queueName ?? null}::text,
      run_at => ${options.runAt ?? null}::timestamptz,
      max_attempts => ${options.maxAttempts ?? null}::int,
      job_key => ${options.jobKey ?? null}::text,
      priority => ${options.priority ?? null}::int,
      flags => ${options.flags ?? null}::text[]
    )`;
}

/** Removes a waiting job by its key (graphile-worker's own `remove_job`); a job already running is left alone. */
export async function removeJob(db: Queryable, jobKey: string): Promise<void> {
  await db`select graphile_worker.remove_job(${jobKey}::text)`;
}

/** PostgreSQL's shutdown and connection SQLSTATEs, and the drivers' connection-level error codes. */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, shutting down)
  '53300', // too_many_connections
  '08000',
  '08003',
  '08006',
]);
/** The same failures where only the message tells (graphile-worker's node-postgres pool). */
const UNAVAILABLE_MESSAGE =
  /ECONNREFUSED|ECONNRESET|EPIPE|ETIMEDOUT|CONNECT_TIMEOUT|terminating connection|Connection terminated|too many clients|the database system is (starting up|shutting down)|CONNECTION_(CLOSED|ENDED|DESTROYED)|Client has encountered a connection error/i;

/**
 * True when an error means the database is restarting or out of reach, so the same work will succeed
 * in a moment: the web answers 503 "try again", a long-running process logs it and carries on.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
  return UNAVAILABLE_MESSAGE.test(error instanceof Error ? error.message : String(error));
}
