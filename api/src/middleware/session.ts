/** cookie-session (ids only, signed) followed by loading the server-side session rows. */
import type { Express } from 'express';
import cookieSession from 'cookie-session';
import type { AppContext } from '../core/context';
import { CUSTOMER_ABSOLUTE_MS, loadSessions } from '../lib/sessions';

export const SESSION_COOKIE = 'bp.session';

export function installSession(app: Express, ctx: AppContext): void {
  app.use(
    cookieSession({
      name: SESSION_COOKIE,
      keys: [ctx.env.SESSION_SECRET],
      httpOnly: true,
      sameSite: 'lax',
      secure: ctx.env.TRUST_PROXY,
      maxAge: CUSTOMER_ABSOLUTE_MS,
    }),
  );
  app.use(loadSessions(ctx.sql));
}
