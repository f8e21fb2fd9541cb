/**
 * GET /api/orders/:id and GET /api/orders/:id/receipt, for the owner account, the placing browser
 * session, the admin or a request carrying the order's access token (?token=). Anyone else, and any
 * malformed id, gets 404.
 */
import { Router, type Request } from 'express';
import type { Sql } from '../core/lib/db';
import { z } from 'zod';
import type { AppContext } from '../core/context';
import { conflict, notFound } from '../core/lib/errors';
import { canAccessOrder } from '../lib/orderAccess';
import { applySessions, cookieSessionIds, liveSessionsQuery, type SessionRow } from '../lib/sessions';
import { presentOrder, type OrderRow } from '../presenters/order';
import { StorageNotFoundError } from '../core/services/storage/index';
import { renderReceipt } from '../core/services/receipts/index';
import { receiptKey } from '../core/services/storage/keys';

async function loadOrder(ctx: AppContext, req: Request): Promise<OrderRow> {
  const id = req.params.id;
  if (typeof id !== 'string' || !z.uuid().safeParse(id).success) throw notFound('Order not found.');
  const [order] = await ctx.sql<OrderRow[]>`select * from orders where id = ${id}`;
  if (!order || !canAccessOrder(req, order)) throw notFound('Order not found.');
  return order;
}

/** Any UUID PostgreSQL accepts; other ids are nobody's order. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The order and, in the same round trip, the live sessions the cookie names. */
async function orderWithSessions(sql: Sql, id: string, sessionIds: string[]) {
  const sessions = sessionIds.length > 0 ? sql`(select json_agg(s) from (${liveSessionsQuery(sql, sessionIds)}) s)` : sql`null`;
  const [row] = await sql<(OrderRow & { shop_sessions: SessionRow[] | null })[]>`
    select o.*, ${sessions} as shop_sessions from orders o where o.id = ${id}`;
  return row;
}

/**
 * GET /api/orders/:id, the page a customer keeps open and polls: mounted ahead of the session loader
 * and the other routers (see app.ts), it reads the order and the cookie's sessions in one query, so
 * the cookie costs no extra round trip. The access rules are the same `canAccessOrder` as everywhere.
 */
export function orderReadRoutes(ctx: AppContext): Router {
  const router = Router();
  router.get('/api/orders/:id', async (req, res, next) => {
    const id = req.params.id;
    // Not an order id: leave it to the routers after the session loader (lookup and the final 404).
    if (!UUID.test(id)) return next();
    const row = await orderWithSessions(ctx.sql, id, cookieSessionIds(req));
    await applySessions(req, ctx.sql, row?.shop_sessions ?? []);
    if (!row || !canAccessOrder(req, row)) throw notFound('Order not found.');
    res.set('Cache-Control', 'private, no-store');
    res.json(presentOrder(row));
  });
  return router;
}

export function orderRoutes(ctx: AppContext): Router {
  const router = Router();

  // Ids that are not UUIDs pass the fast route above; they are nobody's order.
  router.get('/api/orders/:id', () => {
    throw notFound('Order not found.');
  });

  router.get('/api/orders/:id/receipt', async (req, res) => {
    const order = await loadOrder(ctx, req);
    if (order.payment_status === 'unpaid') throw conflict('The receipt is available once the payment is complete.');
    let pdf: Buffer | null = null;
    if (order.receipt_key) {
      try {
        const stream = await ctx.storage.get(order.receipt_key);
        const chunks: Buffer[] = [];
        for await (const chunk of stream) chunks.push(chunk as Buffer);
        pdf = Buffer.concat(chunks);
      } catch (error) {
        if (!(error instanceof StorageNotFoundError)) throw error;
      }
    }
    if (!pdf) {
      // Paid but the receipt job has not run yet: draw it now and keep it (same key the job uses).
      pdf = await renderReceipt(order, { supportEmail: ctx.env.SUPPORT_EMAIL, supportPhone: ctx.env.SUPPORT_PHONE });
      await ctx.storage.put(receiptKey(order.id), pdf, { contentType: 'application/pdf' });
      await ctx.sql`update orders set receipt_key = ${receiptKey(order.id)} where id = ${order.id} and receipt_key is null`;
    }
    res.set('Cache-Control', 'private, no-store');
    res.set('Content-Type', 'application/pdf');
    res.set('Content-Disposition', `${req.query.download === 'true' ? 'attachment' : 'inline'}; filename="receipt-${order.id}.pdf"`);
    res.send(pdf);
  });

  return router;
}
