/** The Express application: a readable list of install steps, error handler last. */
import express, { type Express } from 'express';
import type { AppContext } from '#core/context';
import { installBodyParsing } from './middleware/body';
import { installClient } from './middleware/client';
import { installApiNotFound, installErrorHandler } from './middleware/errors';
import { installRequestLogging } from './middleware/logging';
import { installRequestGuard } from './middleware/requestGuard';
import { installSameOriginCheck, installSecurityHeaders } from './middleware/security';
import { installSessionCookie, installSessionLoader } from './middleware/session';
import { installRoutes } from './routes/index';

export type MakeAppOptions = { serveClient?: boolean };

export function makeApp(ctx: AppContext, options: MakeAppOptions = {}): Express {
  const app = express();
  installRequestGuard(app);
  installSecurityHeaders(app, ctx);
  installRequestLogging(app, ctx);
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
