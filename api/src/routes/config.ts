/** GET /api/config: the shop facts the client shows (support contact, which payment form to load). */
import { Router } from 'express';
import type { AppContext } from '../core/context';

export function configRoutes(ctx: AppContext): Router {
  const router = Router();
  router.get('/api/config', (_req, res) => {
    res.set('Cache-Control', 'public, max-age=60');
    res.json({
      supportEmail: ctx.env.SUPPORT_EMAIL,
      supportPhone: ctx.env.SUPPORT_PHONE,
      paymentProvider: ctx.payments?.name ?? null,
      stripePublishableKey: ctx.payments?.publishableKey ?? null,
      shippingProvider: ctx.shipping?.name ?? null,
    });
  });
  // The spec's "logged out" redirect target; the sign-in page lives at /login.
  router.get('/api/login', (_req, res) => {
    res.redirect(302, '/login');
  });
  return router;
}
