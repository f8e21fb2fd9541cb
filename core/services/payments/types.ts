/** The payments interface and its types; adapters implement it, index.ts picks one. */
import type { Queryable } from '../../lib/db';

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
  /**
   * Creates the order's one intent (idempotent per order), or with `invoiceId` the one intent that
   * pays that invoice of an order placed on account (idempotent per invoice).
   */
  createIntent(
    db: Queryable,
    input: { orderId: string; amountCents: number; email?: string | null; invoiceId?: string },
  ): Promise<{ id: string; clientSecret: string }>;
  /** Changes the amount of an unpaid intent; resolves with its client secret. */
  updateIntent(db: Queryable, id: string, amountCents: number): Promise<{ clientSecret: string }>;
  /** The provider's current truth about a payment. */
  retrieveIntent(db: Queryable, id: string): Promise<PaymentIntentInfo>;
  /** Cancels an unpaid intent (clean-up of abandoned orders); a no-op when it cannot be cancelled. */
  cancelIntent(db: Queryable, id: string): Promise<void>;
  /**
   * Refunds a succeeded payment in full (a payment that arrived for a cancelled order). Idempotent:
   * the same `idempotencyKey` refunds once, and an intent already refunded is left alone.
   */
  refund(db: Queryable, id: string, idempotencyKey: string): Promise<void>;
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
