/**
 * Makes each request the owner of the errors it leaves uncaught (core/lib/processGuards.ts): a
 * stream 'error' nobody listens to, a throw in a callback, a promise nobody awaits. The process
 * guard logs such an error and this request answers 500 (or, its answer begun, has its connection
 * closed); the process goes on serving everyone else.
 */
import type { Express, Request, Response } from 'express';
import { emitOwned, runOwned, type ErrorOwner } from '#core/lib/processGuards';
import { toResponse } from './errors';

/** Answers a request that failed with an error nothing caught, as the error handler would a 500. */
function failRequest(res: Response): void {
  if (res.writableEnded) return;
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const { status, body } = toResponse(null);
  // What was left of the body is unknown: a new connection for the next request.
  res.set('Connection', 'close');
  res.status(status).json(body);
}

export function installRequestGuard(app: Express): void {
  app.use((req: Request, res: Response, next) => {
    const owner: ErrorOwner = { name: `${req.method} ${req.originalUrl.split('?')[0]}`, fail: () => failRequest(res) };
    emitOwned(owner, req);
    emitOwned(owner, res);
    runOwned(owner, next);
  });
}
