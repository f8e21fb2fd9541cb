/**
 * The checkout's form state in one hook: contact (prefilled from the account), rush, delivery and
 * address (prefilled by a reorder), shipping rates, the order's payment intent and its server-priced
 * amounts, and the validation that Pay uses. The page and its section components only read it.
 */
import { jobDetailsFrom, printsBody, type JobDetails } from './JobDetails';
import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import type { CheckoutData } from '../../../../shared/checkout';
import { US_STATES } from '../../../../shared/pricing';
import { apiRequest } from '../../api/client';
import type { User } from '../../api/auth';
import { errorMessage } from '../../api/useSubmit';
import { toast } from '../toast';
import type { Address, Amounts, IntentAnswer, ShippingRate } from './types';

const EMPTY_ADDRESS: Address = { street1: '', street2: '', city: '', state: '', zipCode: '' };
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The ids of the fields Pay can point at, in the order a person fills them in. */
export type FieldId = 'first-name' | 'last-name' | 'email' | 'street1' | 'city' | 'state' | 'zip' | 'shipping-rate';

export type Contact = { firstName: string; lastName: string; email: string; phone: string };

/** The account's name, email and phone in the fields still empty (never over what was typed). */
function prefilled(contact: Contact, user: User | null): Contact {
  if (!user) return contact;
  return {
    firstName: contact.firstName || user.firstName || '',
    lastName: contact.lastName || user.lastName || '',
    email: contact.email || user.email,
    phone: contact.phone || user.phone || '',
  };
}

function addressOf(data: CheckoutData): Address {
  const a = data.shippingAddress;
  return a ? { street1: a.street1, street2: a.street2 ?? '', city: a.city, state: a.state, zipCode: a.zipCode } : EMPTY_ADDRESS;
}

export function useCheckoutForm(data: CheckoutData, user: User | null) {
  const [contact, setContactState] = useState<Contact>(() => prefilled({ firstName: '', lastName: '', email: '', phone: '' }, user));
  const [rushOrder, setRushOrder] = useState(data.rushOrder ?? false);
  const [shippingMethod, setShippingMethod] = useState<'pickup' | 'shipping'>(data.shippingMethod ?? 'pickup');
  const [address, setAddressState] = useState<Address>(() => addressOf(data));
  const [rates, setRates] = useState<ShippingRate[]>([]);
  const [rateId, setRateId] = useState<string | null>(null);
  const [ratesLoading, setRatesLoading] = useState(false);
  const [ratesError, setRatesError] = useState<string | null>(null);
  const [createAccount, setCreateAccount] = useState(false);
  const [job, setJob] = useState<JobDetails>(() => jobDetailsFrom(data));
  const [intent, setIntent] = useState<IntentAnswer | null>(null);
  const [intentError, setIntentError] = useState<string | null>(null);
  /** Set by the first Pay: from then on every invalid field is marked. */
  const [showErrors, setShowErrors] = useState(false);

  const setContact = useCallback((patch: Partial<Contact>) => setContactState((c) => ({ ...c, ...patch })), []);

  // Signed in (at load, or later in another tab): the account's details, without overwriting what
  // was typed. Adjusted while rendering, when the account changes, rather than in an effect.
  const [prefilledFor, setPrefilledFor] = useState(user);
  if (user !== prefilledFor) {
    setPrefilledFor(user);
    if (user) {
      setContactState((c) => prefilled(c, user));
      setCreateAccount(false);
    }
  }

  const setAddress = useCallback((patch: Partial<Address>) => setAddressState((a) => ({ ...a, ...patch })), []);

  const body = useCallback(
    () => ({
      uploadId: data.uploadId,
      printSize: data.printSize,
      ...printsBody(data),
      ...job,
      rushOrder,
      shippingMethod,
      rateId: shippingMethod === 'shipping' ? rateId : null,
      shippingAddress: shippingMethod === 'shipping' ? address : null,
      createAccount: user ? false : createAccount,
      customerEmail: contact.email.trim(),
      customerFirstName: contact.firstName.trim(),
      customerLastName: contact.lastName.trim(),
      customerPhone: contact.phone.trim(),
    }),
    [data, job, rushOrder, shippingMethod, rateId, address, createAccount, contact, user],
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

  // Shipping rates for a complete address. Any change to the address drops the old rates at once,
  // so a total never shows shipping and tax for a state the customer has left.
  const addressComplete = address.zipCode.trim().length >= 5 && address.state.length === 2 && address.street1.trim() !== '' && address.city.trim() !== '';
  const addressKey = `${address.street1}|${address.city}|${address.state}|${address.zipCode}`;
  const ratesKey = `${shippingMethod}|${addressKey}|${rushOrder}|${data.printSize}|${data.pageCount}|${data.sets}`;
  const [ratesFor, setRatesFor] = useState(ratesKey);
  if (ratesFor !== ratesKey) {
    setRatesFor(ratesKey);
    setRates([]);
    setRateId(null);
    setRatesError(null);
    setRatesLoading(false);
  }
  // Reads the address as it is when the debounce ends (street2 included, though it alone does not refetch).
  const fetchRates = useEffectEvent(() =>
    apiRequest<ShippingRate[]>('POST', '/api/shipping-rates', {
      toAddress: address,
      printSize: data.printSize,
      pageCount: data.pageCount,
      uploadId: data.uploadId,
      ...printsBody(data),
      rushOrder,
    }),
  );
  useEffect(() => {
    if (shippingMethod !== 'shipping' || !addressComplete) return;
    let cancelled = false;
    const timer = setTimeout(() => {
      setRatesLoading(true);
      fetchRates()
        .then((answer) => {
          if (cancelled) return;
          setRates(answer);
          setRateId(answer[0]?.rateId ?? null);
        })
        .catch((error: unknown) => {
          if (cancelled) return;
          setRatesError(errorMessage(error, 'Unable to calculate shipping rates. Please try again.'));
        })
        .finally(() => !cancelled && setRatesLoading(false));
    }, 400);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [shippingMethod, addressComplete, ratesKey]);

  // Re-price the same order and intent, debounced 500 ms, when delivery, rate or rush change.
  // `updating` turns on with the change itself (adjusted while rendering) and off with the answer.
  const orderId = intent?.orderId ?? null;
  const priceKey = `${orderId}|${shippingMethod}|${rateId}|${rushOrder}`;
  const [pricedFor, setPricedFor] = useState({ key: priceKey, orderId });
  const [updating, setUpdating] = useState(false);
  if (pricedFor.key !== priceKey) {
    // The intent at load is priced for pickup without rush; a reorder may start with rush or
    // shipping, so the first choices are priced right away when they differ from that.
    const first = pricedFor.orderId === null;
    setPricedFor({ key: priceKey, orderId });
    setUpdating(orderId !== null && !(first && !rushOrder && shippingMethod === 'pickup') && !(shippingMethod === 'shipping' && !rateId));
  }
  // Sends the whole form as it is when the debounce ends; typing alone does not re-price.
  const reprice = useEffectEvent((id: string) => apiRequest<IntentAnswer>('POST', '/api/create-payment-intent', { ...body(), orderId: id, updateOnly: true }));
  useEffect(() => {
    if (!updating || !orderId) return;
    let cancelled = false;
    const timer = setTimeout(() => {
      reprice(orderId)
        .then((answer) => !cancelled && setIntent((current) => (current ? { ...current, amounts: answer.amounts } : current)))
        .catch((error: unknown) => console.warn('Could not update the payment amount', error))
        .finally(() => !cancelled && setUpdating(false));
    }, 500);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [updating, orderId, priceKey]);

  const chooseDelivery = useCallback((method: 'pickup' | 'shipping') => setShippingMethod(method), []);

  /**
   * What the summary shows. While shipping has no rate (none yet, or the fetch failed) the server's
   * last amounts may hold another address's shipping and tax: those two are left out until a rate is
   * chosen, and the total is the prints and rush only.
   */
  const awaitingShipping = shippingMethod === 'shipping' && !rateId;
  const amounts: (Amounts & { pending: boolean }) | null = intent
    ? awaitingShipping
      ? { ...intent.amounts, shippingCost: 0, tax: 0, total: intent.amounts.subtotal + intent.amounts.rushFee, pending: true }
      : { ...intent.amounts, pending: false }
    : null;

  /** Every invalid field with the message a person reads, in the order of the page. */
  function problems(): [FieldId, string][] {
    const list: [FieldId, string][] = [];
    if (!contact.firstName.trim()) list.push(['first-name', 'Please enter your first name.']);
    if (!contact.lastName.trim()) list.push(['last-name', 'Please enter your last name.']);
    if (!contact.email.trim()) list.push(['email', 'Please enter your email address.']);
    else if (!EMAIL_RE.test(contact.email.trim())) list.push(['email', 'Please enter a valid email address']);
    if (shippingMethod === 'shipping') {
      if (!address.street1.trim()) list.push(['street1', 'Please enter the street address.']);
      if (!address.city.trim()) list.push(['city', 'Please enter the city.']);
      if (address.state.length !== 2) list.push(['state', 'Please enter a 2-letter state.']);
      else if (!US_STATES.includes(address.state)) list.push(['state', `${address.state} is not a US state. Please check it.`]);
      if (!/^\d{5}(-\d{4})?$/.test(address.zipCode.trim())) list.push(['zip', 'Please enter a valid 5-digit ZIP code.']);
      if (list.every(([id]) => id !== 'street1' && id !== 'city' && id !== 'state' && id !== 'zip') && !rateId) {
        list.push([
          'shipping-rate',
          ratesError ?? (ratesLoading ? 'Shipping rates are still loading. Please wait a moment.' : 'Please choose a shipping option.'),
        ]);
      }
    }
    return list;
  }

  const errors = Object.fromEntries(showErrors ? problems().map(([id, message]) => [id, message]) : []) as Partial<Record<FieldId, string>>;

  return {
    data,
    user,
    contact,
    setContact,
    rushOrder,
    setRushOrder,
    shippingMethod,
    chooseDelivery,
    address,
    setAddress,
    rates,
    rateId,
    setRateId,
    ratesLoading,
    ratesError,
    createAccount,
    job,
    setJob,
    setCreateAccount,
    intent,
    setIntent,
    intentError,
    updating,
    amounts,
    body,
    problems,
    errors,
    setShowErrors,
  };
}

export type CheckoutForm = ReturnType<typeof useCheckoutForm>;
