/** Loads every task file in ./tasks (one task per file, named `<table>__<action>.ts`) into a TaskList. */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { TaskList } from 'graphile-worker';
import type { AppContext } from '#core/context';
import type { TaskDefinition } from './task';

export const TASKS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'tasks');

// `.ts` in the source, `.js` in the build (dist/server/tasks, one bundle per task).
const TASK_FILE = /^[a-z0-9_]+__[a-z0-9_]+\.[jt]s$/;
const TASK_EXT = import.meta.url.endsWith('.ts') ? '.ts' : '.js';

/** Task names found on disk. */
export function taskNames(): string[] {
  return fs
    .readdirSync(TASKS_DIR)
    .filter((f) => f.endsWith(TASK_EXT) && TASK_FILE.test(f))
    .map((f) => f.replace(/\.[jt]s$/, ''))
    .sort();
}

/** A payload that does not match its task's schema: the job fails and is retried, never dropped. */
export class InvalidPayloadError extends Error {
  constructor(task: string, issues: string) {
    super(`${task}: the payload does not match the job catalog (${issues})`);
    this.name = 'InvalidPayloadError';
  }
}

/** Imports every task and binds it to `ctx`, parsing each payload with the catalog's schema first. */
export async function loadTaskList(ctx: AppContext): Promise<TaskList> {
  const list: TaskList = {};
  for (const name of taskNames()) {
    const mod = (await import(pathToFileURL(path.join(TASKS_DIR, `${name}${TASK_EXT}`)).href)) as { default: TaskDefinition };
    const task = mod.default;
    if (task.name !== name) throw new Error(`worker/src/tasks/${name}.ts defines the task '${task.name}'`);
    list[name] = async (payload, helpers) => {
      const parsed = task.schema.safeParse(payload);
      if (!parsed.success) {
        const issues = parsed.error.issues.map((i) => `${i.path.join('.') || 'payload'}: ${i.message}`).join('; ');
        ctx.log.error(`${name}: invalid payload`, { payload, issues });
        throw new InvalidPayloadError(name, issues);
      }
      await task.run(parsed.data as never, ctx, helpers);
    };
  }
  return list;
}
