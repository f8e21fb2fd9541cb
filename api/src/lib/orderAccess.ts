/**
 * Who may see an order: the account that owns it, the browser session that placed it, the admin,
 * or a request carrying the order's access token (sent in its emails). Anyone else gets 404.
 */
import { timingSafeEqual } from 'node:crypto';
import type { Request } from 'express';
import type { OrderRow } from '../presenters/order';

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** True when this request may read the order. */
export function canAccessOrder(req: Request, order: Pick<OrderRow, 'user_id' | 'session_sid' | 'access_token'>): boolean {
  if (req.shop.adminUsername) return true;
  if (req.shop.userId && order.user_id === req.shop.userId) return true;
  if (req.shop.sid && order.session_sid === req.shop.sid) return true;
  const token = typeof req.query.token === 'string' ? req.query.token : null;
  return token !== null && sameToken(token, order.access_token);
}
