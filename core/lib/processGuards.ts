/**
 * Keeps a long-running process (web, worker, or both under `npm start`) alive through a database
 * outage. graphile-worker and node-postgres can reject a promise nobody awaits when PostgreSQL
 * refuses or drops connections (e.g. while it restarts); Node's default is to exit. We log it
 * instead: the pools reconnect and the heartbeat sweep returns any job that was in flight.
 *
 * Work done for someone (a web request, `runOwned`) that leaves an error uncaught fails that work
 * only: the error is logged and handed to its owner (the request answers 500), and the process goes
 * on serving everyone else. An uncaught exception of no one's, a programming error in the process's
 * own machinery, still ends the process, as Node's default would.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { EventEmitter } from 'node:events';
import type { Logger } from './logger';
import { isDatabaseUnavailable } from './db';

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

/** Who work is done for, and how to tell them it failed. */
export type ErrorOwner = {
  /** How a log line names the work, e.g. `POST /api/upload-pdf`. */
  name: string;
  /** Fails the work with an error nothing else caught (a request answers 500). Must not throw. */
  fail(error: unknown): void;
};

const owners = new AsyncLocalStorage<ErrorOwner>();

/**
 * Runs `work`, and everything it starts (callbacks, ticks, timers, promises), for `owner`: an error
 * it leaves uncaught fails the owner instead of the process.
 */
export function runOwned<T>(owner: ErrorOwner, work: () => T): T {
  return owners.run(owner, work);
}

/**
 * Runs every event `emitter` emits for `owner`. Node emits a request's 'data', 'end' and 'close'
 * from its connection's I/O, outside the work handling it: what a stream piped from the request
 * does then (a parser's 'error' a tick later) would be no one's without this.
 */
export function emitOwned(owner: ErrorOwner, emitter: EventEmitter): void {
  const emit = emitter.emit.bind(emitter);
  emitter.emit = (event, ...args) => owners.run(owner, () => emit(event, ...args));
}

/** Logs and fails the current owner of `error`; false when the error is no one's. */
function failOwner(log: Logger, kind: string, error: unknown): boolean {
  const owner = owners.getStore();
  if (!owner) return false;
  log.error(`${kind} in ${owner.name} (continuing: only that request failed)`, { error });
  try {
    owner.fail(error);
  } catch (failing) {
    log.error(`could not answer ${owner.name}`, { error: failing });
  }
  return true;
}

export function installProcessGuards(log: Logger): void {
  process.on('uncaughtException', (error) => {
    if (isKnownDriverRestartBug(error)) {
      log.warn(`database driver error during a restart (continuing): ${error.message}`);
      return;
    }
    if (failOwner(log, 'uncaught exception', error)) return;
    log.error('uncaught exception, exiting', { error });
    process.exit(1);
  });
  process.on('unhandledRejection', (reason) => {
    if (isDatabaseUnavailable(reason)) {
      const message = reason instanceof Error ? reason.message : String(reason);
      log.warn(`database connection problem (continuing): ${message}`);
      return;
    }
    if (failOwner(log, 'unhandled rejection', reason)) return;
    log.error('unhandled rejection', { error: reason });
  });
}

/** How often a child process looks for its parent. */
export const PARENT_CHECK_MS = 1_000;

/**
 * Ends this child process when its parent is gone, however the parent went (SIGKILL included, which
 * the parent cannot pass on): a child whose parent died is adopted by another process, so its
 * `process.ppid` changes; a forked child also sees its IPC channel close. `graceMs` gives the
 * child's own shutdown (started by the channel closing, say) that long before the exit; 0 exits at once.
 */
export function exitWithParent(options: { graceMs?: number } = {}): void {
  const parent = process.ppid;
  const graceMs = options.graceMs ?? 0;
  let leaving = false;
  const leave = () => {
    if (leaving) return;
    leaving = true;
    clearInterval(watch);
    if (graceMs === 0) process.exit(0);
    setTimeout(() => process.exit(0), graceMs).unref();
  };
  // Unref'd: the watch alone never keeps the child alive.
  const watch = setInterval(() => {
    if (process.ppid !== parent) leave();
  }, PARENT_CHECK_MS);
  watch.unref();
  if (process.channel) process.once('disconnect', leave);
}
