/**
 * The card's order summary: why there is no price yet (a number of sets out of range, files still
 * coming, the color verdict still on its way), or the price with its lines and 'Proceed to Checkout'.
 */
import { formatCents } from '#shared/money';
import { ORDER_PRINT_SIZE_LABELS, PRINT_SIZE_LABELS, PRINT_TYPE_LABELS, setsText as describeSets, type SheetsPrice } from '#shared/pricing';
import { Button } from '../ui';
import { turnaroundOrderQuery } from '#shared/turnaroundQuery';
import { useTurnaround } from '../../data/turnaround';
import { autoLabel, type PrintChoices } from './printSet';

/** Why the price is not shown yet: the sets' problem, or what it is waiting for. */
export function SummaryPending({ setsError, pendingFiles }: { setsError: string | null; pendingFiles: number }) {
  return (
    <section aria-labelledby="order-summary-title" className="rounded-lg bg-slate-50 px-4 py-4">
      <h4 id="order-summary-title" className="text-sm font-semibold text-slate-900">
        Order summary
      </h4>
      {setsError ? (
        <p className="mt-2 text-sm text-slate-700">{setsError} Then you will see the price.</p>
      ) : (
        <p role="status" className="mt-2 flex items-center gap-2 text-sm text-slate-700">
          <span
            className="h-4 w-4 animate-spin motion-reduce:animate-none rounded-full border-2 border-blueprint-200 border-t-blueprint-600"
            aria-hidden="true"
          />
          {pendingFiles > 0 ? `Waiting for ${pendingFiles} more ${pendingFiles === 1 ? 'file' : 'files'}…` : 'Checking color…'}
        </p>
      )}
    </section>
  );
}

/** The price of the chosen prints, line by line, and the way to checkout. */
export function SummaryPrice({
  pageCount,
  choices,
  price,
  goingToCheckout,
  onCheckout,
}: {
  pageCount: number;
  choices: PrintChoices & { printSize: NonNullable<PrintChoices['printSize']>; printType: NonNullable<PrintChoices['printType']> };
  price: SheetsPrice;
  goingToCheckout: boolean;
  onCheckout: () => void;
}) {
  const { printSize, printType, sets, halfSets, colorSheets } = choices;
  return (
    <section aria-labelledby="order-summary-title" className="rounded-lg bg-slate-50 px-4 py-4">
      <h4 id="order-summary-title" className="text-sm font-semibold text-slate-900">
        Order summary
      </h4>
      <dl className="mt-3 grid grid-cols-[1fr_auto] gap-y-1.5 text-sm">
        <dt className="text-slate-600">Pages</dt>
        <dd className="text-right text-slate-900">{pageCount}</dd>
        <dt className="text-slate-600">Sets</dt>
        <dd className="text-right text-slate-900">{describeSets(sets, halfSets, choices.reducedSets ?? 0)}</dd>
        <dt className="text-slate-600">Print size</dt>
        <dd className="text-right text-slate-900">{printSize === 'asDrawn' ? ORDER_PRINT_SIZE_LABELS.asDrawn : PRINT_SIZE_LABELS[printSize]}</dd>
        <dt className="text-slate-600">Print type</dt>
        <dd className="text-right text-slate-900">{printType === 'auto' ? autoLabel(colorSheets.length) : PRINT_TYPE_LABELS[printType]}</dd>
        {price.pricePerPageCents !== null && (
          <>
            <dt className="text-slate-600">Price per page</dt>
            <dd className="text-right text-slate-900">{formatCents(price.pricePerPageCents)}</dd>
          </>
        )}
      </dl>
      <ul aria-label="Price lines" className="mt-3 grid gap-1 border-t border-slate-200 pt-2 text-sm">
        {price.lines.map((line) => (
          <li key={line.description} className="flex justify-between gap-4">
            <span className="text-slate-700">
              {line.description}{' '}
              <span className="whitespace-nowrap text-slate-500">
                ({line.quantity} × {formatCents(line.unitPriceCents)})
              </span>
            </span>
            <span className="tabular-nums text-slate-900">{formatCents(line.amountCents)}</span>
          </li>
        ))}
      </ul>
      <div className="mt-2 flex justify-between border-t border-slate-200 pt-2">
        <span className="font-semibold text-slate-900">Total</span>
        <span className="text-lg font-bold text-slate-900">{formatCents(price.subtotalCents)}</span>
      </div>
      <p className="mt-2 text-xs text-slate-500">Sales tax, and rush or shipping if you choose them, are added at checkout.</p>
      <QueueNotice pageCount={pageCount} choices={choices} price={price} />
      <Button size="lg" className="mt-4 w-full" onClick={onCheckout} disabled={goingToCheckout}>
        {goingToCheckout ? 'Going to Checkout...' : 'Proceed to Checkout'}
      </Button>
    </section>
  );
}

/**
 * Nothing while today's promise holds; when the production queue pushes this order past it, the
 * true time before the customer pays (GET /api/turnaround, asked about these prints and finishing).
 */
function QueueNotice({ pageCount, choices, price }: { pageCount: number; choices: PrintChoices; price: SheetsPrice }) {
  const turnaround = useTurnaround(
    turnaroundOrderQuery({
      pages: pageCount,
      colorPages: price.colorSheetCount,
      sets: price.sets,
      halfSets: price.halfSets,
      reducedSets: price.reducedSets,
      finishing: choices.finishing ?? null,
      halfFinishing: choices.halfFinishing ?? null,
    }),
  );
  const pushed = turnaround?.queue?.regular ?? null;
  if (!pushed) return null;
  return (
    <p role="status" data-testid="queue-promise" className="mt-2 rounded-md bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900">
      {pushed}
    </p>
  );
}
