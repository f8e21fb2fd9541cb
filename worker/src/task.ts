/**
 * How a task is written: its name from the job catalog (shared/jobs.ts), which gives it its payload
 * schema, and a `run` that gets the parsed payload and the shared context. The loader parses the
 * payload first; one that does not match fails the job loudly, so it is retried and seen.
 */
import type { JobHelpers } from 'graphile-worker';
import type { z } from 'zod';
import type { AppContext } from '#core/context';
import { JOB_PAYLOADS, type JobName } from '#shared/jobs';

export type TaskDefinition<N extends JobName = JobName> = {
  name: N;
  schema: (typeof JOB_PAYLOADS)[N];
  run(payload: z.output<(typeof JOB_PAYLOADS)[N]>, ctx: AppContext, helpers: JobHelpers): Promise<void>;
};

/** Binds `run` to the catalog entry `name`, which types its payload. */
export function defineTask<N extends JobName>(definition: Omit<TaskDefinition<N>, 'schema'>): TaskDefinition<N> {
  return { ...definition, schema: JOB_PAYLOADS[definition.name] };
}

/** At most this many rows a clean-up task (worker/crontab) deletes per run; the next run takes the rest. */
export const CLEANUP_BATCH = 200;
