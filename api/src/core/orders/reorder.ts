/**
 * Reorder: copies an earlier order's kept PDF into a new ready upload for this browser and builds
 * the checkout data, so 'Order again' goes straight to /checkout with the same file and options.
 * Files are deleted after printing: then the answer is 409 and says so.
 */
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../context';
import { HttpError } from '../lib/errors';
import type { OrderRow } from './orderRow';
import { colorSheetNumbersOf } from '../uploads/colorSheets';
import { StorageNotFoundError } from '../services/storage/index';
import { uploadFileKey } from '../services/storage/keys';
import { centsToDollars } from '#shared/money';
import { priceSheets, type OrderPrintSize, type OrderPrintType, type PrintSize } from '#shared/pricing';
import { sheetPapersOf } from '../uploads/papers';
import type { CheckoutData } from '#shared/checkout';

export const FILE_GONE_MESSAGE = 'The file for this order has already been deleted after printing, as we promise. Please upload it again to order more prints.';

const fileGone = () => new HttpError(409, 'file_deleted', FILE_GONE_MESSAGE);

/** An order with what its upload's analysis found, as reorder reads it. */
export type ReorderSource = OrderRow & { detected_size: string | null; actual_size: string | null; color_sheets_detected: number[] | null };

/** The order and its upload's analysis, or undefined. */
export async function reorderSource(sql: AppContext['sql'], orderId: string): Promise<ReorderSource | undefined> {
  const [order] = await sql<ReorderSource[]>`
    select o.*, u.detected_size, u.actual_size, null::int[] as color_sheets_detected from orders o left join uploads u on u.id = o.upload_id
    where o.id = ${orderId}`;
  if (order?.upload_id) order.color_sheets_detected = await colorSheetNumbersOf(sql, order.upload_id);
  return order;
}

/** Copies the order's file into a new ready upload of `who` and answers the checkout data for it. */
export async function reorder(ctx: AppContext, order: ReorderSource, who: { sid: string; userId: string | null }) {
  if (order.file_deleted_at || !order.file_key) throw fileGone();
  const uploadId = randomUUID();
  const key = uploadFileKey(uploadId);
  let size: number;
  try {
    ({ size } = await ctx.storage.put(key, await ctx.storage.get(order.file_key), { contentType: 'application/pdf' }));
  } catch (error) {
    if (error instanceof StorageNotFoundError) throw fileGone();
    throw error;
  }
  const detectedSize = order.detected_size ?? order.print_size;
  await ctx.sql`
    insert into uploads (id, session_sid, user_id, file_name, file_size, storage_key, status, page_count, detected_size, actual_size, color_sheets, sheets_complete, analyzed_at)
    values (${uploadId}, ${who.sid}, ${who.userId}, ${order.file_name}, ${size}, ${key}, 'ready', ${order.page_count},
            ${detectedSize}, ${order.actual_size ?? null}, ${order.color_sheets_detected}, true, now())`;
  // The sheets' sizes come along, so the copy prints and prices each sheet on its own paper too.
  if (order.upload_id) {
    await ctx.sql`
      insert into upload_sheets (upload_id, number, width_in, height_in)
      select ${uploadId}::uuid, number, width_in, height_in from upload_sheets where upload_id = ${order.upload_id}`;
  }
  const papers = await sheetPapersOf(ctx.sql, uploadId, order.page_count).catch(() => undefined);
  return { checkoutData: checkoutDataOf(order, uploadId, size, papers), detectedSize };
}

/** The same sets, inks and sheets in color, at today's prices; the checkout re-prices on the server. */
function checkoutDataOf(order: ReorderSource, uploadId: string, size: number, papers: PrintSize[] | undefined): CheckoutData {
  const printSize = order.print_size as OrderPrintSize;
  const printType = order.print_type as OrderPrintType;
  const colorSheets = printType === 'auto' ? order.color_sheets.filter((n) => n >= 1 && n <= order.page_count) : undefined;
  // Only the prints' subtotal is shown here: rush, shipping and tax are the checkout's to add.
  const price = priceSheets({
    pageCount: order.page_count,
    printSize,
    printType,
    sets: order.sets,
    halfSets: order.half_sets ?? 0,
    // Without the sheets' sizes an as-drawn total is shown as if on the larger paper; checkout re-prices.
    ...(printSize === 'asDrawn' && !papers ? { printSize: '30x42' as const } : { papers }),
    colorSheets,
  });
  return {
    uploadId,
    fileName: order.file_name,
    pageCount: order.page_count,
    fileSize: size,
    printSize,
    printType,
    sets: order.sets,
    halfSets: order.half_sets ?? 0,
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
}
