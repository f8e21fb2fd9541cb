/**
 * GET /api/orders/:id and GET /api/orders/:id/receipt, for the owner account, the placing browser
 * session, the admin or a request carrying the order's access token (?token=). Anyone else, and any
 * malformed id, gets 404.
 */
import { shopFacts } from '../../../shared/shop';
import { Router, type Request } from 'express';
import { z } from 'zod';
import type { AppContext } from '../core/context';
import { conflict, notFound } from '../core/lib/errors';
import { canAccessOrder } from '../lib/orderAccess';
import { presentOrder, type OrderRow } from '../presenters/order';
import { loadStatusHistory } from '../core/orders/statusHistory';
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

export function orderRoutes(ctx: AppContext): Router {
  const router = Router();

  router.get('/api/orders/:id', async (req, res) => {
    const order = await loadOrder(ctx, req);
    res.set('Cache-Control', 'private, no-store');
    const history = await loadStatusHistory(ctx.sql, [order.id]);
    res.json(presentOrder(order, history.get(order.id)));
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
