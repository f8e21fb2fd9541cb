/**
 * Stripe adapter: PaymentIntents with automatic payment methods. The order id travels in the
 * intent's metadata, so a webhook that arrives before our order row is committed can still be
 * matched later. `apiBase` (STRIPE_API_BASE) points the SDK at a local fake in tests.
 */
import Stripe from 'stripe';
import type { Queryable } from '../../lib/db';
import { PaymentProviderError, type IntentStatus, type PaymentEvent, type PaymentIntentInfo, type PaymentProvider } from './types';

export type StripeOptions = { secretKey: string; publishableKey: string; webhookSecret: string; apiBase?: string };

/** Builds the SDK client, honouring a test base URL (host, port, protocol). */
export function makeStripeClient(secretKey: string, apiBase?: string): Stripe {
  if (!apiBase) return new Stripe(secretKey, { maxNetworkRetries: 2, telemetry: false });
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(secretKey, {
    host: url.hostname,
    port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443,
    protocol,
    maxNetworkRetries: 0,
    telemetry: false,
  });
}

function mapStatus(intent: Stripe.PaymentIntent): IntentStatus {
  const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
  if (charge?.refunded) return 'refunded';
  switch (intent.status) {
    case 'succeeded':
      return 'succeeded';
    case 'processing':
      return 'processing';
    case 'canceled':
      return 'canceled';
    default:
      return 'requires_payment';
  }
}

function toProviderError(error: unknown): Error {
  if (error instanceof Stripe.errors.StripeError) {
    const retryable = error.type === 'StripeConnectionError' || error.type === 'StripeAPIError' || error.type === 'StripeRateLimitError';
    return new PaymentProviderError(error.message, retryable);
  }
  return error instanceof Error ? error : new Error(String(error));
}

export class StripePayments implements PaymentProvider {
  readonly name = 'stripe' as const;
  readonly publishableKey: string;
  readonly stripe: Stripe;
  private readonly webhookSecret: string;

  constructor(options: StripeOptions) {
    this.publishableKey = options.publishableKey;
    this.webhookSecret = options.webhookSecret;
    this.stripe = makeStripeClient(options.secretKey, options.apiBase);
  }

  async createIntent(_db: Queryable, input: { orderId: string; amountCents: number; email?: string | null; invoiceId?: string }) {
    try {
      const intent = await this.stripe.paymentIntents.create(
        {
          amount: input.amountCents,
          currency: 'usd',
          automatic_payment_methods: { enabled: true },
          metadata: { orderId: input.orderId, ...(input.invoiceId ? { invoiceId: input.invoiceId } : {}) },
          ...(input.email ? { receipt_email: input.email } : {}),
        },
        // A retried request for the same order must not create a second intent.
        { idempotencyKey: input.invoiceId ? `invoice:${input.invoiceId}:intent` : `order:${input.orderId}:intent` },
      );
      if (!intent.client_secret) throw new PaymentProviderError('The payment provider returned no client secret.', true);
      return { id: intent.id, clientSecret: intent.client_secret };
    } catch (error) {
      throw toProviderError(error);
    }
  }

  async updateIntent(_db: Queryable, id: string, amountCents: number) {
    try {
      const intent = await this.stripe.paymentIntents.update(id, { amount: amountCents });
      if (!intent.client_secret) throw new PaymentProviderError('The payment provider returned no client secret.', true);
      return { clientSecret: intent.client_secret };
    } catch (error) {
      throw toProviderError(error);
    }
  }

  async retrieveIntent(_db: Queryable, id: string): Promise<PaymentIntentInfo> {
    try {
      const intent = await this.stripe.paymentIntents.retrieve(id, { expand: ['latest_charge'] });
      const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
      const card = charge?.payment_method_details?.card ?? null;
      return {
        id: intent.id,
        status: mapStatus(intent),
        amountCents: intent.amount,
        orderId: intent.metadata?.orderId ?? null,
        cardBrand: card?.brand ?? null,
        cardLast4: card?.last4 ?? null,
      };
    } catch (error) {
      throw toProviderError(error);
    }
  }

  async cancelIntent(_db: Queryable, id: string): Promise<void> {
    try {
      await this.stripe.paymentIntents.cancel(id);
    } catch (error) {
      // An intent that already succeeded or was cancelled cannot be cancelled: nothing to do.
      if (error instanceof Stripe.errors.StripeInvalidRequestError) return;
      throw toProviderError(error);
    }
  }

  async refund(_db: Queryable, id: string, idempotencyKey: string): Promise<void> {
    try {
      await this.stripe.refunds.create({ payment_intent: id }, { idempotencyKey });
    } catch (error) {
      // "charge_already_refunded": the money is back already, which is all we wanted.
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'charge_already_refunded') return;
      throw toProviderError(error);
    }
  }

  verifyWebhook(rawBody: Buffer, signature: string | undefined): PaymentEvent {
    if (!signature) throw new PaymentProviderError('Missing Stripe-Signature header.');
    const event = this.stripe.webhooks.constructEvent(rawBody, signature, this.webhookSecret);
    const object = event.data.object as { object?: string; id?: string; payment_intent?: string | { id: string } | null };
    let paymentIntentId: string | null = null;
    if (object.object === 'payment_intent') paymentIntentId = object.id ?? null;
    else if (object.payment_intent) paymentIntentId = typeof object.payment_intent === 'string' ? object.payment_intent : object.payment_intent.id;
    return { id: event.id, type: event.type, paymentIntentId, payload: event };
  }
}
