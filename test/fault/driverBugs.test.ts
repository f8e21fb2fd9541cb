/** The fault tests' recogniser of known driver errors: the exact shapes seen, and nothing broader. */
import { describe, expect, it } from 'vitest';
import { isKnownDriverBug } from '../helpers/driverBugs';

const ARRAY_TYPES = `
      select b.oid, b.typarray
      from pg_catalog.pg_type a
      left join pg_catalog.pg_type b on b.oid = a.typelem
      where a.typcategory = 'A'
      group by b.oid, b.typarray
      order by b.oid
    `;

function lost(code: string, query?: string, stack?: string): Error {
  const error = Object.assign(new Error(`read ${code}`), { code, errno: -104, syscall: 'read' }, query === undefined ? {} : { query });
  if (stack) error.stack = stack;
  return error;
}

describe('known driver errors during a PostgreSQL restart', () => {
  it("recognises postgres.js's unawaited array-type fetch losing its connection", () => {
    expect(
      isKnownDriverBug(lost('ECONNRESET', ARRAY_TYPES, 'Error: read ECONNRESET\n    at TCP.onStreamRead (node:internal/stream_base_commons:218:20)')),
    ).toBe(true);
  });

  it("recognises postgres.js's nextWrite TypeError and graphile-worker's unawaited failure write", () => {
    const nextWrite = new TypeError("Cannot read properties of null (reading 'write')");
    nextWrite.stack = 'TypeError: ...\n    at nextWrite (/app/node_modules/postgres/src/connection.js:250:12)';
    expect(isKnownDriverBug(nextWrite)).toBe(true);
    expect(
      isKnownDriverBug(
        lost('ECONNREFUSED', undefined, 'Error: connect ECONNREFUSED\n    at batchFailJobs (/app/node_modules/graphile-worker/dist/sql/failJob.js:40:5)'),
      ),
    ).toBe(true);
  });

  it('does not excuse the same errors from anywhere else, or other errors', () => {
    expect(isKnownDriverBug(lost('ECONNRESET', 'select * from orders'))).toBe(false);
    expect(isKnownDriverBug(lost('ECONNRESET'))).toBe(false);
    expect(isKnownDriverBug(Object.assign(new Error('syntax error'), { query: ARRAY_TYPES }))).toBe(false);
    expect(isKnownDriverBug(new TypeError('x is not a function'))).toBe(false);
  });
});
