/**
 * Every API router, in mounting order. Routers declare full paths ('/api/...'). Order matters where
 * paths overlap: /api/orders/lookup before /api/orders/:id.
 */
import type { Express } from 'express';
import type { AppContext } from '../context';
import { configRoutes } from './config';
import { healthRoutes } from './health';

export function installRoutes(app: Express, ctx: AppContext): void {
  app.use(healthRoutes(ctx));
  app.use(configRoutes(ctx));
}
