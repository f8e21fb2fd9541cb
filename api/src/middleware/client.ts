/** Serves the built client from dist/web, with the SPA fallback for client routes. */
import fs from 'node:fs';
import path from 'node:path';
import express, { type Express } from 'express';
import { PROJECT_ROOT } from '#core/lib/paths';

export const CLIENT_DIR = path.join(PROJECT_ROOT, 'dist/web');

/**
 * Whether the client can be served: its index.html is there and readable. Asked on every health
 * check rather than once at start, as a build (`npm run build`, `npm start` when stale) empties
 * dist/web and writes it again while the process may already be listening.
 */
export function clientIsBuilt(clientDir = CLIENT_DIR): Promise<boolean> {
  return fs.promises.access(path.join(clientDir, 'index.html'), fs.constants.R_OK).then(
    () => true,
    () => false,
  );
}

export function installClient(app: Express, clientDir = CLIENT_DIR): void {
  // Hashed assets never change; index.html always revalidates.
  app.use('/assets', express.static(path.join(clientDir, 'assets'), { immutable: true, maxAge: '1y', fallthrough: false }));
  app.use(express.static(clientDir, { index: false, maxAge: '1h' }));
  app.get(/^(?!\/api(\/|$)).*/, (req, res, next) => {
    if (!req.accepts('html')) return next();
    const index = path.join(clientDir, 'index.html');
    if (!fs.existsSync(index)) {
      res.status(503).type('text/plain').send('The client is not built yet. Run `npm run build`.');
      return;
    }
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  });
}
