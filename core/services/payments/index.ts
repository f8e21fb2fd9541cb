/**
 * Payments behind one interface: Stripe when the Stripe keys are set, otherwise the built-in
 * test-mode card provider ("demo") whose intents live in PostgreSQL. The choice is made once, at boot.
 *
 * Every method takes the caller's database handle: the demo provider keeps its state in our own
 * tables (so it can join the caller's transaction); Stripe ignores it.
 */
import type { Env } from '#shared/env';
import { DemoPayments } from './demo';
import type { PaymentProvider } from './types';

export * from './types';

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
