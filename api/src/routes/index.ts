/**
 * Every API router, in mounting order. Routers declare full paths ('/api/...'). Order matters where
 * paths overlap: /api/orders/lookup before /api/orders/:id.
 */
import type { Express } from 'express';
import type { AppContext } from '../context';
import { configRoutes } from './config';
import { healthRoutes } from './health';
import { authRoutes } from './auth';
import { lookupRoutes } from './lookup';
import { accountOrderRoutes } from './account-orders';
import { reorderRoutes } from './reorder';

export function installRoutes(app: Express, ctx: AppContext): void {
  app.use(healthRoutes(ctx));
  app.use(configRoutes(ctx));
  app.use(authRoutes(ctx));
  // Before any /api/orders/:id router.
  app.use(lookupRoutes(ctx));
  app.use(accountOrderRoutes(ctx));
  app.use(reorderRoutes(ctx));
}
