/** Who may act on an order as its owner: one rule for the API's reads and checkout's re-price. */
import type { OrderRow } from './orderRow';

/**
 * True when `who` placed the order: the account that owns it or the browser session that placed it.
 * Only they may change it (re-price, reorder); a token or the admin may read it, not act as its owner.
 */
export function ownsOrder(who: { sid: string | null; userId: string | null }, order: Pick<OrderRow, 'user_id' | 'session_sid'>): boolean {
  if (who.userId !== null && order.user_id === who.userId) return true;
  return who.sid !== null && order.session_sid === who.sid;
}
