/**
 * POST /api/webhooks/stripe: the signature is checked on the raw body (express.raw gives a Buffer
 * here); a verified event is recorded once by its id and hands over to the reconciliation job. A
 * forged or unsigned request changes nothing.
 */
import { Router } from 'express';
import type { AppContext } from '#core/context';
import { badRequest, notFound } from '#core/lib/errors';
import type { PaymentEvent } from '#core/services/payments/index';
import { enqueueReconcile } from '#core/services/payments/jobs';

/** Event types that can change an order's payment. */
const RECONCILE_TYPES = new Set([
  'payment_intent.succeeded',
  'payment_intent.processing',
  'payment_intent.payment_failed',
  'payment_intent.canceled',
  'charge.succeeded',
  'charge.refunded',
  'charge.refund.updated',
]);

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
    const inserted = await ctx.sql.begin(async (tx) => {
      const rows = await tx`
        insert into payment_events (id, provider, type, payment_intent_id, payload)
        values (${event.id}, 'stripe', ${event.type}, ${event.paymentIntentId}, ${tx.json(JSON.parse(req.body.toString('utf8')))})
        on conflict (id) do nothing
        returning id`;
      if (rows.length === 0) return false;
      if (event.paymentIntentId && RECONCILE_TYPES.has(event.type)) await enqueueReconcile(tx, event.paymentIntentId, event.id);
      else await tx`update payment_events set processed_at = now() where id = ${event.id}`;
      return true;
    });
    res.json({ received: true, duplicate: !inserted });
  });
  return router;
}
