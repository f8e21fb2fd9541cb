/**
 * /checkout: reads `checkoutData` from sessionStorage (back to / when missing or invalid), asks the
 * server for an order and a payment intent at load (placeholders, pickup), re-prices it (debounced
 * 500 ms) when delivery, rate or rush change, and pays with the provider's card form. Every amount
 * shown is the server's.
 */
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { CHECKOUT_DATA_KEY, CheckoutDataSchema, type CheckoutData } from '../../../shared/checkout';
import { UPLOADED_FILE_KEY } from '../../../shared/storageKeys';
import { formatDollars } from '../../../shared/money';
import { PRINT_SIZE_LABELS, PRINT_TYPE_LABELS, RUSH_FEE_CENTS } from '../../../shared/pricing';
import { ApiError, apiRequest } from '../api/client';
import { useShopConfig } from '../api/config';
import { toast } from '../components/toast';
import { Button, Card, CardHeader, Field, Input, Spinner } from '../components/ui';
import { DemoCardForm, type DemoCard } from '../components/checkout/DemoCardForm';
import { PickupInfo } from '../components/checkout/PickupInfo';
import { PriceBreakdown } from '../components/checkout/PriceBreakdown';
import { JobDetailsSection, jobDetailsFrom, printsBody, type JobDetails } from '../components/checkout/JobDetails';
import { formatDeliveryDate, type Address, type ConfirmPayment, type IntentAnswer, type ShippingRate } from '../components/checkout/types';

const StripeCardForm = lazy(() => import('../components/checkout/StripeCardForm'));

const EMPTY_ADDRESS: Address = { street1: '', street2: '', city: '', state: '', zipCode: '' };
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

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

function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

export default function Checkout() {
  const [, navigate] = useLocation();
  const data = useMemo(readCheckoutData, []);
  useEffect(() => {
    if (!data) navigate('/', { replace: true });
  }, [data, navigate]);
  if (!data) return null;
  return <CheckoutForm data={data} />;
}

function CheckoutForm({ data }: { data: CheckoutData }) {
  const [, navigate] = useLocation();
  const config = useShopConfig();
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [rushOrder, setRushOrder] = useState(false);
  const [shippingMethod, setShippingMethod] = useState<'pickup' | 'shipping'>('pickup');
  const [address, setAddress] = useState<Address>(EMPTY_ADDRESS);
  const [rates, setRates] = useState<ShippingRate[]>([]);
  const [rateId, setRateId] = useState<string | null>(null);
  const [ratesLoading, setRatesLoading] = useState(false);
  const [ratesError, setRatesError] = useState<string | null>(null);
  const [createAccount, setCreateAccount] = useState(false);
  const [job, setJob] = useState<JobDetails>(() => jobDetailsFrom(data));
  const [intent, setIntent] = useState<IntentAnswer | null>(null);
  const [intentError, setIntentError] = useState<string | null>(null);
  const [updating, setUpdating] = useState(false);
  const [processing, setProcessing] = useState(false);
  const [card, setCard] = useState<DemoCard>({ number: '', expiry: '', cvc: '' });
  const [stripeConfirm, setStripeConfirm] = useState<ConfirmPayment | null>(null);
  const onStripeReady = useCallback((fn: ConfirmPayment | null) => setStripeConfirm(() => fn), []);

  const baseBody = useCallback(
    () => ({
      uploadId: data.uploadId,
      printSize: data.printSize,
      ...printsBody(data),
      ...job,
      rushOrder,
      shippingMethod,
      rateId: shippingMethod === 'shipping' ? rateId : null,
      shippingAddress: shippingMethod === 'shipping' ? address : null,
      createAccount,
    }),
    [data, job, rushOrder, shippingMethod, rateId, address, createAccount],
  );

  // A payment intent at load, with placeholder customer values and pickup (the spec's flow).
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    apiRequest<IntentAnswer>('POST', '/api/create-payment-intent', {
      uploadId: data.uploadId,
      printSize: data.printSize,
      ...printsBody(data),
      rushOrder: false,
      shippingMethod: 'pickup',
      rateId: null,
      shippingAddress: null,
      customerEmail: '',
      customerFirstName: '',
      customerLastName: '',
      customerPhone: '',
    })
      .then((answer) => {
        if (!answer?.clientSecret || !answer?.orderId) throw new Error('There was an error processing your payment. Please try again.');
        setIntent(answer);
      })
      .catch((error: unknown) => {
        const message = errorMessage(error, 'There was an error processing your payment. Please try again.');
        setIntentError(message);
        toast({ title: 'Payment Error', description: message, variant: 'destructive' });
      });
  }, [data]);

  // Shipping rates once the ZIP has 5 characters (and the rest of the address is there).
  const addressKey = `${address.street1}|${address.city}|${address.state}|${address.zipCode}`;
  useEffect(() => {
    if (shippingMethod !== 'shipping') return;
    if (address.zipCode.trim().length < 5 || address.state.length !== 2 || !address.street1.trim() || !address.city.trim()) return;
    let cancelled = false;
    const timer = setTimeout(() => {
      setRatesLoading(true);
      setRatesError(null);
      apiRequest<ShippingRate[]>('POST', '/api/shipping-rates', { toAddress: address, printSize: data.printSize, pageCount: data.pageCount * (data.sets ?? 1) })
        .then((answer) => {
          if (cancelled) return;
          setRates(answer);
          setRateId(answer[0]?.rateId ?? null);
        })
        .catch((error: unknown) => {
          if (cancelled) return;
          setRates([]);
          setRateId(null);
          setRatesError(errorMessage(error, 'Unable to calculate shipping rates. Please try again.'));
          toast({ title: 'Shipping Error', description: 'Unable to calculate shipping rates. Please try again.', variant: 'destructive' });
        })
        .finally(() => !cancelled && setRatesLoading(false));
    }, 400);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shippingMethod, addressKey, data.printSize, data.pageCount, data.sets]);

  // Re-price the same order and intent, debounced 500 ms, when delivery, rate or rush change.
  const orderId = intent?.orderId ?? null;
  const firstPrice = useRef(true);
  useEffect(() => {
    if (!orderId) return;
    if (firstPrice.current) {
      firstPrice.current = false;
      return;
    }
    if (shippingMethod === 'shipping' && !rateId) return;
    let cancelled = false;
    setUpdating(true);
    const timer = setTimeout(() => {
      apiRequest<IntentAnswer>('POST', '/api/create-payment-intent', {
        ...baseBody(),
        orderId,
        updateOnly: true,
        customerEmail: email,
        customerFirstName: firstName,
        customerLastName: lastName,
        customerPhone: phone,
      })
        .then((answer) => !cancelled && setIntent((current) => (current ? { ...current, amounts: answer.amounts } : current)))
        .catch((error: unknown) => console.warn('Could not update the payment amount', error))
        .finally(() => !cancelled && setUpdating(false));
    }, 500);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [orderId, shippingMethod, rateId, rushOrder]);

  const chooseDelivery = (method: 'pickup' | 'shipping') => {
    setShippingMethod(method);
    if (method === 'pickup') {
      setRates([]);
      setRateId(null);
      setRatesError(null);
    }
  };

  const providerReady = intent !== null && (intent.provider === 'demo' || (intent.provider === 'stripe' && stripeConfirm !== null));
  const submitDisabled = processing || !intent?.clientSecret || !providerReady;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!intent) return;
    const missingCustomer = !firstName.trim() || !lastName.trim() || !email.trim();
    const missingAddress = shippingMethod === 'shipping' && (!address.street1.trim() || !address.city.trim() || address.state.length !== 2 || address.zipCode.trim().length < 5 || !rateId);
    if (missingCustomer || missingAddress) {
      toast({ title: 'Missing Information', description: 'Please fill in all required fields.', variant: 'destructive' });
      return;
    }
    if (!EMAIL_RE.test(email.trim())) {
      toast({ title: 'Missing Information', description: 'Please enter a valid email address', variant: 'destructive' });
      return;
    }
    setProcessing(true);
    try {
      // The order gets the real customer details and the final choices before the payment.
      const answer = await apiRequest<IntentAnswer>('POST', '/api/create-payment-intent', {
        ...baseBody(),
        orderId: intent.orderId,
        updateOnly: true,
        customerEmail: email.trim(),
        customerFirstName: firstName.trim(),
        customerLastName: lastName.trim(),
        customerPhone: phone.trim(),
      });
      if (!answer?.clientSecret || !answer?.orderId) throw new Error('There was an error processing your payment. Please try again.');
      setIntent((current) => (current ? { ...current, amounts: answer.amounts } : current));

      let outcome: Awaited<ReturnType<ConfirmPayment>>;
      if (intent.provider === 'demo') {
        try {
          const result = await apiRequest<{ status: 'succeeded' | 'declined'; message?: string }>('POST', '/api/payments/demo/confirm', {
            orderId: intent.orderId,
            cardNumber: card.number,
          });
          outcome = result.status === 'succeeded' ? { status: 'succeeded' } : { status: 'failed', message: result.message ?? 'Your card was declined.' };
        } catch (error) {
          if (error instanceof ApiError && error.status === 400) outcome = { status: 'failed', message: error.serverMessage };
          else throw error;
        }
      } else {
        if (!stripeConfirm) throw new Error('The payment form is not ready yet.');
        outcome = await stripeConfirm();
      }

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
      if (createAccount) toast({ title: 'Account on its way', description: 'If you do not have an account yet, we will email you a link to set your password.' });
      navigate(`/order-success/${intent.orderId}`);
    } catch (error) {
      toast({ title: 'Payment Error', description: errorMessage(error, 'There was an error processing your payment. Please try again.'), variant: 'destructive' });
    } finally {
      setProcessing(false);
    }
  }

  const sizeLabel = PRINT_SIZE_LABELS[data.printSize];
  const typeLabel = PRINT_TYPE_LABELS[data.printType];

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:py-12">
      <h1 className="text-3xl font-bold text-blueprint-900">Checkout</h1>
      <p className="mt-1 text-slate-600">Complete your order: your prints are made in Paramus, NJ.</p>

      <form onSubmit={onSubmit} noValidate className="mt-8 grid gap-6 lg:grid-cols-[1fr_380px]">
        <div className="grid gap-6">
          <Card>
            <CardHeader title="Contact information" description="We send your confirmation and receipt here." />
            <div className="grid gap-4 p-6 sm:grid-cols-2">
              <Field label="First name *" htmlFor="first-name">
                <Input id="first-name" autoComplete="given-name" required value={firstName} onChange={(e) => setFirstName(e.target.value)} />
              </Field>
              <Field label="Last name *" htmlFor="last-name">
                <Input id="last-name" autoComplete="family-name" required value={lastName} onChange={(e) => setLastName(e.target.value)} />
              </Field>
              <Field label="Email *" htmlFor="email">
                <Input id="email" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
              </Field>
              <Field label="Phone (optional)" htmlFor="phone">
                <Input id="phone" type="tel" autoComplete="tel" value={phone} onChange={(e) => setPhone(e.target.value)} />
              </Field>
              <label className="flex items-start gap-3 text-sm text-slate-700 sm:col-span-2">
                <input type="checkbox" className="mt-0.5 h-4 w-4 accent-blueprint-600" checked={createAccount} onChange={(e) => setCreateAccount(e.target.checked)} />
                <span>
                  <span className="font-medium text-slate-900">Create an account</span>
                  <span className="block text-slate-600">Track this order and reorder later. We email you a link to set your password.</span>
                </span>
              </label>
            </div>
          </Card>

          <JobDetailsSection value={job} onChange={setJob} disabled={processing} />

          <Card>
            <CardHeader title="Turnaround" />
            <div className="p-6">
              <label className="flex items-start gap-3 text-sm text-slate-700">
                <input type="checkbox" className="mt-0.5 h-4 w-4 accent-blueprint-600" checked={rushOrder} onChange={(e) => setRushOrder(e.target.checked)} />
                <span>
                  <span className="font-medium text-slate-900">Rush order (+{formatDollars(RUSH_FEE_CENTS / 100)})</span>
                  <span className="block text-slate-600">Typically ready in 4-6 hours.</span>
                </span>
              </label>
            </div>
          </Card>

          <Card>
            <CardHeader title="Delivery method" />
            <div className="grid gap-4 p-6">
              <fieldset className="grid gap-3 sm:grid-cols-2">
                <legend className="sr-only">Delivery method</legend>
                {(['pickup', 'shipping'] as const).map((method) => (
                  <label
                    key={method}
                    className={`flex cursor-pointer items-start gap-3 rounded-lg border p-4 text-sm ${shippingMethod === method ? 'border-blueprint-500 bg-blueprint-50' : 'border-slate-200 bg-white'}`}
                  >
                    <input type="radio" name="delivery" value={method} className="mt-0.5 h-4 w-4 accent-blueprint-600" checked={shippingMethod === method} onChange={() => chooseDelivery(method)} />
                    <span>
                      <span className="font-medium text-slate-900">{method === 'pickup' ? 'Pickup (Free)' : 'Shipping'}</span>
                      <span className="block text-slate-600">{method === 'pickup' ? 'Paramus, NJ: ready in 24-48 hours' : 'Delivered in a sturdy tube'}</span>
                    </span>
                  </label>
                ))}
              </fieldset>

              {shippingMethod === 'pickup' ? (
                <PickupInfo />
              ) : (
                <div className="grid gap-4">
                  <div className="grid gap-4 sm:grid-cols-2">
                    <div className="sm:col-span-2">
                      <Field label="Street address *" htmlFor="street1">
                        <Input id="street1" autoComplete="address-line1" value={address.street1} onChange={(e) => setAddress({ ...address, street1: e.target.value })} />
                      </Field>
                    </div>
                    <div className="sm:col-span-2">
                      <Field label="Apartment, suite (optional)" htmlFor="street2">
                        <Input id="street2" autoComplete="address-line2" value={address.street2} onChange={(e) => setAddress({ ...address, street2: e.target.value })} />
                      </Field>
                    </div>
                    <Field label="City *" htmlFor="city">
                      <Input id="city" autoComplete="address-level2" value={address.city} onChange={(e) => setAddress({ ...address, city: e.target.value })} />
                    </Field>
                    <div className="grid grid-cols-2 gap-4">
                      <Field label="State *" htmlFor="state">
                        <Input
                          id="state"
                          autoComplete="address-level1"
                          maxLength={2}
                          placeholder="NJ"
                          value={address.state}
                          onChange={(e) => setAddress({ ...address, state: e.target.value.toUpperCase().slice(0, 2) })}
                        />
                      </Field>
                      <Field label="ZIP *" htmlFor="zip">
                        <Input id="zip" autoComplete="postal-code" inputMode="numeric" maxLength={10} value={address.zipCode} onChange={(e) => setAddress({ ...address, zipCode: e.target.value })} />
                      </Field>
                    </div>
                  </div>

                  <div aria-live="polite">
                    {ratesLoading && <Spinner label="Getting shipping rates…" />}
                    {!ratesLoading && ratesError && (
                      <p className="text-sm text-red-700" role="alert">
                        {ratesError}
                      </p>
                    )}
                    {!ratesLoading && !ratesError && rates.length === 0 && <p className="text-sm text-slate-600">Enter your address to see shipping options.</p>}
                    {!ratesLoading && rates.length > 0 && (
                      <fieldset className="grid gap-2">
                        <legend className="mb-2 text-sm font-medium text-slate-700">Shipping options</legend>
                        {rates.map((rate) => (
                          <label
                            key={rate.rateId}
                            className={`flex cursor-pointer items-center justify-between gap-3 rounded-lg border p-3 text-sm ${rateId === rate.rateId ? 'border-blueprint-500 bg-blueprint-50' : 'border-slate-200'}`}
                          >
                            <span className="flex items-center gap-3">
                              <input type="radio" name="rate" className="h-4 w-4 accent-blueprint-600" checked={rateId === rate.rateId} onChange={() => setRateId(rate.rateId)} />
                              <span>
                                <span className="font-medium text-slate-900">{rate.serviceName}</span>
                                <span className="block text-slate-600">
                                  {[formatDeliveryDate(rate.deliveryDate) && `Arrives ${formatDeliveryDate(rate.deliveryDate)}`, rate.deliveryTime].filter(Boolean).join(', ')}
                                </span>
                              </span>
                            </span>
                            <span className="font-semibold text-slate-900">{formatDollars(rate.cost)}</span>
                          </label>
                        ))}
                      </fieldset>
                    )}
                  </div>
                </div>
              )}
            </div>
          </Card>

          <Card>
            <CardHeader title="Payment" description="Payment is required before printing." />
            <div className="p-6">
              {!intent && !intentError && <Spinner label="Preparing secure payment…" />}
              {intentError && (
                <p className="text-sm text-red-700" role="alert">
                  {intentError}
                </p>
              )}
              {intent?.provider === 'demo' && <DemoCardForm card={card} onChange={setCard} disabled={processing} />}
              {intent?.provider === 'stripe' && config.stripePublishableKey && (
                <Suspense fallback={<Spinner label="Loading the card form…" />}>
                  <StripeCardForm publishableKey={config.stripePublishableKey} clientSecret={intent.clientSecret} orderId={intent.orderId} email={email} onReady={onStripeReady} />
                </Suspense>
              )}
            </div>
          </Card>
        </div>

        <div className="lg:sticky lg:top-20 lg:self-start">
          <Card>
            <CardHeader title="Order summary" />
            <div className="grid gap-4 p-6">
              <div className="text-sm text-slate-700">
                <p className="break-words font-medium text-slate-900">{data.fileName}</p>
                <p>
                  {(data.sets ?? 1) > 1 && `${data.sets} sets × `}
                  {data.pageCount} {data.pageCount === 1 ? 'sheet' : 'sheets'} · {sizeLabel} · {typeLabel}
                </p>
                {rushOrder && <p className="mt-1 font-semibold text-orange-800">RUSH ORDER</p>}
              </div>
              <PriceBreakdown amounts={intent?.amounts ?? null} pageCount={data.pageCount} shippingMethod={shippingMethod} updating={updating} />
              <Button type="submit" size="lg" disabled={submitDisabled} className="w-full">
                {processing ? 'Processing…' : intent ? `Pay ${formatDollars(intent.amounts.total)}` : 'Pay'}
              </Button>
              <p className="text-xs text-slate-500">Your card details go to the payment provider only. Files are processed securely and deleted after printing.</p>
            </div>
          </Card>
        </div>
      </form>
    </div>
  );
}
