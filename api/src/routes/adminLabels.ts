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
import { recipientLabelOf } from '#core/orders/recipients';
import { contentDisposition, sendStoredFile } from '../http/files';
import { orderNumberOf } from '#shared/fields';

const labelParams = validate({ params: z.object({ orderId: uuidField }) }, 'Order not found.');
/** `?recipientId=`: one package's label of an order with recipients. */
const labelFile = validate({ params: z.object({ orderId: uuidField }), query: z.object({ recipientId: uuidField.optional() }).loose() }, 'Order not found.');

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
    const admin = presentAdminOrder(order);
    res.json({
      success: true,
      trackingNumber: order.tracking_number,
      carrier: order.label_carrier,
      labelUrl: `/api/admin/shipping-label/${id}`,
      /** One per shipping package of an order with recipients ([] otherwise). */
      labels: admin.packageLabels,
      order: admin,
    });
  });

  router.get('/api/admin/shipping-label/:orderId', requireAdmin, labelFile, async (req, res) => {
    const { params, query } = labelFile.input(req);
    const id = params.orderId;
    const order = await orderLabel(ctx.sql, id);
    if (!order) throw notFound('Order not found.');
    let labelKey = order.label_key;
    let fileName = `label-${orderNumberOf(order.id)}.pdf`;
    if (query.recipientId) {
      const pkg = await recipientLabelOf(ctx.sql, id, query.recipientId);
      if (!pkg) throw notFound('That recipient is not on this order.');
      labelKey = pkg.labelKey;
      fileName = `label-${orderNumberOf(order.id)}-${pkg.name.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'recipient'}.pdf`;
    }
    if (!labelKey) throw notFound('No label has been generated for this order yet.');
    const download = req.query.download === 'true' || req.query.download === '1';
    await sendStoredFile(
      ctx.storage,
      res,
      labelKey,
      {
        'Content-Type': 'application/pdf',
        'Content-Disposition': contentDisposition(download ? 'attachment' : 'inline', fileName),
      },
      'The label file is missing. Generate it again.',
    );
  });

  return router;
}
