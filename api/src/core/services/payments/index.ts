/**
 * Payments behind one interface: Stripe when the Stripe keys are set, otherwise the built-in
 * test-mode card provider ("demo") whose intents live in PostgreSQL. The choice is made once, at boot.
 *
 * Every method takes the caller's database handle: the demo provider keeps its state in our own
 * tables (so it can join the caller's transaction); Stripe ignores it.
 */
import type { Env } from '../../../../../shared/env';
import type { Queryable } from '../../lib/db';
import { DemoPayments } from './demo';

export type IntentStatus = 'requires_payment' | 'processing' | 'succeeded' | 'canceled' | 'refunded';

export type PaymentIntentInfo = {
  id: string;
  status: IntentStatus;
  amountCents: number;
  orderId: string | null;
  cardBrand?: string | null;
  cardLast4?: string | null;
};

/** A verified provider event, reduced to what reconciliation needs. */
export type PaymentEvent = { id: string; type: string; paymentIntentId: string | null; payload: unknown };

export interface PaymentProvider {
  readonly name: 'stripe' | 'demo';
  /** Key the browser needs (Stripe publishable key), or null for the demo provider. */
  readonly publishableKey: string | null;
  /** Creates the order's one intent (idempotent per order). */
  createIntent(db: Queryable, input: { orderId: string; amountCents: number; email?: string | null }): Promise<{ id: string; clientSecret: string }>;
  /** Changes the amount of an unpaid intent; resolves with its client secret. */
  updateIntent(db: Queryable, id: string, amountCents: number): Promise<{ clientSecret: string }>;
  /** The provider's current truth about a payment. */
  retrieveIntent(db: Queryable, id: string): Promise<PaymentIntentInfo>;
  /** Cancels an unpaid intent (clean-up of abandoned orders); a no-op when it cannot be cancelled. */
  cancelIntent(db: Queryable, id: string): Promise<void>;
  /** Verifies a webhook's signature on its raw body; throws when it does not match. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): PaymentEvent;
}

/** Thrown by a provider when it refuses a request for a reason the customer should read. */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly retryable = false,
  ) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}

/** Picks the payment adapter from the environment; the Stripe SDK is loaded only when it is chosen. */
export async function createPayments(env: Env): Promise<PaymentProvider> {
  if (env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY && env.STRIPE_WEBHOOK_SECRET) {
    const { StripePayments } = await import('./stripe');
    return new StripePayments({
      secretKey: env.STRIPE_SECRET_KEY,
      publishableKey: env.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET,
      apiBase: env.STRIPE_API_BASE,
    });
  }
  return new DemoPayments();
}
