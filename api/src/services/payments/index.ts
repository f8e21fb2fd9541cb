/**
 * Payments behind one interface: Stripe when the Stripe keys are set, otherwise the built-in
 * test-mode card provider ("demo"). The checkout issue implements both.
 */
import type { Env } from '../../../../shared/env';

export type IntentStatus = 'requires_payment' | 'processing' | 'succeeded' | 'canceled' | 'refunded';

export type PaymentIntentInfo = {
  id: string;
  status: IntentStatus;
  amountCents: number;
  orderId: string | null;
  cardBrand?: string | null;
  cardLast4?: string | null;
};

export interface PaymentProvider {
  readonly name: 'stripe' | 'demo';
  /** Key the browser needs (Stripe publishable key), or null for the demo provider. */
  readonly publishableKey: string | null;
  createIntent(input: { orderId: string; amountCents: number; email: string }): Promise<{ id: string; clientSecret: string }>;
  updateIntent(id: string, amountCents: number): Promise<void>;
  /** The provider's current truth about a payment. */
  retrieveIntent(id: string): Promise<PaymentIntentInfo>;
}

/** Picks the payment adapter from the environment. Replaced by the checkout issue. */
export function createPayments(_env: Env): PaymentProvider | null {
  return null;
}
