/**
 * The packages of an order sent to several recipients, as the counter packs them: who, how it
 * goes, which sheets, how many sets, and each shipping package's tracking number and label.
 */
import type { AdminOrder } from '../../data/admin';
import { setsText } from '#shared/pricing';
import { buttonClasses } from '../ui';

export function OrderPackages({ order }: { order: AdminOrder }) {
  // An order without recipients is one package, the customer's, already shown by the row itself.
  const packages = order.recipients.filter((r) => r.id !== null);
  if (packages.length === 0) return null;
  const labels = new Map((order.packageLabels ?? []).map((l) => [l.recipientId, l]));
  return (
    <section aria-label={`Packages of order ${order.shortId}`} className="mt-3">
      <h4 className="text-sm font-semibold text-slate-900">
        {packages.length} {packages.length === 1 ? 'package' : 'packages'}
      </h4>
      <ol className="mt-1 grid gap-2">
        {packages.map((p, i) => {
          const label = p.id ? labels.get(p.id) : undefined;
          return (
            <li key={p.id ?? i} className="rounded-md border border-slate-200 px-3 py-2 text-sm" data-testid="order-package">
              <p className="break-words font-medium text-slate-900">
                {i + 1}. {p.name}
                {p.company ? ` (${p.company})` : ''}
              </p>
              <p className="break-words text-slate-600">
                {p.delivery === 'shipping' && p.address
                  ? `Ship to ${p.address.street1}${p.address.street2 ? `, ${p.address.street2}` : ''}, ${p.address.city}, ${p.address.state} ${p.address.zipCode}${p.shippingService ? ` · ${p.shippingService}` : ''}`
                  : 'Pickup'}
              </p>
              <p className="break-words text-slate-700">
                {setsText(p.sets, p.halfSets, p.reducedSets)} · {p.sheetCount} {p.sheetCount === 1 ? 'sheet' : 'sheets'}: {p.sheetNumbers.join(', ')}
              </p>
              {p.delivery === 'shipping' && (
                <p className="flex flex-wrap items-center gap-2 text-slate-700">
                  {p.trackingNumber ? (
                    <span>
                      Tracking{' '}
                      {p.trackingUrl ? (
                        <a className="font-mono text-blueprint-700 underline" href={p.trackingUrl} target="_blank" rel="noopener noreferrer">
                          {p.trackingNumber}
                        </a>
                      ) : (
                        <span className="font-mono">{p.trackingNumber}</span>
                      )}
                    </span>
                  ) : (
                    <span className="text-slate-500">No label yet</span>
                  )}
                  {label?.labelUrl && (
                    <a className={buttonClasses('outline', 'sm')} href={label.labelUrl} target="_blank" rel="noopener noreferrer">
                      View label<span className="sr-only"> for {p.name}</span>
                    </a>
                  )}
                </p>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
