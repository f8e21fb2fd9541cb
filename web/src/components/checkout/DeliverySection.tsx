/**
 * Pickup or shipping. Shipping: the address, then the live rates counted from the day the order is
 * ready (the cheapest free from a $100 subtotal); a failed fetch says why next to the rates.
 */
import { formatDollars } from '#shared/money';
import { noFasterText } from '#shared/shippingRates';
import { useShopConfig } from '../../data/config';
import { useCheckoutTurnaround } from './TurnaroundSection';
import { stateCodeOf } from '#shared/usStates';
import { Card, CardHeader, TextField, Spinner } from '../ui';
import { PickupInfo } from './PickupInfo';
import { SavedAddresses } from './SavedAddresses';
import { formatDeliveryDate } from './types';
import type { CheckoutForm } from './useCheckoutForm';

export function DeliverySection({ form }: { form: CheckoutForm }) {
  const { shippingMethod, fields } = form;
  const errors = fields.formState.errors.address;
  const state = fields.register('address.state');
  const { shop } = useShopConfig();
  const turnaround = useCheckoutTurnaround(form);
  const ready = turnaround?.[form.rushOrder ? 'rush' : 'regular'].text ?? null;
  return (
    <Card>
      <CardHeader title="Delivery method" titleId="delivery-method-title" />
      <div className="grid gap-4 p-6">
        {/* Named by the card's title: the words once on the page, for eyes and screen readers alike. */}
        <fieldset className="grid gap-3 sm:grid-cols-2" aria-labelledby="delivery-method-title">
          {(['pickup', 'shipping'] as const).map((method) => (
            <label
              key={method}
              className={`flex cursor-pointer items-start gap-3 rounded-lg border p-4 text-sm ${shippingMethod === method ? 'border-blueprint-500 bg-blueprint-50' : 'border-slate-200 bg-white'}`}
            >
              <input type="radio" value={method} className="mt-0.5 h-4 w-4 accent-blueprint-600" {...fields.register('shippingMethod')} />
              <span>
                <span className="font-medium text-slate-900">{method === 'pickup' ? 'Pickup (Free)' : 'Shipping'}</span>
                <span className="block text-slate-600">
                  {method === 'pickup'
                    ? `${shop.city}, ${shop.state}: ${ready ? `ready ${ready.replace(/^Today/, 'today')}` : 'ready in 24-48 hours'}`
                    : 'Delivered in a sturdy tube'}
                </span>
              </span>
            </label>
          ))}
        </fieldset>

        {shippingMethod === 'pickup' ? (
          <PickupInfo readyText={ready} />
        ) : (
          <div className="grid gap-4">
            <SavedAddresses form={form} />
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                id="street1"
                label="Street address *"
                autoComplete="address-line1"
                className="sm:col-span-2"
                error={errors?.street1?.message}
                {...fields.register('address.street1')}
              />
              <TextField
                id="street2"
                label="Apartment, suite (optional)"
                autoComplete="address-line2"
                className="sm:col-span-2"
                error={errors?.street2?.message}
                {...fields.register('address.street2')}
              />
              <TextField id="city" label="City *" autoComplete="address-level2" error={errors?.city?.message} {...fields.register('address.city')} />
              <div className="grid grid-cols-2 gap-4">
                <TextField
                  id="state"
                  label="State *"
                  autoComplete="address-level1"
                  maxLength={30}
                  placeholder="NJ"
                  error={errors?.state?.message}
                  {...state}
                  onBlur={(event) => {
                    // "New York", "new york", "ny": the field shows the two letters once the customer moves on.
                    const code = stateCodeOf(event.target.value);
                    if (code && code !== event.target.value) fields.setValue('address.state', code, { shouldValidate: fields.formState.isSubmitted });
                    return state.onBlur(event);
                  }}
                />
                <TextField
                  id="zip"
                  label="ZIP *"
                  autoComplete="postal-code"
                  inputMode="numeric"
                  maxLength={10}
                  error={errors?.zipCode?.message}
                  {...fields.register('address.zipCode')}
                />
              </div>
            </div>
            <ShippingRates form={form} />
          </div>
        )}
      </div>
    </Card>
  );
}

function ShippingRates({ form }: { form: CheckoutForm }) {
  const { rates, rateId, ratesLoading, ratesError, rateProblem } = form;
  const invalid = Boolean(rateProblem);
  return (
    <div
      aria-live="polite"
      id="shipping-rate"
      tabIndex={-1}
      aria-invalid={invalid}
      className={invalid ? 'rounded-lg outline outline-2 outline-red-300' : undefined}
    >
      {ratesLoading && <Spinner label="Getting shipping rates…" />}
      {!ratesLoading && ratesError && (
        <p className="text-sm text-red-700" role="alert">
          Shipping could not be calculated: {ratesError} Shipping and its tax are not in the total until a rate is chosen.
        </p>
      )}
      {!ratesLoading && !ratesError && rates.length === 0 && <p className="text-sm text-slate-600">Enter your address to see shipping options.</p>}
      {!ratesLoading && !ratesError && invalid && rates.length > 0 && (
        <p className="text-sm text-red-700" role="alert">
          {rateProblem}
        </p>
      )}
      {!ratesLoading && rates.length > 0 && (
        <fieldset className="grid gap-2">
          <legend className="mb-2 text-sm font-medium text-slate-700">Shipping options</legend>
          {rates.map((rate) => (
            <label
              key={rate.rateId}
              className={`flex cursor-pointer items-center justify-between gap-3 rounded-lg border p-3 text-sm ${rateId === rate.rateId ? 'border-blueprint-500 bg-blueprint-50' : 'border-slate-200'}`}
            >
              <span className="flex items-center gap-3">
                <input
                  type="radio"
                  name="rate"
                  className="h-4 w-4 accent-blueprint-600"
                  checked={rateId === rate.rateId}
                  onChange={() => form.setRateId(rate.rateId)}
                />
                <span>
                  <span className="font-medium text-slate-900">{rate.serviceName}</span>
                  <span className="block text-slate-600">
                    {[formatDeliveryDate(rate.deliveryDate) && `Arrives ${formatDeliveryDate(rate.deliveryDate)}`, rate.deliveryTime]
                      .filter(Boolean)
                      .join(', ')}
                  </span>
                  {rate.noFasterThan && <span className="block text-amber-800">{noFasterText({ ...rate, noFasterThan: rate.noFasterThan }, rates)}</span>}
                </span>
              </span>
              {rate.free ? (
                <span className="text-right font-semibold text-green-800">
                  Free
                  {rate.regularCost ? <span className="block text-xs font-normal text-slate-500 line-through">{formatDollars(rate.regularCost)}</span> : null}
                </span>
              ) : (
                <span className="font-semibold text-slate-900">{formatDollars(rate.cost)}</span>
              )}
            </label>
          ))}
        </fieldset>
      )}
    </div>
  );
}
