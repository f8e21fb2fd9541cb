/**
 * Stripe's Payment Element. This module (and Stripe.js with it) is imported only by /checkout, and
 * only when the shop runs with Stripe, so the landing page bundle stays small.
 */
import { useEffect, useMemo } from 'react';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import type { ConfirmPayment } from './types';

const stripeByKey = new Map<string, Promise<Stripe | null>>();

type Props = { publishableKey: string; clientSecret: string; orderId: string; email: string; onReady: (confirm: ConfirmPayment | null) => void };

export default function StripeCardForm(props: Props) {
  const stripePromise = useMemo(() => {
    let p = stripeByKey.get(props.publishableKey);
    if (!p) {
      p = loadStripe(props.publishableKey);
      stripeByKey.set(props.publishableKey, p);
    }
    return p;
  }, [props.publishableKey]);
  return (
    <Elements stripe={stripePromise} options={{ clientSecret: props.clientSecret, appearance: { theme: 'stripe' } }}>
      <Inner {...props} />
    </Elements>
  );
}

function Inner({ orderId, email, onReady }: Props) {
  const stripe = useStripe();
  const elements = useElements();
  useEffect(() => {
    if (!stripe || !elements) return onReady(null);
    onReady(async () => {
      const { error, paymentIntent } = await stripe.confirmPayment({
        elements,
        confirmParams: { return_url: `${window.location.origin}/order-success/${orderId}`, receipt_email: email || undefined },
        redirect: 'if_required',
      });
      if (error) return { status: 'failed', message: error.message ?? 'Payment processing failed. Please try again.' };
      if (paymentIntent?.status === 'succeeded') return { status: 'succeeded' };
      return { status: 'other' };
    });
    return () => onReady(null);
  }, [stripe, elements, orderId, email, onReady]);
  return <PaymentElement options={{ layout: 'tabs' }} />;
}
