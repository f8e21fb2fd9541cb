/**
 * POST /api/webhooks/stripe: the signature is checked on the raw body (express.raw gives a Buffer
 * here); a verified event is recorded once by its id and hands over to the reconciliation job. A
 * forged or unsigned request changes nothing.
 */
import { Router } from 'express';
import type { AppContext } from '#core/context';
import { badRequest, notFound } from '#core/lib/errors';
import type { PaymentEvent } from '#core/services/payments/index';
import { recordPaymentEvent } from '#core/orders/commands/paymentEvents';

export function webhookRoutes(ctx: AppContext): Router {
  const router = Router();
  router.post('/api/webhooks/stripe', async (req, res) => {
    const payments = ctx.payments;
    if (!payments || payments.name !== 'stripe') throw notFound('Stripe is not configured.');
    if (!Buffer.isBuffer(req.body)) throw badRequest('The webhook body could not be read.');
    let event: PaymentEvent;
    try {
      event = payments.verifyWebhook(req.body, req.get('stripe-signature'));
    } catch {
      throw badRequest('The webhook signature is not valid.');
    }
    const payload: unknown = JSON.parse(req.body.toString('utf8'));
    const inserted = await ctx.sql.begin((tx) => recordPaymentEvent(tx, { provider: 'stripe', event, payload }));
    res.json({ received: true, duplicate: !inserted });
  });
  return router;
}
