/**
 * node-postgres pools for graphile-worker, with error handlers on the pool and on every client:
 * a connection dropped by a PostgreSQL restart is reported, not thrown as an uncaught 'error'.
 */
import pg from 'pg';

export function createPgPool(connectionString: string, max: number, onError: (error: Error) => void = () => {}): pg.Pool {
  const pool = new pg.Pool({ connectionString, max });
  pool.on('error', onError);
  pool.on('connect', (client) => {
    client.on('error', onError);
  });
  return pool;
}
