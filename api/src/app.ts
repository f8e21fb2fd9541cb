/** The Express application: a readable list of install steps, error handler last. */
import express, { type Express } from 'express';
import type { AppContext } from './core/context';
import { installBodyParsing } from './middleware/body';
import { installClient } from './middleware/client';
import { installApiNotFound, installErrorHandler } from './middleware/errors';
import { installRequestLogging } from './middleware/logging';
import { installSameOriginCheck, installSecurityHeaders } from './middleware/security';
import { installSessionCookie, installSessionLoader } from './middleware/session';
import { orderReadFastPath } from './routes/orders';
import { installRoutes } from './routes/index';

export type MakeAppOptions = { serveClient?: boolean };

export function makeApp(ctx: AppContext, options: MakeAppOptions = {}): Express {
  const app = express();
  installSecurityHeaders(app, ctx);
  installRequestLogging(app, ctx);
  // The order page polls this; it reads its own cookie and sessions, ahead of the stack. Only GETs reach it,
  // which the same-origin check and the body parsers let through untouched.
  app.use(orderReadFastPath(ctx));
  installSameOriginCheck(app, ctx);
  installBodyParsing(app);
  installSessionCookie(app, ctx);
  installSessionLoader(app, ctx);
  installRoutes(app, ctx);
  installApiNotFound(app);
  if (options.serveClient !== false) installClient(app);
  installErrorHandler(app, ctx);
  return app;
}
