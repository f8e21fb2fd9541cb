/** The price breakdown, always the server's amounts: the price lines, subtotal, rush, shipping, tax (with state), total. */
import { formatDollars } from '#shared/money';
import type { Amounts } from './types';

/**
 * `amounts.pending`: shipping has no rate yet (or its fetch failed), so shipping and the tax are left
 * out and the total is the prints and rush only.
 */
export function PriceBreakdown({
  amounts,
  pageCount,
  shippingMethod,
  updating,
}: {
  amounts: (Amounts & { pending?: boolean }) | null;
  pageCount: number;
  shippingMethod: 'pickup' | 'shipping';
  updating: boolean;
}) {
  if (!amounts) {
    return (
      <p className="text-sm text-slate-600" role="status">
        Calculating your total…
      </p>
    );
  }
  const noTax = amounts.tax === 0;
  // A distribution list: each package pays its own destination's tax and its own shipping.
  const packages = amounts.recipients !== undefined;
  const taxLabel = noTax
    ? 'Tax'
    : packages && !amounts.taxState
      ? 'Tax (each package its own state)'
      : `Tax (${amounts.taxState ?? ''} ${amounts.taxRate})`.replace(' )', ')');
  return (
    <dl className="grid gap-2 text-sm" aria-live="polite" aria-busy={updating}>
      {amounts.lines?.map((line) => (
        <Row key={line.description} label={`${line.description} (${line.quantity} × ${formatDollars(line.unitPrice)})`} value={formatDollars(line.amount)} />
      ))}
      <Row
        // With packages each has its own sheets and sets: no one count × price.
        label={
          amounts.pricePerPage === null || packages ? 'Subtotal' : `Subtotal (${pageCount * (amounts.sets ?? 1)} × ${formatDollars(amounts.pricePerPage)})`
        }
        value={formatDollars(amounts.subtotal)}
      />
      <Row label="Rush fee" value={formatDollars(amounts.rushFee)} />
      <Row
        label="Shipping"
        value={
          packages
            ? formatDollars(amounts.shippingCost)
            : shippingMethod === 'pickup'
              ? 'Free (Pickup)'
              : amounts.pending
                ? 'Choose a rate'
                : amounts.freeShipping
                  ? 'Free (orders over $100)'
                  : formatDollars(amounts.shippingCost)
        }
      />
      {amounts.pending ? (
        <Row label="Tax" value="With shipping" />
      ) : amounts.taxExemption ? (
        // A firm's verified certificate: the tax line says which one, never "No State Tax".
        <Row label={amounts.taxExemption.label} value={formatDollars(0)} testId="tax-exemption" />
      ) : (
        <Row label={taxLabel} value={noTax ? '$0.00 (No State Tax)' : formatDollars(amounts.tax)} />
      )}
      <div className="mt-2 flex items-center justify-between gap-4 border-t border-slate-200 pt-3 text-base font-semibold text-slate-900">
        <dt>{amounts.pending ? 'Total before shipping and tax' : 'Total'}</dt>
        <dd data-testid="checkout-total">{formatDollars(amounts.total)}</dd>
      </div>
      {updating && <p className="text-xs text-slate-500">Updating total…</p>}
    </dl>
  );
}

function Row({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="flex items-center justify-between gap-4 text-slate-700" data-testid={testId}>
      <dt>{label}</dt>
      <dd className="font-medium text-slate-900">{value}</dd>
    </div>
  );
}
