/** One log line per API request: method, path, status and time. */
import type { Express } from 'express';
import type { AppContext } from '#core/context';

export function installRequestLogging(app: Express, ctx: AppContext): void {
  const log = ctx.log.child('http');
  // Debug is off in production: skip the timer and the listener on every request.
  if (!log.enabled('debug')) return;
  app.use('/api', (req, res, next) => {
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      log.debug(`${req.method} ${req.originalUrl.split('?')[0]} ${res.statusCode} ${ms.toFixed(1)}ms`);
    });
    next();
  });
}
