/** The Express application: a readable list of install steps, error handler last. */
import express, { type Express } from 'express';
import type { AppContext } from '#core/context';
import { installBodyParsing } from './middleware/body';
import { CLIENT_DIR, clientIsBuilt, installClient } from './middleware/client';
import { installApiNotFound, installErrorHandler } from './middleware/errors';
import { installRequestLogging } from './middleware/logging';
import { installRequestGuard } from './middleware/requestGuard';
import { installSameOriginCheck, installSecurityHeaders } from './middleware/security';
import { installSessionCookie, installSessionLoader } from './middleware/session';
import { installRoutes } from './routes/index';

export type MakeAppOptions = {
  /** Serve the built client and its page routes (default: SERVE_CLIENT). */
  serveClient?: boolean;
  /**
   * Whether /api/health waits for the built client when the client is served (default true). Test
   * shops say false: most test files never build the client and ask the API alone.
   */
  healthWaitsForClient?: boolean;
  /** Where the built client is (default dist/web). */
  clientDir?: string;
};

export function makeApp(ctx: AppContext, options: MakeAppOptions = {}): Express {
  const serveClient = options.serveClient ?? ctx.env.SERVE_CLIENT;
  const clientDir = options.clientDir ?? CLIENT_DIR;
  const app = express();
  installRequestGuard(app);
  installSecurityHeaders(app, ctx);
  installRequestLogging(app, ctx);
  installSameOriginCheck(app, ctx);
  installBodyParsing(app);
  installSessionCookie(app, ctx);
  installSessionLoader(app, ctx);
  installRoutes(app, ctx, { clientReady: serveClient && options.healthWaitsForClient !== false ? () => clientIsBuilt(clientDir) : null });
  installApiNotFound(app);
  if (serveClient) installClient(app, clientDir);
  installErrorHandler(app, ctx);
  return app;
}
