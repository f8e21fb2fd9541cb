/**
 * Every API router, one per resource. Routers declare full paths ('/api/...') and no two serve the
 * same path, so their order changes no answer (orders.ts keeps its own literal paths before its :id
 * ones). It changes the time: Express tries every route of the routers before the one that matches,
 * so the order routes, which every open order page polls, are tried first.
 */
import type { Express } from 'express';
import type { AppContext } from '#core/context';
import { configRoutes } from './config';
import { healthRoutes } from './health';
import { uploadRoutes } from './uploads';
import { checkoutRoutes } from './checkout';
import { orderRoutes } from './orders';
import { paymentRoutes } from './payments';
import { shippingRoutes } from './shipping';
import { webhookRoutes } from './webhooks';
import { adminRoutes } from './admin';
import { adminOrderRoutes } from './adminOrders';
import { adminLabelRoutes } from './adminLabels';
import { adminTicketRoutes } from './adminTickets';
import { adminExportRoutes } from './adminExports';
import { authRoutes } from './auth';
import { firmRoutes } from './firms';
import { addressRoutes } from './addresses';
import { adminTaxCertificateRoutes } from './adminTaxCertificates';
import { adminFirmRoutes } from './adminFirms';
import { revisionRoutes } from './revisions';
import { adminPrintFileRoutes } from './adminPrintFiles';
import { adminProductionRoutes } from './adminProduction';

/** What the routes need from the process beyond the context: how /api/health learns the client is built (null: not served). */
export type RouteOptions = { clientReady: (() => Promise<boolean>) | null };

export function installRoutes(app: Express, ctx: AppContext, options: RouteOptions = { clientReady: null }): void {
  app.use(orderRoutes(ctx));
  app.use(healthRoutes(ctx, options.clientReady));
  app.use(configRoutes(ctx));
  app.use(uploadRoutes(ctx));
  app.use(adminRoutes(ctx));
  app.use(adminOrderRoutes(ctx));
  app.use(adminLabelRoutes(ctx));
  app.use(adminTicketRoutes(ctx));
  app.use(adminExportRoutes(ctx));
  app.use(authRoutes(ctx));
  app.use(shippingRoutes(ctx));
  app.use(checkoutRoutes(ctx));
  app.use(paymentRoutes(ctx));
  app.use(webhookRoutes(ctx));
  app.use(firmRoutes(ctx));
  app.use(addressRoutes(ctx));
  app.use(adminTaxCertificateRoutes(ctx));
  app.use(adminFirmRoutes(ctx));
  app.use(revisionRoutes(ctx));
  app.use(adminPrintFileRoutes(ctx));
  app.use(adminProductionRoutes(ctx));
}
