import { describe, expect, it } from 'vitest';
import { isKnownDriverRestartBug } from './processGuards';

describe('isKnownDriverRestartBug', () => {
  it('recognises only the postgres.js nextWrite TypeError', () => {
    const bug = new TypeError("Cannot read properties of null (reading 'write')");
    bug.stack = `TypeError: Cannot read properties of null (reading 'write')\n    at nextWrite (/app/node_modules/postgres/src/connection.js:249:12)`;
    expect(isKnownDriverRestartBug(bug)).toBe(true);
    const other = new TypeError('x is not a function');
    other.stack = 'TypeError: x is not a function\n    at handler (/app/api/src/routes/orders.ts:10:3)';
    expect(isKnownDriverRestartBug(other)).toBe(false);
    expect(isKnownDriverRestartBug(new Error('nextWrite postgres/src/connection.js'))).toBe(false);
  });
});
