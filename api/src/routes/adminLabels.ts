/**
 * Shipping labels. Generating runs inline (one provider call, idempotent under a per-order lock):
 * the contract answers with the label and tracking number, and the print counter is waiting.
 * The `orders__buy_label` task runs the same function for retries from the queue.
 */
import { z } from 'zod';
import { uuidField } from '#shared/fields';
import { validate } from '../middleware/validate';
import { Router } from 'express';
import type { AppContext } from '#core/context';
import { notFound, serviceUnavailable } from '#core/lib/errors';
import { HttpError } from '#core/lib/errors';
import { requireAdmin } from '../http/sessions';
import type { OrderRow } from '../presenters/order';
import { generateLabel } from '#core/services/labels/index';
import { presentAdminOrder } from '../presenters/adminOrder';
import { withOrderFiles } from '#core/orders/orderFiles';
import { orderLabel } from '#core/orders/queries';
import { contentDisposition, sendStoredFile } from '../http/files';
import { orderNumberOf } from '#shared/fields';

const labelParams = validate({ params: z.object({ orderId: uuidField }) }, 'Order not found.');

export function adminLabelRoutes(ctx: AppContext): Router {
  const router = Router();

  router.post('/api/admin/generate-label/:orderId', requireAdmin, labelParams, async (req, res) => {
    const id = labelParams.input(req).params.orderId;
    let order: OrderRow;
    try {
      order = await generateLabel(ctx, id);
      await withOrderFiles(ctx.sql, [order]);
    } catch (error) {
      if (error instanceof HttpError) throw error;
      ctx.log.child('labels').warn('label generation failed', { orderId: id, error });
      throw serviceUnavailable('The carrier could not create the label right now. Please try again.');
    }
    res.json({
      success: true,
      trackingNumber: order.tracking_number,
      carrier: order.label_carrier,
      labelUrl: `/api/admin/shipping-label/${id}`,
      order: presentAdminOrder(order),
    });
  });

  router.get('/api/admin/shipping-label/:orderId', requireAdmin, labelParams, async (req, res) => {
    const id = labelParams.input(req).params.orderId;
    const order = await orderLabel(ctx.sql, id);
    if (!order) throw notFound('Order not found.');
    if (!order.label_key) throw notFound('No label has been generated for this order yet.');
    const download = req.query.download === 'true' || req.query.download === '1';
    await sendStoredFile(
      ctx.storage,
      res,
      order.label_key,
      {
        'Content-Type': 'application/pdf',
        'Content-Disposition': contentDisposition(download ? 'attachment' : 'inline', `label-${orderNumberOf(order.id)}.pdf`),
      },
      'The label file is missing. Generate it again.',
    );
  });

  return router;
}
