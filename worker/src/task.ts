/**
 * How a task is written: a zod schema for its payload and a `run` that gets the parsed payload and
 * the shared context. The loader validates the payload first; a payload that does not parse is
 * logged and dropped (a retry cannot fix it).
 */
import type { JobHelpers } from 'graphile-worker';
import type { z } from 'zod';
import type { AppContext } from '../../api/src/core/context';

export type TaskDefinition<S extends z.ZodType = z.ZodType> = {
  schema: S;
  run(payload: z.infer<S>, ctx: AppContext, helpers: JobHelpers): Promise<void>;
};

/** Identity helper that gives `run` its payload type. */
export function defineTask<S extends z.ZodType>(definition: TaskDefinition<S>): TaskDefinition<S> {
  return definition;
}
