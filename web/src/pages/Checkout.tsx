/**
 * /checkout: reads `checkoutData` from sessionStorage (back to / when missing or invalid). The form
 * state lives in useCheckoutForm (an order and payment intent at load, re-priced when delivery, rate
 * or rush change; every amount shown is the server's); the page is a list of sections and the Pay
 * step, which names and focuses the first missing or wrong field before anything is sent.
 */
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { CHECKOUT_DATA_KEY, CheckoutDataSchema, type CheckoutData } from '../../../shared/checkout';
import { UPLOADED_FILE_KEY } from '../../../shared/storageKeys';
import { formatDollars } from '../../../shared/money';
import { PRINT_SIZE_LABELS, PRINT_TYPE_LABELS } from '../../../shared/pricing';
import { ApiError, apiRequest } from '../api/client';
import { useUser } from '../api/auth';
import { useShopConfig } from '../api/config';
import { useSubmit } from '../api/useSubmit';
import { toast } from '../components/toast';
import { Button, Card, CardHeader } from '../components/ui';
import type { DemoCard } from '../components/checkout/DemoCardForm';
import { PriceBreakdown } from '../components/checkout/PriceBreakdown';
import { ContactSection } from '../components/checkout/ContactSection';
import { JobDetailsSection } from '../components/checkout/JobDetails';
import { TurnaroundSection } from '../components/checkout/TurnaroundSection';
import { DeliverySection } from '../components/checkout/DeliverySection';
import { PaymentSection } from '../components/checkout/PaymentSection';
import { useCheckoutForm, type CheckoutForm as Form } from '../components/checkout/useCheckoutForm';
import type { ConfirmOutcome, ConfirmPayment, IntentAnswer } from '../components/checkout/types';

/** The stored checkout data, or null when it is missing or does not parse. */
function readCheckoutData(): CheckoutData | null {
  try {
    const raw = sessionStorage.getItem(CHECKOUT_DATA_KEY);
    if (!raw) return null;
    const parsed = CheckoutDataSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export default function Checkout() {
  const [, navigate] = useLocation();
  // Read once, when the page opens.
  const [data] = useState(readCheckoutData);
  const { user, isLoading } = useUser();
  useEffect(() => {
    if (!data) navigate('/', { replace: true });
  }, [data, navigate]);
  // Wait for the account so a signed-in customer never sees the guest form first.
  if (!data || isLoading) return null;
  return <CheckoutForm data={data} user={user} />;
}

function CheckoutForm({ data, user }: { data: CheckoutData; user: ReturnType<typeof useUser>['user'] }) {
  const [, navigate] = useLocation();
  const { shop } = useShopConfig();
  const form = useCheckoutForm(data, user);
  const [card, setCard] = useState<DemoCard>({ number: '', expiry: '', cvc: '' });
  const [stripeConfirm, setStripeConfirm] = useState<ConfirmPayment | null>(null);
  const onStripeReady = useCallback((fn: ConfirmPayment | null) => setStripeConfirm(() => fn), []);
  const [problem, setProblem] = useState<string | null>(null);

  const pay = useSubmit(() => payOrder(form, card, stripeConfirm), {
    fallback: 'There was an error processing your payment. Please try again.',
    onError: (message) => toast({ title: 'Payment Error', description: message, variant: 'destructive' }),
  });

  const { intent } = form;
  const providerReady = intent !== null && (intent.provider === 'demo' || (intent.provider === 'stripe' && stripeConfirm !== null));
  const submitDisabled = pay.busy || !intent?.clientSecret || !providerReady;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!intent) return;
    const problems = form.problems();
    form.setShowErrors(true);
    if (problems.length > 0) {
      const [field, message] = problems[0];
      setProblem(message);
      toast({ title: 'Please check your details', description: message, variant: 'destructive' });
      document.getElementById(field)?.focus();
      return;
    }
    setProblem(null);
    const outcome = await pay.submit();
    if (!outcome) return;
    if (outcome.status === 'failed') {
      toast({ title: 'Payment Failed', description: outcome.message || 'Payment processing failed. Please try again.', variant: 'destructive' });
      return;
    }
    if (outcome.status === 'other') {
      toast({ title: 'Payment Processing', description: 'Payment is being processed. You will be redirected shortly.' });
      return;
    }
    sessionStorage.removeItem(CHECKOUT_DATA_KEY);
    // The file is ordered: the upload card starts empty again instead of offering it a second time.
    sessionStorage.removeItem(UPLOADED_FILE_KEY);
    if (form.createAccount && !user)
      toast({ title: 'Account on its way', description: 'If you do not have an account yet, we will email you a link to set your password.' });
    navigate(`/order-success/${intent.orderId}`);
  }

  const amounts = form.amounts;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:py-12">
      <h1 className="text-3xl font-bold text-blueprint-900">Checkout</h1>
      <p className="mt-1 text-slate-600">
        Complete your order: your prints are made at {shop.name}, {shop.address}.
      </p>

      <form onSubmit={onSubmit} noValidate className="mt-8 grid gap-6 lg:grid-cols-[1fr_380px]">
        <div className="grid gap-6">
          <ContactSection form={form} />
          <JobDetailsSection value={form.job} onChange={form.setJob} disabled={pay.busy} />
          <TurnaroundSection form={form} />
          <DeliverySection form={form} />
          <PaymentSection form={form} card={card} onCard={setCard} processing={pay.busy} onStripeReady={onStripeReady} />
        </div>

        <div className="lg:sticky lg:top-20 lg:self-start">
          <Card>
            <CardHeader title="Order summary" />
            <div className="grid gap-4 p-6">
              <div className="text-sm text-slate-700">
                <p className="break-words font-medium text-slate-900">{data.fileName}</p>
                <p>
                  {(data.sets ?? 1) > 1 && `${data.sets} sets × `}
                  {data.pageCount} {data.pageCount === 1 ? 'sheet' : 'sheets'} · {PRINT_SIZE_LABELS[data.printSize]} · {PRINT_TYPE_LABELS[data.printType]}
                </p>
                {form.rushOrder && <p className="mt-1 font-semibold text-orange-800">RUSH ORDER</p>}
              </div>
              <PriceBreakdown amounts={amounts} pageCount={data.pageCount} shippingMethod={form.shippingMethod} updating={form.updating} />
              <Button type="submit" size="lg" disabled={submitDisabled} className="w-full">
                {pay.busy ? 'Processing…' : amounts && !amounts.pending ? `Pay ${formatDollars(amounts.total)}` : 'Pay'}
              </Button>
              {problem && (
                <p className="text-sm text-red-700" role="alert" data-testid="pay-problem">
                  {problem}
                </p>
              )}
              <p className="text-xs text-slate-500">
                Your card details go to the payment provider only. Files are processed securely and deleted after printing.
              </p>
            </div>
          </Card>
        </div>
      </form>
    </div>
  );
}

/** Puts the customer's details and final choices on the order, then confirms the card. */
async function payOrder(form: Form, card: DemoCard, stripeConfirm: ConfirmPayment | null): Promise<ConfirmOutcome> {
  const intent = form.intent;
  if (!intent) throw new Error('The payment is not ready yet.');
  const answer = await apiRequest<IntentAnswer>('POST', '/api/create-payment-intent', { ...form.body(), orderId: intent.orderId, updateOnly: true });
  if (!answer?.clientSecret || !answer?.orderId) throw new Error('There was an error processing your payment. Please try again.');
  form.setIntent((current) => (current ? { ...current, amounts: answer.amounts } : current));
  if (intent.provider !== 'demo') {
    if (!stripeConfirm) throw new Error('The payment form is not ready yet.');
    return stripeConfirm();
  }
  try {
    const result = await apiRequest<{ status: 'succeeded' | 'declined'; message?: string }>('POST', '/api/payments/demo/confirm', {
      orderId: intent.orderId,
      cardNumber: card.number,
    });
    return result.status === 'succeeded' ? { status: 'succeeded' } : { status: 'failed', message: result.message ?? 'Your card was declined.' };
  } catch (error) {
    if (error instanceof ApiError && error.status === 400) return { status: 'failed', message: error.serverMessage };
    throw error;
  }
}
