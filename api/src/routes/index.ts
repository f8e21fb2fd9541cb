/**
 * Every API router, in mounting order. Routers declare full paths ('/api/...'). Order matters where
 * paths overlap: /api/orders/lookup before /api/orders/:id.
 */
import type { Express } from 'express';
import type { AppContext } from '../core/context';
import { configRoutes } from './config';
import { healthRoutes } from './health';
import { uploadRoutes } from './uploads';
import { checkoutRoutes } from './checkout';
import { orderRoutes } from './orders';
import { paymentRoutes } from './payments';
import { shippingRoutes } from './shipping';
import { webhookRoutes } from './webhooks';
import { adminRoutes } from './admin';
import { authRoutes } from './auth';
import { lookupRoutes } from './lookup';
import { accountOrderRoutes } from './account-orders';
import { reorderRoutes } from './reorder';

export function installRoutes(app: Express, ctx: AppContext): void {
  app.use(healthRoutes(ctx));
  app.use(configRoutes(ctx));
  app.use(uploadRoutes(ctx));
  app.use(adminRoutes(ctx));
  app.use(authRoutes(ctx));
  // Before any /api/orders/:id router.
  app.use(lookupRoutes(ctx));
  app.use(accountOrderRoutes(ctx));
  app.use(reorderRoutes(ctx));
  // Checkout and payment (issue 4); orders.ts serves /api/orders/:id, so it stays after lookup and the list.
  app.use(shippingRoutes(ctx));
  app.use(checkoutRoutes(ctx));
  app.use(paymentRoutes(ctx));
  app.use(webhookRoutes(ctx));
  app.use(orderRoutes(ctx));
}
