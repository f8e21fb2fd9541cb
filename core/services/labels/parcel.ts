/** What the tube weighs, the same for the built-in label and the carrier's. */
import type { OrderRow } from '../../orders/orderRow';
import type { PrintSize } from '#shared/pricing';
import { tubeWeightOz } from '#shared/shop';
import type { QuoteRow } from './types';

/** Tube weight in ounces: the quote's when it has one (rates and label agree), else the shop's formula. */
export function parcelWeightOz(order: Pick<OrderRow, 'page_count' | 'print_size' | 'sets'>, quote: QuoteRow | null): number {
  const fromQuote = quote?.weight_oz == null ? NaN : Number(quote.weight_oz);
  if (Number.isFinite(fromQuote) && fromQuote > 0) return fromQuote;
  // Every set goes in the tube.
  return tubeWeightOz(order.print_size as PrintSize, order.page_count * (order.sets ?? 1));
}
