/**
 * Rush or regular, each with its ready-by promise from the shop's clock and the production queue
 * (GET /api/turnaround, asked about this order); when a busy queue pushed the promise, it says so.
 */
import type { CheckoutData } from '#shared/checkout';
import { formatDollars } from '#shared/money';
import { RUSH_FEE_CENTS } from '#shared/pricing';
import { useTurnaround } from '../../data/turnaround';
import { turnaroundOrderQuery } from '#shared/turnaroundQuery';
import { Card, CardHeader } from '../ui';
import type { CheckoutForm } from './useCheckoutForm';

/** The order the checkout prices, as the turnaround asks about it (its query parameters). */
export function turnaroundQueryOf(data: CheckoutData): string {
  const colorPages = data.printType === 'color' ? data.pageCount : data.printType === 'auto' ? (data.colorSheets?.length ?? 0) : 0;
  return turnaroundOrderQuery({
    pages: data.pageCount,
    colorPages,
    sets: data.sets ?? 1,
    halfSets: data.halfSets ?? 0,
    reducedSets: data.reducedSets ?? 0,
    finishing: data.finishing ?? null,
    halfFinishing: data.halfFinishing ?? null,
  });
}

/**
 * The promises to show: for a distribution list (or a revision's holders) the server's, priced with
 * every package's sheets, sets and finishing, which the page does not know; else the card's own question.
 */
export function useCheckoutTurnaround(form: CheckoutForm) {
  const asked = useTurnaround(turnaroundQueryOf(form.data));
  const packages = form.recipients !== null || form.toHolders;
  return packages ? (form.intent?.turnaround ?? asked) : asked;
}

export function TurnaroundSection({ form }: { form: CheckoutForm }) {
  const turnaround = useCheckoutTurnaround(form);
  const which = form.rushOrder ? 'rush' : 'regular';
  const promise = turnaround?.[which];
  const pushed = turnaround?.queue?.[which] ?? null;
  return (
    <Card>
      <CardHeader title="Turnaround" />
      <div className="grid gap-3 p-6">
        <label className="flex items-start gap-3 text-sm text-slate-700">
          <input
            type="checkbox"
            className="mt-0.5 h-4 w-4 accent-blueprint-600"
            checked={form.rushOrder}
            onChange={(e) => form.setRushOrder(e.target.checked)}
          />
          <span>
            <span className="font-medium text-slate-900">Rush order (+{formatDollars(RUSH_FEE_CENTS / 100)})</span>
            <span className="block text-slate-600">
              {turnaround ? `Pay now and it is ready ${lower(turnaround.rush.text)}.` : 'Ready 4 open hours after payment.'}
            </span>
          </span>
        </label>
        {pushed && (
          <p className="rounded-md bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900" role="status" data-testid="queue-promise">
            {pushed}
          </p>
        )}
        {promise && (
          <p className="rounded-md bg-blueprint-50 px-3 py-2 text-sm text-blueprint-900" data-testid="ready-by-promise">
            <span className="font-semibold">Ready {lower(promise.text)}</span>
            {form.rushOrder ? ' with rush.' : turnaround ? ` (rush: ${lower(turnaround.rush.text)}).` : '.'}
          </p>
        )}
      </div>
    </Card>
  );
}

/** "Today by 7:00 PM" → "today by 7:00 PM" inside a sentence. */
function lower(text: string): string {
  return text.startsWith('Today') ? `t${text.slice(1)}` : text;
}
