/**
 * Keeps a long-running process (web, worker, or both under `npm start`) alive through a database
 * outage. graphile-worker and node-postgres can reject a promise nobody awaits when PostgreSQL
 * refuses or drops connections (e.g. while it restarts); Node's default is to exit. We log it
 * instead: the pools reconnect and the heartbeat sweep returns any job that was in flight.
 */
import type { Logger } from './logger';

const TRANSIENT =
  /ECONNREFUSED|ECONNRESET|EPIPE|ETIMEDOUT|terminating connection|Connection terminated|too many clients|the database system is (starting up|shutting down)|CONNECTION_(CLOSED|ENDED|DESTROYED)|Client has encountered a connection error/i;

/**
 * postgres.js 3.4.9 can throw a TypeError from `nextWrite` on a socket it has already dropped when
 * PostgreSQL restarts (porsager/postgres#1208). The pool reconnects by itself; only that exact
 * error is survived, anything else still ends the process.
 */
export function isKnownDriverRestartBug(error: unknown): boolean {
  if (!(error instanceof TypeError)) return false;
  const stack = error.stack ?? '';
  return /postgres[\\/]src[\\/]connection\.js/.test(stack) && /nextWrite/.test(stack);
}

export function installProcessGuards(log: Logger): void {
  process.on('uncaughtException', (error) => {
    if (isKnownDriverRestartBug(error)) {
      log.warn(`database driver error during a restart (continuing): ${error.message}`);
      return;
    }
    log.error('uncaught exception, exiting', { error });
    process.exit(1);
  });
  process.on('unhandledRejection', (reason) => {
    const message = reason instanceof Error ? reason.message : String(reason);
    if (TRANSIENT.test(message)) {
      log.warn(`database connection problem (continuing): ${message}`);
      return;
    }
    log.error('unhandled rejection', { error: reason });
  });
}
