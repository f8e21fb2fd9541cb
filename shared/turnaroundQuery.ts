/**
 * The order the card or checkout asks `GET /api/turnaround` about, as query parameters: apart from
 * the queue's promises (queuePromise.ts) so the landing page does not load the shop clock for it.
 */
import { NO_FINISHING, type Finishing } from './finishing';

/** The order the card or checkout asks `GET /api/turnaround` about: sheets per set, sets, reduced sets and finishing. */
export type TurnaroundOrder = {
  pages: number;
  colorPages: number;
  sets: number;
  halfSets: number;
  reducedSets?: number;
  finishing?: Finishing | null;
  halfFinishing?: Finishing | null;
};

/** `GET /api/turnaround`'s order parameters for `order` ("pages=3&colorPages=0&sets=1&halfSets=0"); '' before it has sheets. */
export function turnaroundOrderQuery(order: TurnaroundOrder): string {
  if (order.pages <= 0) return '';
  const f = order.finishing ?? NO_FINISHING;
  const h = order.halfFinishing ?? NO_FINISHING;
  const params: [string, string | number][] = [
    ['pages', order.pages],
    ['colorPages', Math.min(order.colorPages, order.pages)],
    ['sets', order.sets],
    ['halfSets', order.halfSets],
  ];
  if ((order.reducedSets ?? 0) > 0) params.push(['reducedSets', order.reducedSets ?? 0]);
  if (f.fold !== 'none') params.push(['fold', f.fold]);
  if (f.bind !== 'none') params.push(['bind', f.bind]);
  if (h.fold !== 'none') params.push(['halfFold', h.fold]);
  if (h.bind !== 'none') params.push(['halfBind', h.bind]);
  return params.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&');
}
