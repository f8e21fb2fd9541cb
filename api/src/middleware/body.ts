/** JSON bodies up to 100 kB for every route but the Stripe webhook, which needs its raw bytes. */
import express, { type Express } from 'express';

export const JSON_LIMIT = '100kb';

export function installBodyParsing(app: Express): void {
  app.use('/api/webhooks', express.raw({ type: '*/*', limit: '1mb' }));
  // One parser for the process, not one per request.
  const json = express.json({ limit: JSON_LIMIT, strict: true });
  app.use('/api', (req, res, next) => {
    if (req.path.startsWith('/webhooks/')) return next();
    return json(req, res, next);
  });
}
