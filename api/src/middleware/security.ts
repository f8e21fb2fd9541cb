/** Security headers (helmet) and the same-origin check on state-changing requests. */
import type { Express, NextFunction, Request, Response } from 'express';
import helmet from 'helmet';
import type { AppContext } from '../core/context';
import { forbidden } from '../core/lib/errors';

/** Paths that other sites may POST to (signed provider webhooks). */
const CROSS_SITE_ALLOWED = new Set(['/api/webhooks/stripe']);

/** Helmet with a CSP that allows Stripe.js on /checkout and our own inline-free bundle. */
export function installSecurityHeaders(app: Express, ctx: AppContext): void {
  app.disable('x-powered-by');
  if (ctx.env.TRUST_PROXY) app.set('trust proxy', 1);
  app.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: true,
        directives: {
          'script-src': ["'self'", 'https://js.stripe.com'],
          'frame-src': ["'self'", 'https://js.stripe.com', 'https://hooks.stripe.com'],
          'connect-src': ["'self'", 'https://api.stripe.com'],
          'img-src': ["'self'", 'data:', 'blob:'],
          'style-src': ["'self'", "'unsafe-inline'"],
          'upgrade-insecure-requests': ctx.env.TRUST_PROXY ? [] : null,
        },
      },
      // Receipts and PDFs open in new tabs from our own pages.
      crossOriginResourcePolicy: { policy: 'same-origin' },
      hsts: ctx.env.TRUST_PROXY,
    }),
  );
}

/**
 * Refuses a state-changing request that a browser marks as cross-site: an Origin of another host,
 * or Sec-Fetch-Site: cross-site. Requests without those headers (curl, API clients) pass.
 */
export function installSameOriginCheck(app: Express, ctx: AppContext): void {
  const allowedOrigins = new Set([new URL(ctx.env.APP_URL).origin]);
  app.use((req: Request, _res: Response, next: NextFunction) => {
    if (['GET', 'HEAD', 'OPTIONS'].includes(req.method) || CROSS_SITE_ALLOWED.has(req.path)) return next();
    if (req.get('sec-fetch-site') === 'cross-site') return next(forbidden('Cross-site requests are not allowed.'));
    const origin = req.get('origin');
    if (origin === undefined) return next();
    if (allowedOrigins.has(origin) || origin === `${req.protocol}://${req.get('host')}`) return next();
    return next(forbidden('Cross-site requests are not allowed.'));
  });
}
