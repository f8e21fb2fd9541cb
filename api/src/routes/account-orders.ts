/** GET /api/orders: the signed-in customer's paid orders, newest first. */
import { Router } from 'express';
import type { AppContext } from '../core/context';
import { requireUser } from '../lib/sessions';
import { presentOrder, type OrderRow } from '../presenters/order';
import { loadStatusHistory } from '../core/orders/statusHistory';

/** Most orders one page of history shows. */
export const ACCOUNT_ORDERS_LIMIT = 500;

export function accountOrderRoutes(ctx: AppContext): Router {
  const router = Router();
  router.get('/api/orders', requireUser, async (req, res) => {
    // Unpaid checkouts that were abandoned are not orders to the customer; refunded ones were.
    const rows = await ctx.sql<OrderRow[]>`
      select * from orders
      where user_id = ${req.shop.userId} and payment_status <> 'unpaid'
      order by created_at desc, id desc
      limit ${ACCOUNT_ORDERS_LIMIT}`;
    res.set('Cache-Control', 'no-store');
    const history = await loadStatusHistory(ctx.sql, rows.map((r) => r.id));
    res.json(rows.map((r) => presentOrder(r, history.get(r.id))));
  });
  return router;
}
