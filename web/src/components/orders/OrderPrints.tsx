/**
 * What an order prints, the same on the confirmation page, /orders, the dashboard and the admin
 * rows: the sets, the color sheets, the price lines as charged, and the job name and PO.
 */
import { formatDollars } from '#shared/money';
import { colorSheetsSummary, projectText } from '#shared/orderText';
import { setsText, type PriceLineJson } from '#shared/pricing';
import type { OrderJson } from '#shared/orderJson';

/** "3 sets of 42 sheets" / "2 sets + 1 half-size set of 42 sheets": which sets are half-size. */
export function orderSetsText(order: Pick<OrderJson, 'sets' | 'pageCount'> & { halfSets?: number; reducedSets?: number }): string {
  return `${setsText(order.sets, order.halfSets ?? 0, order.reducedSets ?? 0)} of ${order.pageCount} ${order.pageCount === 1 ? 'sheet' : 'sheets'}`;
}

/** "Sheets 7-8" / "All sheets" / "None (black and white)". */
export function orderColorText(order: Pick<OrderJson, 'colorSheets' | 'pageCount'>): string {
  return colorSheetsSummary(order.colorSheets, order.pageCount);
}

/** The price lines: `24" x 36" black and white  120 × $5.99  $718.80`. */
export function PriceLines({ lines, className }: { lines: readonly PriceLineJson[]; className?: string }) {
  return (
    <ul aria-label="Price lines" className={className ?? 'grid gap-1 text-sm'}>
      {lines.map((line) => (
        <li key={line.description} className="flex justify-between gap-4">
          <span className="text-slate-700">
            {line.description}{' '}
            <span className="whitespace-nowrap text-slate-500">
              ({line.quantity} × {formatDollars(line.unitPrice)})
            </span>
          </span>
          <span className="font-medium tabular-nums text-slate-900">{formatDollars(line.amount)}</span>
        </li>
      ))}
    </ul>
  );
}

/** "Project: A-101 · Hoboken Tower", the firm project the order was placed for; null without one. */
export function projectLine(order: Pick<OrderJson, 'projectCode'> & { projectName?: string | null }): string | null {
  const text = projectText({ code: order.projectCode, name: order.projectName });
  return text ? `Project: ${text}` : null;
}

/** "Job: Smith Residence · PO 4471", or nothing when neither was given. */
export function jobText(order: Pick<OrderJson, 'jobName' | 'poNumber'>): string | null {
  const parts = [order.jobName ? `Job: ${order.jobName}` : null, order.poNumber ? `PO ${order.poNumber}` : null].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : null;
}
