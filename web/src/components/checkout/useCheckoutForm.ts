/**
 * The checkout's form state in one hook: the typed fields (contact prefilled from the account,
 * delivery and address prefilled by a reorder) in react-hook-form with the shared zod fields, rush,
 * shipping rates, the order's payment intent and its server-priced amounts. The page and its section
 * components only read it.
 */
import { jobDetailsFrom, printsBody, type JobDetails } from './JobDetails';
import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { uploadsBody, type CheckoutData, type CreateIntentBody } from '#shared/checkout';
import { stateCodeOf } from '#shared/usStates';
import { ApiError, apiRequest } from '../../data/client';
import type { CsvRecipient } from '#shared/recipientsCsv';
import type { User } from '../../data/auth';
import { errorMessage } from '../../data/useSubmit';
import { toast } from '../toast';
import { CheckoutFieldsSchema, type CheckoutFields } from './checkoutFields';
import type { Address, Amounts, IntentAnswer, ShippingRate } from './types';

const RATES_FAILED = 'Unable to calculate shipping rates. Please try again.';

const EMPTY_ADDRESS: Address = { street1: '', street2: '', city: '', state: '', zipCode: '' };

export type Contact = { firstName: string; lastName: string; email: string; phone: string };

function addressOf(data: CheckoutData): Address {
  const a = data.shippingAddress;
  return a ? { street1: a.street1, street2: a.street2 ?? '', city: a.city, state: a.state, zipCode: a.zipCode } : EMPTY_ADDRESS;
}

/** The address as the server takes it: the state as its two-letter code once it reads as one. */
function addressToSend(address: Address): Address {
  return { ...address, state: stateCodeOf(address.state) ?? address.state.trim() };
}

/** The prints part of a body with recipients: without the copies and finishing each recipient gives. */
function perRecipientPrints(data: CheckoutData) {
  const { sets: _sets, halfSets: _halfSets, reducedSets: _reduced, finishing: _finishing, halfFinishing: _halfFinishing, ...prints } = printsBody(data);
  return prints;
}

export function useCheckoutForm(data: CheckoutData, user: User | null) {
  const fields = useForm<CheckoutFields>({
    // The schema's pickup branch takes any address; the inputs always hold one, as CheckoutFields says.
    resolver: zodResolver(CheckoutFieldsSchema) as Resolver<CheckoutFields>,
    defaultValues: {
      firstName: user?.firstName ?? '',
      lastName: user?.lastName ?? '',
      email: user?.email ?? '',
      phone: user?.phone ?? '',
      shippingMethod: data.shippingMethod ?? 'pickup',
      address: addressOf(data),
    },
  });
  const watched = useWatch({ control: fields.control });
  const shippingMethod = watched.shippingMethod ?? 'pickup';
  const address: Address = { ...EMPTY_ADDRESS, ...watched.address };
  const contact: Contact = { firstName: watched.firstName ?? '', lastName: watched.lastName ?? '', email: watched.email ?? '', phone: watched.phone ?? '' };
  const [rushOrder, setRushOrder] = useState(data.rushOrder ?? false);
  const [rates, setRates] = useState<ShippingRate[]>([]);
  const [rateId, setRateIdState] = useState<string | null>(null);
  const [ratesLoading, setRatesLoading] = useState(false);
  const [ratesError, setRatesError] = useState<string | null>(null);
  /** Set by Pay when shipping has no rate: shown at the rates until one is chosen. */
  const [rateProblem, setRateProblem] = useState<string | null>(null);
  const [createAccount, setCreateAccount] = useState(false);
  const [job, setJob] = useState<JobDetails>(() => jobDetailsFrom(data));
  /** The firm project the order is for (a signed-in firm member's choice), or null. */
  // A reorder or reprint starts on the earlier order's firm project.
  const [projectId, setProjectIdState] = useState<string | null>(data?.projectId ?? null);
  /** One of that project's cost codes, or null; a new project starts with none chosen. */
  const [costCode, setCostCode] = useState<string | null>(null);
  function setProjectId(id: string | null) {
    setProjectIdState(id);
    setCostCode(null);
  }
  const [intent, setIntent] = useState<IntentAnswer | null>(null);
  /** "Send to several people": the distribution list (null: the order goes to the customer alone). */
  const [recipients, setRecipients] = useState<CsvRecipient[] | null>(null);
  /** Why the server refused the list: its sentence and each field's, keyed `recipients[i].…`. */
  const [recipientsProblem, setRecipientsProblem] = useState<{ message: string; errors: Record<string, string> } | null>(null);
  const [intentError, setIntentError] = useState<string | null>(null);
  /** A revision's reprint sent to the previous order's holders: each holder's package is the server's, nothing to choose. */
  const toHolders = data.revision?.holders === true;

  /** The customer chose a rate: a "choose a shipping option" problem is solved. */
  function setRateId(id: string | null) {
    setRateIdState(id);
    setRateProblem(null);
  }

  // Signed in later (in another tab): the account's details in the fields still empty, never over
  // what was typed. Adjusted while rendering, when the account changes, rather than in an effect.
  const [prefilledFor, setPrefilledFor] = useState(user);
  if (user !== prefilledFor) {
    setPrefilledFor(user);
    if (user) setCreateAccount(false);
  }
  useEffect(() => {
    if (!user) return;
    const account: Contact = { firstName: user.firstName ?? '', lastName: user.lastName ?? '', email: user.email, phone: user.phone ?? '' };
    for (const key of ['firstName', 'lastName', 'email', 'phone'] as const) {
      if (!fields.getValues(key) && account[key]) fields.setValue(key, account[key]);
    }
  }, [user, fields]);

  /** The form as the route's schema takes it (CreateIntentSchema, shared with the route). */
  const body = useCallback((): CreateIntentBody => {
    const values = fields.getValues();
    if (recipients || toHolders) {
      // Each recipient has their own copies, finishing and delivery: the order-wide ones are not sent.
      const prints = perRecipientPrints(data);
      return {
        ...uploadsBody(data),
        printSize: data.printSize,
        ...prints,
        ...job,
        rushOrder,
        recipients: toHolders ? 'holders' : recipients,
        createAccount: user ? false : createAccount,
        projectId: user ? projectId : null,
        customerEmail: values.email.trim(),
        customerFirstName: values.firstName.trim(),
        customerLastName: values.lastName.trim(),
        customerPhone: values.phone.trim(),
      };
    }
    return {
      ...uploadsBody(data),
      printSize: data.printSize,
      ...printsBody(data),
      ...job,
      rushOrder,
      shippingMethod: values.shippingMethod,
      rateId: values.shippingMethod === 'shipping' ? rateId : null,
      shippingAddress: values.shippingMethod === 'shipping' ? addressToSend(values.address) : null,
      createAccount: user ? false : createAccount,
      projectId: user ? projectId : null,
      costCode: user && projectId ? costCode : null,
      customerEmail: values.email.trim(),
      customerFirstName: values.firstName.trim(),
      customerLastName: values.lastName.trim(),
      customerPhone: values.phone.trim(),
    };
  }, [data, job, rushOrder, rateId, createAccount, user, projectId, costCode, fields, recipients, toHolders]);

  // A payment intent at load, with placeholder customer values and pickup (the spec's flow).
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const placeholders = { customerEmail: '', customerFirstName: '', customerLastName: '', customerPhone: '' };
    // To the holders: each holder's copies, finishing and delivery are the previous order's, so none are sent.
    const prints = perRecipientPrints(data);
    const first: CreateIntentBody = toHolders
      ? { ...uploadsBody(data), printSize: data.printSize, ...prints, rushOrder: false, recipients: 'holders', ...placeholders }
      : {
          ...uploadsBody(data),
          printSize: data.printSize,
          ...printsBody(data),
          rushOrder: false,
          shippingMethod: 'pickup',
          rateId: null,
          shippingAddress: null,
          ...placeholders,
        };
    apiRequest<IntentAnswer>('POST', '/api/create-payment-intent', first)
      .then((answer) => {
        // Over the firm's approval limit there is no card intent yet: the page sends it for approval instead.
        if ((!answer?.clientSecret && !answer?.approvalRequired) || !answer?.orderId)
          throw new Error('There was an error processing your payment. Please try again.');
        setIntent(answer);
      })
      .catch((error: unknown) => {
        const message = errorMessage(error, 'There was an error processing your payment. Please try again.');
        setIntentError(message);
        toast({ title: 'Payment Error', description: message, variant: 'destructive' });
      });
  }, [data, toHolders]);

  // Shipping rates for a complete address. Any change to the address drops the old rates at once,
  // so a total never shows shipping and tax for a state the customer has left.
  // The state counts once it reads as a state ("NY", "new york"): rates load without leaving the field.
  const stateCode = stateCodeOf(address.state);
  const addressComplete = address.zipCode.trim().length >= 5 && stateCode !== null && address.street1.trim() !== '' && address.city.trim() !== '';
  const addressKey = `${address.street1}|${address.city}|${stateCode ?? address.state}|${address.zipCode}`;
  const ratesKey = `${shippingMethod}|${addressKey}|${rushOrder}|${data.printSize}|${data.pageCount}|${data.sets}|${data.halfSets}`;
  const [ratesFor, setRatesFor] = useState(ratesKey);
  if (ratesFor !== ratesKey) {
    setRatesFor(ratesKey);
    setRates([]);
    setRateIdState(null);
    setRatesError(null);
    setRatesLoading(false);
  }
  // Reads the address as it is when the debounce ends (street2 included, though it alone does not refetch).
  const fetchRates = useEffectEvent(() =>
    apiRequest<ShippingRate[]>('POST', '/api/shipping-rates', {
      toAddress: addressToSend(fields.getValues('address')),
      printSize: data.printSize,
      pageCount: data.pageCount,
      ...uploadsBody(data),
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
          setRateIdState(answer[0]?.rateId ?? null);
        })
        .catch((error: unknown) => {
          if (cancelled) return;
          // The spec's toast, and the reason (a ZIP of another state, say) stays by the address.
          setRatesError(errorMessage(error, RATES_FAILED));
          toast({ title: 'Shipping Error', description: RATES_FAILED, variant: 'destructive' });
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
  const recipientsKey = recipients ? JSON.stringify(recipients) : '';
  const priceKey = `${orderId}|${shippingMethod}|${rateId}|${rushOrder}|${recipientsKey}`;
  const [pricedFor, setPricedFor] = useState({ key: priceKey, orderId });
  const [updating, setUpdating] = useState(false);
  if (pricedFor.key !== priceKey) {
    // The intent at load is priced for pickup without rush; a reorder may start with rush or
    // shipping, so the first choices are priced right away when they differ from that.
    const first = pricedFor.orderId === null;
    setPricedFor({ key: priceKey, orderId });
    // To the holders the load's intent is already theirs; only rush changes it.
    setUpdating(
      orderId !== null &&
        (toHolders
          ? !(first && !rushOrder)
          : recipients !== null || (!(first && !rushOrder && shippingMethod === 'pickup') && !(shippingMethod === 'shipping' && !rateId))),
    );
  }
  // Sends the whole form as it is when the debounce ends; typing alone does not re-price.
  // A signed-in customer's re-price goes without their details: a member's card order over the firm's
  // approval limit is then only priced, and sent for approval by Pay alone, which sends them (decision 080).
  const reprice = useEffectEvent((id: string) =>
    apiRequest<IntentAnswer>('POST', '/api/create-payment-intent', {
      ...body(),
      ...(user ? { customerEmail: '', customerFirstName: '', customerLastName: '', customerPhone: '' } : {}),
      orderId: id,
      updateOnly: true,
    }),
  );
  useEffect(() => {
    if (!updating || !orderId) return;
    let cancelled = false;
    const timer = setTimeout(() => {
      reprice(orderId)
        .then((answer) => {
          if (cancelled) return;
          setRecipientsProblem(null);
          // Over the approval limit or back under it (an intent made now, for an order priced over it at load).
          setIntent((current) =>
            current
              ? {
                  ...current,
                  amounts: answer.amounts,
                  approvalRequired: answer.approvalRequired ?? null,
                  clientSecret: answer.clientSecret ?? current.clientSecret,
                  turnaround: answer.turnaround ?? current.turnaround,
                }
              : current,
          );
        })
        .catch((error: unknown) => {
          if (cancelled) return;
          // A refusal (a recipient's, say): its sentence, and each row's beside that row (shown with a list).
          if (error instanceof ApiError && error.status === 400) {
            const errors = (error.body as { errors?: Record<string, string> } | null)?.errors ?? {};
            setRecipientsProblem({ message: error.serverMessage, errors });
            return;
          }
          console.warn('Could not update the payment amount', error);
        })
        .finally(() => !cancelled && setUpdating(false));
    }, 500);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [updating, orderId, priceKey]);

  /**
   * What the summary shows. While shipping has no rate (none yet, or the fetch failed) the server's
   * last amounts may hold another address's shipping and tax: those two are left out until a rate is
   * chosen, and the total is the prints and rush only.
   */
  const awaitingShipping = recipients === null && !toHolders && shippingMethod === 'shipping' && !rateId;
  const amounts: (Amounts & { pending: boolean }) | null = intent
    ? awaitingShipping
      ? { ...intent.amounts, shippingCost: 0, tax: 0, total: intent.amounts.subtotal + intent.amounts.rushFee, pending: true }
      : { ...intent.amounts, pending: false }
    : null;

  /** Pay with shipping and no rate: why, in the words of the moment. */
  function missingRate(): string | null {
    if (recipients || toHolders || shippingMethod !== 'shipping' || rateId) return null;
    return ratesError ?? (ratesLoading ? 'Shipping rates are still loading. Please wait a moment.' : 'Please choose a shipping option.');
  }

  return {
    data,
    user,
    fields,
    contact,
    rushOrder,
    setRushOrder,
    shippingMethod,
    address,
    rates,
    rateId,
    setRateId,
    ratesLoading,
    ratesError,
    createAccount,
    job,
    setJob,
    projectId,
    setProjectId,
    costCode,
    setCostCode,
    setCreateAccount,
    intent,
    setIntent,
    intentError,
    updating,
    amounts,
    body,
    missingRate,
    recipients,
    toHolders,
    setRecipients,
    recipientsProblem,
    rateProblem,
    setRateProblem,
  };
}

export type CheckoutForm = ReturnType<typeof useCheckoutForm>;
