/** The card form of the configured provider: the built-in demo form or Stripe Elements (lazy). */
import { lazy, Suspense, type Ref } from 'react';
import { useShopConfig } from '../../data/config';
import { Card, CardHeader, ErrorNote, Spinner } from '../ui';
import { DemoCardForm, type DemoCard } from './DemoCardForm';
import type { ConfirmPayment } from './types';
import type { CheckoutForm } from './useCheckoutForm';

const StripeCardForm = lazy(() => import('./StripeCardForm'));

export function PaymentSection({
  form,
  card,
  onCard,
  processing,
  onStripeReady,
  cardError,
  cardRef,
  stripeErrorRef,
}: {
  form: CheckoutForm;
  card: DemoCard;
  onCard: (card: DemoCard) => void;
  processing: boolean;
  onStripeReady: (fn: ConfirmPayment | null) => void;
  /** Why the last payment failed (declined, a bad number): stays at the card until it changes. */
  cardError: string | null;
  /** The demo form's card number input, focused after a failure. */
  cardRef: Ref<HTMLInputElement>;
  /** Stripe's card form lives in its frame: its failure note takes focus instead. */
  stripeErrorRef: Ref<HTMLDivElement>;
}) {
  const config = useShopConfig();
  const { intent, intentError } = form;
  return (
    <Card>
      <CardHeader title="Payment" description="Payment is required before printing." />
      <div className="p-6">
        {!intent && !intentError && <Spinner label="Preparing secure payment…" />}
        {intentError && (
          <p className="text-sm text-red-700" role="alert">
            {intentError}
          </p>
        )}
        {intent?.provider === 'demo' && <DemoCardForm ref={cardRef} card={card} onChange={onCard} disabled={processing} error={cardError} />}
        {intent?.provider === 'stripe' && intent.clientSecret && config.stripePublishableKey && (
          <Suspense fallback={<Spinner label="Loading the card form…" />}>
            <StripeCardForm
              publishableKey={config.stripePublishableKey}
              clientSecret={intent.clientSecret}
              orderId={intent.orderId}
              email={form.contact.email}
              onReady={onStripeReady}
            />
          </Suspense>
        )}
        {intent?.provider === 'stripe' && cardError && (
          <ErrorNote ref={stripeErrorRef} title="Payment Failed" className="mt-3">
            {cardError}
          </ErrorNote>
        )}
      </div>
    </Card>
  );
}
