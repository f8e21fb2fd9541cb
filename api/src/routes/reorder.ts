/**
 * POST /api/orders/:id/reorder: copies an earlier order's kept PDF into a new ready upload for this
 * browser session and answers the checkout data, so 'Order again' goes straight to /checkout with
 * the same file and options. Files are deleted after printing: then the answer is 409 and says so.
 */
import { randomUUID } from 'node:crypto';
import { Router } from 'express';
import type { AppContext } from '../core/context';
import { HttpError, notFound } from '../core/lib/errors';
import { ensureSession } from '../lib/sessions';
import type { OrderRow } from '../presenters/order';
import { StorageNotFoundError } from '../core/services/storage/index';
import { centsToDollars } from '../../../shared/money';
import { uuidField } from '../../../shared/fields';
import { priceOrder, type OrderPrintType, type PrintSize } from '../../../shared/pricing';
import type { CheckoutData } from '../../../shared/checkout';

export const FILE_GONE_MESSAGE =
  'The file for this order has already been deleted after printing, as we promise. Please upload it again to order more prints.';

const fileGone = () => new HttpError(409, 'file_deleted', FILE_GONE_MESSAGE);

export function reorderRoutes(ctx: AppContext): Router {
  const router = Router();
  const { sql } = ctx;

  router.post('/api/orders/:id/reorder', async (req, res) => {
    const id = uuidField.safeParse(req.params.id);
    if (!id.success) throw notFound('Order not found.');
    const [order] = await sql<(OrderRow & { detected_size: string | null; actual_size: string | null; color_sheets_detected: number[] | null })[]>`
      select o.*, u.detected_size, u.actual_size, u.color_sheets as color_sheets_detected from orders o left join uploads u on u.id = o.upload_id
      where o.id = ${id.data}`;
    // Only the account that owns the order, or the browser session that placed it.
    const owner = order && ((req.shop.userId !== null && order.user_id === req.shop.userId) || (req.shop.sid !== null && order.session_sid === req.shop.sid));
    if (!order || !owner) throw notFound('Order not found.');
    if (order.file_deleted_at || !order.file_key) throw fileGone();

    const sid = await ensureSession(req, sql);
    const uploadId = randomUUID();
    const key = `uploads/${uploadId}/original.pdf`;
    let size: number;
    try {
      ({ size } = await ctx.storage.put(key, await ctx.storage.get(order.file_key), { contentType: 'application/pdf' }));
    } catch (error) {
      if (error instanceof StorageNotFoundError) throw fileGone();
      throw error;
    }
    const detectedSize = order.detected_size ?? order.print_size;
    await sql`
      insert into uploads (id, session_sid, user_id, file_name, file_size, storage_key, status, page_count, detected_size, actual_size, color_sheets, analyzed_at)
      values (${uploadId}, ${sid}, ${req.shop.userId}, ${order.file_name}, ${size}, ${key}, 'ready', ${order.page_count},
              ${detectedSize}, ${order.actual_size ?? null}, ${order.color_sheets_detected}, now())`;

    const printSize = order.print_size as PrintSize;
    const printType = order.print_type as OrderPrintType;
    // The same sets, inks and sheets in color, at today's prices; the checkout re-prices on the server.
    const colorSheets = printType === 'auto' ? order.color_sheets.filter((n) => n >= 1 && n <= order.page_count) : undefined;
    const price = priceOrder({ pageCount: order.page_count, printSize, printType, sets: order.sets, colorSheetCount: colorSheets?.length, rushOrder: false, shippingMethod: 'pickup' });
    const checkoutData: CheckoutData = {
      uploadId,
      fileName: order.file_name,
      pageCount: order.page_count,
      fileSize: size,
      printSize,
      printType,
      sets: order.sets,
      ...(colorSheets ? { colorSheets } : {}),
      jobName: order.job_name,
      poNumber: order.po_number,
      pricePerPage: price.pricePerPageCents === null ? null : centsToDollars(price.pricePerPageCents),
      totalAmount: centsToDollars(price.subtotalCents),
      reorderOf: order.id,
      rushOrder: order.rush_order,
      shippingMethod: order.shipping_method,
      shippingAddress: order.shipping_address,
    };
    res.status(201).json({
      ...checkoutData,
      detectedSize,
      rushOrder: order.rush_order,
      shippingMethod: order.shipping_method,
      checkoutData,
    });
  });
  return router;
}
