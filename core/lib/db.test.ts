/** Which errors mean "the database is briefly away" (the web's 503, the processes' log-and-carry-on). */
import { describe, expect, it } from 'vitest';
import { createServer, type Socket } from 'node:net';
import postgres from 'postgres';
import { isDatabaseUnavailable } from './db';

describe('isDatabaseUnavailable', () => {
  it("recognises postgres.js's connect timeout, a refused connection, PostgreSQL's shutdown and node-postgres's lost connection", async () => {
    // A real postgres.js connect timeout: a listener that accepts and never answers.
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => void sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as { port: number }).port;
    const sql = postgres({ host: '127.0.0.1', port, connect_timeout: 0.2, max: 1, onnotice: () => {} });
    const timedOut = await sql`select 1`.then(
      () => null,
      (error: unknown) => error,
    );
    await sql.end({ timeout: 0 });
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
    expect((timedOut as { code?: string }).code).toBe('CONNECT_TIMEOUT');
    expect(isDatabaseUnavailable(timedOut)).toBe(true);

    expect(isDatabaseUnavailable(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
  });

  it('leaves every other error alone', () => {
    const syntax = Object.assign(new Error('syntax error at or near "selec"'), { code: '42601' });
    expect(isDatabaseUnavailable(syntax)).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('x is not a function'))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });
});
