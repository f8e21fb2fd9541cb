/** GET /api/admin/job-ticket/:orderId: the printable job ticket PDF for one order (admin only). */
import { z } from 'zod';
import { uuidField } from '#shared/fields';
import { shopFacts } from '#shared/shop';
import { validate } from '../middleware/validate';
import { Router } from 'express';
import type { AppContext } from '#core/context';
import { notFound } from '#core/lib/errors';
import { requireAdmin } from '../http/sessions';
import { jobTicketFileName, renderJobTicket } from '#core/services/tickets/jobTicket';
import { sheetListOf } from '#core/orders/sheetList';
import { revisionPrintOf } from '#core/revisions/reprint';
import { contentDisposition } from '../http/files';
import { withOrderFiles } from '#core/orders/orderFiles';
import { orderById } from '#core/orders/queries';

const ticketParams = validate({ params: z.object({ orderId: uuidField }) }, 'Order not found.');

export function adminTicketRoutes(ctx: AppContext): Router {
  const router = Router();

  router.get('/api/admin/job-ticket/:orderId', requireAdmin, ticketParams, async (req, res) => {
    const id = ticketParams.input(req).params.orderId;
    const order = await orderById(ctx.sql, id);
    // An unpaid order is not the counter's yet: like every other admin read of one, it is not found.
    if (!order || order.payment_status === 'unpaid') throw notFound('Order not found.');
    await withOrderFiles(ctx.sql, [order]);
    const pdf = await renderJobTicket(order, shopFacts(ctx.env), await sheetListOf(ctx.sql, order), await revisionPrintOf(ctx.sql, order));
    const download = req.query.download === 'true' || req.query.download === '1';
    res
      .set({
        'Content-Type': 'application/pdf',
        'Content-Disposition': contentDisposition(download ? 'attachment' : 'inline', jobTicketFileName(order.id)),
        'Cache-Control': 'no-store',
      })
      .send(pdf);
  });

  return router;
}
