/**
 * The counter's print-ready files: an order's batches (built by `print_batches__build` when it was
 * paid or placed on account) and each batch's PDF.
 */
import { Router } from 'express';
import { z } from 'zod';
import { uuidField, orderNumberOf } from '#shared/fields';
import type { AppContext } from '#core/context';
import { notFound } from '#core/lib/errors';
import { orderById } from '#core/orders/queries';
import { printBatchById, printFilesOf } from '#core/production/queries';
import { validate } from '../middleware/validate';
import { requireAdmin } from '../http/sessions';
import { contentDisposition, sendStoredFile } from '../http/files';
import { presentPrintFile } from '../presenters/printFile';

const orderParams = validate({ params: z.object({ id: uuidField }) }, 'Order not found.');
const batchParams = validate({ params: z.object({ batchId: uuidField }) }, 'Print file not found.');

export function adminPrintFileRoutes(ctx: AppContext): Router {
  const router = Router();

  router.get('/api/admin/orders/:id/print-files', requireAdmin, orderParams, async (req, res) => {
    const id = orderParams.input(req).params.id;
    if (!(await orderById(ctx.sql, id))) throw notFound('Order not found.');
    res.json((await printFilesOf(ctx.sql, id)).map(presentPrintFile));
  });

  router.get('/api/admin/print-files/:batchId', requireAdmin, batchParams, async (req, res) => {
    const batch = await printBatchById(ctx.sql, batchParams.input(req).params.batchId);
    if (!batch?.file_key) throw notFound('Print file not found.');
    const name = `${orderNumberOf(batch.order_id)}-${batch.paper}-${batch.ink}${batch.half_size ? '-half' : ''}.pdf`;
    const download = req.query.download === 'true' || req.query.download === '1';
    await sendStoredFile(
      ctx.storage,
      res,
      batch.file_key,
      { 'Content-Type': 'application/pdf', 'Content-Disposition': contentDisposition(download ? 'attachment' : 'inline', name) },
      'The print file is missing.',
    );
  });

  return router;
}
