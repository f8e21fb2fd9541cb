/**
 * GET /api/orders/:id and GET /api/orders/:id/receipt, for the owner account, the placing browser
 * session, the admin or a request carrying the order's access token (?token=). Anyone else, and any
 * malformed id, gets 404.
 */
import { shopFacts } from '../../../shared/shop';
import { Router, type Request } from 'express';
import type { Sql } from '../core/lib/db';
import { z } from 'zod';
import type { AppContext } from '../core/context';
import { conflict, notFound } from '../core/lib/errors';
import { canAccessOrder } from '../lib/orderAccess';
import { applySessions, cookieSessionIds, type SessionRow } from '../lib/sessions';
import { presentOrder, type OrderRow } from '../presenters/order';
import type { StatusChange } from '../core/orders/statusHistory';
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

/** The order's status changes, oldest first, as one JSON column of the order's own query. */
const STATUS_CHANGES = `(select coalesce(json_agg(json_build_object('to_status', h.to_status, 'created_at', h.created_at) order by h.created_at, h.id), '[]'::json)
   from order_status_history h where h.order_id = o.id) as status_changes`;

type WithChanges = OrderRow & { status_changes: { to_status: OrderRow['status']; created_at: string }[] };

/** The order row alone, and its timeline for presentOrder. */
function splitChanges(row: WithChanges): { order: OrderRow; changes: StatusChange[] } {
  const { status_changes, ...order } = row;
  return { order, changes: status_changes.map((c) => ({ order_id: order.id, to_status: c.to_status, created_at: new Date(c.created_at) })) };
}

/**
 * The order, its status changes and the live sessions the cookie names (one row per session), in
 * one round trip.
 */
async function orderWithSessions(sql: Sql, id: string, sessionIds: string[]): Promise<{ order: OrderRow; changes: StatusChange[]; sessions: SessionRow[] } | null> {
  if (sessionIds.length === 0) {
    const [row] = await sql<WithChanges[]>`select o.*, ${sql.unsafe(STATUS_CHANGES)} from orders o where o.id = ${id}`;
    return row ? { ...splitChanges(row), sessions: [] } : null;
  }
  type Joined = WithChanges & { s_sid: string | null; s_kind: string; s_user_id: string | null; s_expire: Date; s_created_at: Date; s_username: string | null };
  const rows = await sql<Joined[]>`
    select o.*, ${sql.unsafe(STATUS_CHANGES)}, s.sid as s_sid, s.kind as s_kind, s.user_id as s_user_id, s.expire as s_expire, s.created_at as s_created_at,
      s.sess->>'username' as s_username
    from orders o left join sessions s on s.sid in ${sql(sessionIds)} and s.expire > now()
    where o.id = ${id}`;
  if (rows.length === 0) return null;
  const sessions = rows
    .filter((r) => r.s_sid !== null)
    .map((r): SessionRow => ({ sid: r.s_sid as string, kind: r.s_kind, user_id: r.s_user_id, expire: r.s_expire, created_at: r.s_created_at, sess: { username: r.s_username ?? undefined } }));
  const { s_sid: _sid, s_kind: _kind, s_user_id: _user, s_expire: _expire, s_created_at: _created, s_username: _username, ...row } = rows[0];
  return { ...splitChanges(row), sessions };
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
    const found = await orderWithSessions(ctx.sql, id, cookieSessionIds(req));
    // No order, no session rows read: leave the cookie alone (applying none would sign the browser out).
    if (!found) throw notFound('Order not found.');
    await applySessions(req, ctx.sql, found.sessions);
    if (!canAccessOrder(req, found.order)) throw notFound('Order not found.');
    res.set('Cache-Control', 'private, no-store');
    res.json(presentOrder(found.order, found.changes));
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
      pdf = await renderReceipt(order, shopFacts(ctx.env));
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
