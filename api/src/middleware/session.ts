/**
 * cookie-session (ids only, signed) followed by loading the server-side session rows, on /api only:
 * the client's pages and assets never read a session, so they never pay for a signature check or a
 * query. The two halves are installed apart so that hot reads can sit between them and fetch their
 * sessions inside their own query (see `installOrderReads`).
 */
import type { Express } from 'express';
import cookieSession from 'cookie-session';
import type { AppContext } from '../core/context';
import { CUSTOMER_ABSOLUTE_MS, loadSessions } from '../lib/sessions';

export const SESSION_COOKIE = 'bp.session';

/** Reads and verifies the signed cookie on /api requests (no database work). */
export function installSessionCookie(app: Express, ctx: AppContext): void {
  app.use(
    '/api',
    cookieSession({
      name: SESSION_COOKIE,
      keys: [ctx.env.SESSION_SECRET],
      httpOnly: true,
      sameSite: 'lax',
      secure: ctx.env.TRUST_PROXY,
      maxAge: CUSTOMER_ABSOLUTE_MS,
    }),
  );
}

/** Loads the session rows the cookie names into `req.shop` for every /api route after it. */
export function installSessionLoader(app: Express, ctx: AppContext): void {
  app.use('/api', loadSessions(ctx.sql));
}
