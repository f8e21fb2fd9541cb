/**
 * The shape of the ids in our URLs and in what the client keeps: UUIDs. Free of zod, so the client
 * can use it; `uuidField` (./fields.ts) is the zod field for request bodies and parameters.
 */
export const UUID_PATTERN = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

const UUID = new RegExp(`^${UUID_PATTERN}$`, 'i');

/** Whether `value` is a UUID in either case, as PostgreSQL accepts one. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
