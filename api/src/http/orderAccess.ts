/**
 * Who may see an order: the account that owns it, the browser session that placed it, the admin,
 * or a request carrying the order's access token (sent in its emails); and, to read it and start a
 * revision of it, any member of the firm it was placed for (the firm's list shows it to them).
 * Paying for it or changing it stays with whoever placed it. Anyone else gets 404.
 */
import { timingSafeEqual } from 'node:crypto';
import type { Request } from 'express';
import type { Queryable } from '#core/lib/db';
import { membershipOf } from '#core/firms/membership';
import type { OrderRow } from '../presenters/order';
import { ownsOrder } from '#core/orders/ownsOrder';

export { ownsOrder };

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * True when this request may read the order: its owner, the admin (once it is paid: an unpaid order
 * is a checkout in progress, not the counter's, and every admin read of one is 404), or the order's
 * access token.
 */
export function canAccessOrder(req: Request, order: Pick<OrderRow, 'user_id' | 'session_sid' | 'access_token' | 'payment_status'>): boolean {
  if (req.shop.adminUsername && order.payment_status !== 'unpaid') return true;
  if (ownsOrder({ sid: req.shop.sid, userId: req.shop.userId }, order)) return true;
  const token = typeof req.query.token === 'string' ? req.query.token : null;
  return token !== null && sameToken(token, order.access_token);
}

/**
 * True when this request may read the order (the read-only routes: the order page, its receipt, and
 * starting a revision of it): canAccessOrder, or a signed-in member of the firm the paid order
 * belongs to, as the firm's order list shows it.
 */
export async function canReadOrder(
  sql: Queryable,
  req: Request,
  order: Pick<OrderRow, 'user_id' | 'session_sid' | 'access_token' | 'payment_status' | 'firm_id'>,
): Promise<boolean> {
  if (canAccessOrder(req, order)) return true;
  if (!req.shop.userId || !order.firm_id || order.payment_status === 'unpaid') return false;
  return (await membershipOf(sql, req.shop.userId))?.firmId === order.firm_id;
}

/**
 * True when this request may read a revision: whoever started it (account or browser session), the
 * admin, or whoever may read the order it was compared with (its access token included).
 */
export function canAccessRevision(
  req: Request,
  revision: { user_id: string | null; session_sid: string | null },
  previousOrder: Pick<OrderRow, 'user_id' | 'session_sid' | 'access_token' | 'payment_status'> | null,
): boolean {
  if (req.shop.adminUsername) return true;
  if (ownsOrder({ sid: req.shop.sid, userId: req.shop.userId }, revision)) return true;
  return previousOrder !== null && canAccessOrder(req, previousOrder);
}
