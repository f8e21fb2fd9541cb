/** The error handler's mapping of a database that is briefly away. */
import { describe, expect, it } from 'vitest';
import { toResponse } from './errors';

describe('toResponse', () => {
  it('answers 503 "try again" while the database is away, 500 for any other database error', () => {
    const unavailable = { status: 503, body: { message: 'The shop is briefly unavailable. Please try again in a moment.', code: 'unavailable' } };
    expect(toResponse(Object.assign(new Error('write CONNECT_TIMEOUT 127.0.0.1:5432'), { code: 'CONNECT_TIMEOUT' }))).toEqual(unavailable);
    expect(toResponse(Object.assign(new Error('the database system is starting up'), { code: '57P03' }))).toEqual(unavailable);
    expect(toResponse(Object.assign(new Error('syntax error at or near "selec"'), { code: '42601' })).status).toBe(500);
  });
});
