/** Security headers (helmet) and the same-origin check on state-changing requests. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Express, NextFunction, Request, Response } from 'express';
import helmet, { type HelmetOptions } from 'helmet';
import type { AppContext } from '#core/context';
import { forbidden } from '#core/lib/errors';

/** Paths that other sites may POST to (signed provider webhooks). */
const CROSS_SITE_ALLOWED = new Set(['/api/webhooks/stripe']);

/** Helmet's options: a CSP that allows Stripe.js on /checkout and our own inline-free bundle. */
function helmetOptions(ctx: AppContext): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'script-src': ["'self'", 'https://js.stripe.com'],
        'frame-src': ["'self'", 'https://js.stripe.com', 'https://hooks.stripe.com'],
        // With S3 the browser sends its PDF straight to the bucket (a presigned POST).
        'connect-src': ["'self'", 'https://api.stripe.com', ...(ctx.storage.directUploadOrigin ? [ctx.storage.directUploadOrigin] : [])],
        'img-src': ["'self'", 'data:', 'blob:'],
        'style-src': ["'self'", "'unsafe-inline'"],
        'upgrade-insecure-requests': ctx.env.COOKIE_SECURE ? [] : null,
      },
    },
    // Receipts and PDFs open in new tabs from our own pages.
    crossOriginResourcePolicy: { policy: 'same-origin' },
    // The public site is HTTPS (COOKIE_SECURE), whether or not the hop to us is.
    hsts: ctx.env.COOKIE_SECURE,
  };
}

/**
 * The headers helmet sets, worked out once. Our directives are constants (no per-request nonce), so
 * every response gets the same headers: running helmet per request rebuilt the CSP string and walked
 * a dozen middlewares on every JSON answer and every asset (bench/README.md, API speed).
 */
export function securityHeaders(ctx: AppContext): Array<[string, string]> {
  const headers: Array<[string, string]> = [];
  const res = {
    setHeader: (name: string, value: string) => void headers.push([name, String(value)]),
    removeHeader: () => {},
  };
  let done = false;
  helmet(helmetOptions(ctx))({ method: 'GET', url: '/', headers: {} } as IncomingMessage, res as unknown as ServerResponse, () => {
    done = true;
  });
  if (!done) throw new Error('helmet did not finish synchronously');
  return headers;
}

/** The security headers on every response, and no X-Powered-By. */
export function installSecurityHeaders(app: Express, ctx: AppContext): void {
  app.disable('x-powered-by');
  // JSON answers are small and the API marks what may be cached itself; a SHA-1 of every body for a
  // conditional GET nobody sends is wasted work. Static files keep their own ETags (serve-static).
  app.set('etag', false);
  // One proxy in front: the client's address (rate limits) and protocol come from its X-Forwarded-* headers.
  if (ctx.env.TRUST_PROXY) app.set('trust proxy', 1);
  const headers = securityHeaders(ctx);
  app.use((_req: Request, res: Response, next: NextFunction) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    next();
  });
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
