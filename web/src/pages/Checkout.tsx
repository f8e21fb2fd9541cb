/**
 * /checkout: reads `checkoutData` from sessionStorage (back to / when missing or invalid). The form
 * state lives in useCheckoutForm (an order and payment intent at load, re-priced when delivery, rate
 * or rush change; every amount shown is the server's); the page is a list of sections and the Pay
 * step, which names and focuses the first missing or wrong field before anything is sent. A refused
 * card says why at the card field (focused) as well as in the spec's toast, until the card changes.
 * On a phone the total and Pay stay in a bar at the bottom of the screen. A member of a firm with
 * Net 30 terms may choose the firm's account instead of a card: the order is placed at once and the
 * page goes straight to the order.
 */
import { HoldersSection } from '../components/checkout/HoldersSection';
import { RecipientsSection } from '../components/checkout/RecipientsSection';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore, type BaseSyntheticEvent } from 'react';
import { createPortal } from 'react-dom';
import type { FieldErrors } from 'react-hook-form';
import { useLocation } from 'wouter';
import { CHECKOUT_DATA_KEY, CheckoutDataSchema, type CheckoutData } from '#shared/checkout';
import { UPLOADED_FILE_KEY } from '#shared/storageKeys';
import { formatDollars } from '#shared/money';
import { ORDER_PRINT_SIZE_LABELS, PRINT_TYPE_LABELS, setsText } from '#shared/pricing';
import { ApiError, apiRequest } from '../data/client';
import { useUser } from '../data/auth';
import { useShopConfig } from '../data/config';
import { useSubmit } from '../data/useSubmit';
import { toast } from '../components/toast';
import { Button, Card, CardHeader } from '../components/ui';
import type { DemoCard } from '../components/checkout/DemoCardForm';
import { PriceBreakdown } from '../components/checkout/PriceBreakdown';
import { ContactSection } from '../components/checkout/ContactSection';
import { JobDetailsSection } from '../components/checkout/JobDetails';
import { TurnaroundSection } from '../components/checkout/TurnaroundSection';
import { ProjectSection } from '../components/checkout/ProjectSection';
import { DeliverySection } from '../components/checkout/DeliverySection';
import { PaymentSection } from '../components/checkout/PaymentSection';
import { useCheckoutForm, type CheckoutForm as Form } from '../components/checkout/useCheckoutForm';
import { FIELD_INPUTS, type CheckoutFields } from '../components/checkout/checkoutFields';
import type { ConfirmOutcome, ConfirmPayment, IntentAnswer } from '../components/checkout/types';
import { PaymentMethodChoice } from '../components/checkout/PaymentMethodChoice';
import { useMyFirm } from '../data/firm';
import type { PaymentMethod } from '#shared/invoice';
import { revisionText } from '#shared/orderText';

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

/** The first field with an error, in page order: its input's id and message. */
function firstProblem(errors: FieldErrors<CheckoutFields>): { id: string; message: string } | null {
  for (const [path, id] of FIELD_INPUTS) {
    const [head, tail] = path.split('.') as [keyof CheckoutFields, string | undefined];
    const error = tail ? (errors[head] as Record<string, { message?: string }> | undefined)?.[tail] : (errors[head] as { message?: string } | undefined);
    if (error?.message) return { id, message: error.message };
  }
  return null;
}

/** Below 1024 px: Pay and the total go in a bar fixed to the bottom of the screen. */
const NARROW = '(max-width: 1023.98px)';
/** The bar's height and a margin: what scrolling keeps clear at the bottom (the spacer is h-24, 6rem). */
const PAY_BAR_ROOM = '7rem';

/** Whether the screen is narrower than the two-column checkout, following changes (a phone turned). */
function useNarrowScreen(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const query = window.matchMedia(NARROW);
      query.addEventListener('change', onChange);
      return () => query.removeEventListener('change', onChange);
    },
    () => window.matchMedia(NARROW).matches,
  );
}

function CheckoutForm({ data, user }: { data: CheckoutData; user: ReturnType<typeof useUser>['user'] }) {
  const [, navigate] = useLocation();
  const narrow = useNarrowScreen();
  // With the Pay bar fixed at the bottom, a field focused or scrolled to stops above it, not under it.
  useEffect(() => {
    if (!narrow) return;
    const root = document.documentElement;
    const before = root.style.scrollPaddingBottom;
    root.style.scrollPaddingBottom = PAY_BAR_ROOM;
    return () => {
      root.style.scrollPaddingBottom = before;
    };
  }, [narrow]);
  const { shop } = useShopConfig();
  const form = useCheckoutForm(data, user);
  const [card, setCardState] = useState<DemoCard>({ number: '', expiry: '', cvc: '' });
  const [stripeConfirm, setStripeConfirm] = useState<ConfirmPayment | null>(null);
  const onStripeReady = useCallback((fn: ConfirmPayment | null) => setStripeConfirm(() => fn), []);
  // Why Pay did not go through, shown next to it. A field's problem follows the fields as they are
  // corrected (the first one left, or none), so a fixed field's message does not linger.
  const [problem, setProblem] = useState<{ message: string; fromFields: boolean } | null>(null);
  /** Why the card was refused: stays at the card field until the card changes. */
  const [cardError, setCardError] = useState<string | null>(null);
  const cardInput = useRef<HTMLInputElement>(null);
  const stripeError = useRef<HTMLDivElement>(null);
  // Focus goes to the card once its error is on screen (the input is enabled again by then).
  const [focusCard, setFocusCard] = useState(0);
  useEffect(() => {
    const target = cardInput.current ?? stripeError.current;
    if (!focusCard || !target) return;
    // In the middle of the screen, so the message under it is not behind a phone's Pay bar.
    target.focus({ preventScroll: true });
    target.scrollIntoView({ block: 'center' });
  }, [focusCard]);

  const setCard = (next: DemoCard) => {
    if (next.number !== card.number) setCardError(null);
    setCardState(next);
  };

  // Paying on account: only for a signed-in member of a firm the counter opened terms for.
  const { data: myFirm } = useMyFirm(Boolean(user));
  const accountFirm = myFirm?.firm?.terms.terms ? myFirm.firm : null;
  const [method, setMethod] = useState<PaymentMethod>('card');
  const onAccount = method === 'invoice' && accountFirm !== null;

  const pay = useSubmit(() => (onAccount ? placeOnAccount(form) : payOrder(form, card, stripeConfirm)), {
    fallback: 'There was an error processing your payment. Please try again.',
    onError: (message) => {
      setProblem({ message, fromFields: false });
      toast({ title: 'Payment Error', description: message, variant: 'destructive' });
    },
  });

  const { intent } = form;
  // A member's card order over the firm's approval limit: Pay sends it for approval, the card comes later.
  const forApproval = !onAccount && Boolean(intent?.approvalRequired);
  const providerReady = intent !== null && (intent.provider === 'demo' || (intent.provider === 'stripe' && stripeConfirm !== null));
  // Not while the total is being re-priced: the button would offer a total about to change.
  const submitDisabled = pay.busy || form.updating || !intent || (!onAccount && !forApproval && (!intent.clientSecret || !providerReady));

  /** Pay with a field missing or wrong: the spec's toast, the first problem named next to Pay, and its field focused (by react-hook-form). */
  function onInvalid(errors: FieldErrors<CheckoutFields>) {
    const first = firstProblem(errors);
    if (!first) return;
    setProblem({ message: first.message, fromFields: true });
    const values = form.fields.getValues();
    const missing = FIELD_INPUTS.some(([path]) => {
      const [head, tail] = path.split('.') as [keyof CheckoutFields, string | undefined];
      const value = tail ? (values[head] as Record<string, string>)[tail] : values[head];
      const error = tail ? (errors[head] as Record<string, unknown> | undefined)?.[tail] : errors[head];
      return Boolean(error) && typeof value === 'string' && value.trim() === '';
    });
    toast(
      missing
        ? { title: 'Missing Information', description: 'Please fill in all required fields.', variant: 'destructive' }
        : { title: 'Please check your details', description: first.message, variant: 'destructive' },
    );
  }

  async function onValid() {
    if (!intent) return;
    const noRate = form.missingRate();
    if (noRate) {
      setProblem({ message: noRate, fromFields: false });
      form.setRateProblem(noRate);
      toast({ title: 'Please check your details', description: noRate, variant: 'destructive' });
      document.getElementById('shipping-rate')?.focus();
      return;
    }
    setProblem(null);
    setCardError(null);
    const outcome = await pay.submit();
    if (!outcome) return;
    if (outcome.status === 'failed') {
      const message = outcome.message || 'Payment processing failed. Please try again.';
      toast({ title: 'Payment Failed', description: message, variant: 'destructive' });
      setCardError(message);
      setFocusCard((n) => n + 1);
      return;
    }
    if (outcome.status === 'changed') {
      const message = `The total is now ${formatDollars(outcome.total)}. Nothing was charged: please check it and press Pay again.`;
      setProblem({ message, fromFields: false });
      toast({ title: 'Total updated', description: message, variant: 'destructive' });
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
    navigate(`/order-success/${'orderId' in outcome ? outcome.orderId : intent.orderId}`);
  }

  const onSubmit = (event: BaseSyntheticEvent) => {
    if (!intent) {
      event.preventDefault();
      return;
    }
    void form.fields.handleSubmit(onValid, onInvalid)(event);
  };

  const amounts = form.amounts;
  const shownProblem = problem?.fromFields ? (firstProblem(form.fields.formState.errors)?.message ?? null) : (problem?.message ?? null);
  // While a change is re-priced Pay names no amount (and is disabled above): ticking Rush and pressing
  // "Pay $19.16" at once used to charge $40.49.
  const payLabel = pay.busy
    ? 'Processing…'
    : onAccount
      ? 'Place order on account'
      : forApproval
        ? 'Send for approval'
        : amounts && !amounts.pending && !form.updating
          ? `Pay ${formatDollars(amounts.total)}`
          : 'Pay';
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:py-12">
      <h1 className="text-3xl font-bold text-blueprint-900">Checkout</h1>
      <p className="mt-1 text-slate-600">
        Complete your order: your prints are made at {shop.name}, {shop.address}.
      </p>

      <form id="checkout-form" onSubmit={onSubmit} noValidate className="mt-8 grid gap-6 lg:grid-cols-[1fr_380px]">
        <div className="grid min-w-0 gap-6">
          <ContactSection form={form} />
          <JobDetailsSection value={form.job} onChange={form.setJob} disabled={pay.busy} poRequired={myFirm?.firm?.rules.requirePoNumber ?? false} />
          <ProjectSection
            signedIn={Boolean(user)}
            projectId={form.projectId}
            onChange={form.setProjectId}
            costCode={form.costCode}
            onCostCodeChange={form.setCostCode}
            disabled={pay.busy}
          />
          <TurnaroundSection form={form} />
          {form.toHolders ? (
            <HoldersSection form={form} />
          ) : (
            <>
              <RecipientsSection form={form} disabled={pay.busy} />
              {form.recipients === null && <DeliverySection form={form} />}
            </>
          )}
          {accountFirm ? <PaymentMethodChoice firm={accountFirm} value={method} onChange={setMethod} disabled={pay.busy} /> : null}
          {forApproval && intent?.approvalRequired ? (
            <Card>
              <CardHeader title="Payment" description="This order needs your firm’s approval first." />
              <p className="p-6 text-sm text-slate-700" data-testid="approval-needed">
                It is over your firm’s approval limit, so it goes to {intent.approvalRequired.waitsFor} for approval. Once they approve it, you pay by card on
                its order page; nothing is charged or printed until then.
              </p>
            </Card>
          ) : null}
          {!onAccount && !forApproval && (
            <PaymentSection
              form={form}
              card={card}
              onCard={setCard}
              processing={pay.busy}
              onStripeReady={onStripeReady}
              cardError={cardError}
              cardRef={cardInput}
              stripeErrorRef={stripeError}
            />
          )}
        </div>

        <div className="lg:sticky lg:top-20 lg:self-start">
          <Card>
            <CardHeader title="Order summary" />
            <div className="grid gap-4 p-6">
              <div className="text-sm text-slate-700">
                <p className="break-words font-medium text-slate-900">{data.fileName}</p>
                {data.revision && (
                  <p className="font-medium text-blueprint-800" data-testid="revision-summary">
                    {revisionText(data.revision.previousOrderNumber, data.revision.printPositions.length)}
                  </p>
                )}
                {form.toHolders && form.amounts?.recipients && (
                  <p className="text-slate-700" data-testid="holders-summary">
                    To {form.amounts.recipients.length} {form.amounts.recipients.length === 1 ? 'holder' : 'holders'} of the set, each their own package
                  </p>
                )}
                <p>
                  {!form.toHolders &&
                    form.recipients === null &&
                    ((data.sets ?? 1) !== 1 || (data.halfSets ?? 0) > 0 || (data.reducedSets ?? 0) > 0) &&
                    `${setsText(data.sets ?? 1, data.halfSets ?? 0, data.reducedSets ?? 0)} × `}
                  {data.pageCount} {data.pageCount === 1 ? 'sheet' : 'sheets'} · {ORDER_PRINT_SIZE_LABELS[data.printSize]} · {PRINT_TYPE_LABELS[data.printType]}
                </p>
                {form.rushOrder && <p className="mt-1 font-semibold text-orange-800">RUSH ORDER</p>}
              </div>
              <PriceBreakdown amounts={amounts} pageCount={data.pageCount} shippingMethod={form.shippingMethod} updating={form.updating} />
              {/* From 1024 px Pay sits here, beside the form; below that it is in the bar at the bottom. */}
              {!narrow && (
                <Button type="submit" size="lg" disabled={submitDisabled} className="w-full">
                  {payLabel}
                </Button>
              )}
              {shownProblem && (
                <p className="text-sm text-red-700" role="alert" data-testid="pay-problem">
                  {shownProblem}
                </p>
              )}
              <p className="text-xs text-slate-500">
                {/* On the firm's account no card is asked for: only the files' words apply. */}
                {onAccount || forApproval ? '' : 'Your card details go to the payment provider only. '}Files are processed securely and deleted after printing.
              </p>
            </div>
          </Card>
        </div>
      </form>
      {/*
        In <body>, so the page transition's scale never moves it; its button submits the form by id.
        The spacer after everything (the footer too) lets the end of the page scroll out from under it.
      */}
      {narrow &&
        createPortal(
          <>
            <div aria-hidden="true" className="h-24" />
            <div
              data-testid="pay-bar"
              className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white/95 px-4 py-3 shadow-[0_-4px_12px_rgba(15,23,42,0.08)] backdrop-blur"
            >
              <div className="mx-auto flex max-w-6xl items-center justify-between gap-4">
                <div className="min-w-0 text-sm">
                  <p className="text-slate-600">{amounts?.pending ? 'Total before shipping and tax' : 'Total'}</p>
                  <p className="text-lg font-bold text-slate-900" data-testid="pay-bar-total">
                    {amounts ? formatDollars(amounts.total) : '…'}
                  </p>
                </div>
                <Button type="submit" form="checkout-form" size="lg" disabled={submitDisabled} className="shrink-0">
                  {payLabel}
                </Button>
              </div>
            </div>
          </>,
          document.body,
        )}
    </div>
  );
}

/** Places the order on the firm's account (a new order, no card): resolves with its id. */
async function placeOnAccount(form: Form): Promise<{ status: 'succeeded'; orderId: string }> {
  const answer = await apiRequest<{ orderId: string }>('POST', '/api/create-payment-intent', { ...form.body(), paymentMethod: 'invoice' });
  return { status: 'succeeded', orderId: answer.orderId };
}

/** Puts the customer's details and final choices on the order, then confirms the card. */
async function payOrder(form: Form, card: DemoCard, stripeConfirm: ConfirmPayment | null): Promise<ConfirmOutcome | { status: 'succeeded'; orderId: string }> {
  const intent = form.intent;
  if (!intent) throw new Error('The payment is not ready yet.');
  const shown = form.amounts?.total;
  const answer = await apiRequest<IntentAnswer>('POST', '/api/create-payment-intent', { ...form.body(), orderId: intent.orderId, updateOnly: true });
  // Over the firm's approval limit it is now placed to wait (nothing charged): on to its order page.
  if (answer?.paymentStatus === 'awaiting_approval') return { status: 'succeeded', orderId: answer.orderId };
  if (!answer?.clientSecret || !answer?.orderId) throw new Error('There was an error processing your payment. Please try again.');
  form.setIntent((current) => (current ? { ...current, amounts: answer.amounts } : current));
  // The card is charged only the total the customer pressed Pay for: a re-pricing lost on the
  // network once left an old total on screen while Pay charged the new one (forms.test.ts, 'is the total charged').
  if (shown === undefined || Math.round(shown * 100) !== Math.round(answer.amounts.total * 100)) return { status: 'changed', total: answer.amounts.total };
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
