/**
 * A revision's reprint sent to the holders of the set: each holder's package as the server priced
 * it (their changed and new sheets, their own copies, delivery, shipping and tax), paid once.
 */
import { formatDollars } from '#shared/money';
import { setsText } from '#shared/pricing';
import { Card, CardHeader, Spinner } from '../ui';
import type { CheckoutForm } from './useCheckoutForm';

export function HoldersSection({ form }: { form: CheckoutForm }) {
  const packages = form.intent?.amounts.recipients;
  return (
    <Card>
      <CardHeader
        title="Holders of the set"
        description="Each holder gets the changed and new sheets they hold, in their own copies, as the previous order was sent to them."
      />
      <div className="grid gap-3 p-6">
        {packages === undefined ? (
          form.intentError ? null : (
            <Spinner label="Pricing each holder’s package…" />
          )
        ) : (
          <ol className="grid gap-3" aria-label="Holders’ packages">
            {packages.map((p, i) => (
              <li key={i} className="rounded-lg border border-slate-200 p-3 text-sm" data-testid="holder-package">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <p className="min-w-0 break-words font-medium text-slate-900">
                    {i + 1}. {p.name}
                    {p.company ? ` (${p.company})` : ''}
                  </p>
                  <p className="font-semibold text-slate-900">{formatDollars(p.total)}</p>
                </div>
                <p className="break-words text-slate-700">
                  {p.sets !== undefined && p.halfSets !== undefined ? `${setsText(p.sets, p.halfSets, p.reducedSets ?? 0)} · ` : ''}
                  {p.sheetCount} {p.sheetCount === 1 ? 'sheet' : 'sheets'}: {p.sheetNumbers.join(', ')}
                </p>
                <p className="break-words text-slate-600">
                  {p.subtotal !== undefined ? `Prints ${formatDollars(p.subtotal)} · ` : ''}
                  {p.delivery === 'pickup'
                    ? 'Pickup'
                    : `${p.shippingService ?? 'Shipping'} ${p.freeShipping || p.shippingCost === 0 ? 'free' : formatDollars(p.shippingCost)}`}
                  {' · '}
                  Tax {p.taxState ? `(${p.taxState}) ` : ''}
                  {formatDollars(p.tax)}
                </p>
              </li>
            ))}
          </ol>
        )}
      </div>
    </Card>
  );
}
