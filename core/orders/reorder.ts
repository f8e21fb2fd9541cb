/**
 * Reorder: copies an earlier order's kept PDFs (every file of its set) into new ready uploads for
 * this browser and builds the checkout data, so 'Order again' goes straight to /checkout with the
 * same files and options.
 * Files are deleted after printing: then the answer is 409 and says so.
 */
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../context';
import { HttpError } from '../lib/errors';
import type { OrderFileRow, OrderRow } from './orderRow';
import { filesOf, withOrderFiles } from './orderFiles';
import { colorSheetNumbersOf } from '../uploads/colorSheets';
import { StorageNotFoundError } from '../services/storage/index';
import { uploadFileKey } from '../services/storage/keys';
import { centsToDollars } from '#shared/money';
import { setName } from '#shared/orderText';
import { priceSheets, type OrderPrintSize, type OrderPrintType, type PrintSize } from '#shared/pricing';
import { sheetPapersOf } from '../uploads/papers';
import { copyReadyUpload } from '../uploads/commands/files';
import type { CheckoutData } from '#shared/checkout';

export const FILE_GONE_MESSAGE = 'The file for this order has already been deleted after printing, as we promise. Please upload it again to order more prints.';

const fileGone = () => new HttpError(409, 'file_deleted', FILE_GONE_MESSAGE);

/** An order as reorder reads it: with its set's files. */
export type ReorderSource = OrderRow;

/** The order and its set's files, or undefined. */
export async function reorderSource(sql: AppContext['sql'], orderId: string): Promise<ReorderSource | undefined> {
  const [order] = await sql<ReorderSource[]>`select * from orders where id = ${orderId}`;
  if (order) await withOrderFiles(sql, [order]);
  return order;
}

/** One file of the earlier set copied into a new ready upload of `who`; resolves with the new upload. */
async function copyFile(ctx: AppContext, file: OrderFileRow, fallbackSize: string, who: { sid: string; userId: string | null }) {
  if (!file.fileKey) throw fileGone();
  const uploadId = randomUUID();
  const key = uploadFileKey(uploadId);
  let size: number;
  try {
    ({ size } = await ctx.storage.put(key, await ctx.storage.get(file.fileKey), { contentType: 'application/pdf' }));
  } catch (error) {
    if (error instanceof StorageNotFoundError) throw fileGone();
    throw error;
  }
  const [found] = file.uploadId
    ? await ctx.sql<{ detected_size: string | null; actual_size: string | null }[]>`select detected_size, actual_size from uploads where id = ${file.uploadId}`
    : [];
  const colorSheets = file.uploadId ? await colorSheetNumbersOf(ctx.sql, file.uploadId) : null;
  const detectedSize = found?.detected_size ?? fallbackSize;
  // The sheets' sizes come along, so the copy prints and prices each sheet on its own paper too.
  await copyReadyUpload(ctx.sql, {
    uploadId,
    sessionSid: who.sid,
    userId: who.userId,
    fileName: file.fileName,
    fileSize: size,
    storageKey: key,
    pageCount: file.pageCount,
    detectedSize,
    actualSize: found?.actual_size ?? null,
    colorSheets,
    sourceUploadId: file.uploadId,
  });
  const papers = await sheetPapersOf(ctx.sql, uploadId, file.pageCount).catch(() => undefined);
  return { uploadId, size, detectedSize, papers };
}

/** Copies every file of the order's set into new ready uploads of `who` and answers the checkout data for them. */
export async function reorder(ctx: AppContext, order: ReorderSource, who: { sid: string; userId: string | null }) {
  if (order.file_deleted_at || !order.file_key) throw fileGone();
  const files = filesOf(order);
  const copies = [];
  for (const file of files) copies.push(await copyFile(ctx, file, order.print_size, who));
  const papers = copies.every((c) => c.papers) ? copies.flatMap((c) => c.papers ?? []) : undefined;
  const sizes = new Set(copies.map((c) => c.detectedSize));
  const detectedSize = sizes.size === 1 ? copies[0].detectedSize : 'mixed';
  const checkoutData = checkoutDataOf(
    order,
    copies[0].uploadId,
    copies.reduce((sum, c) => sum + c.size, 0),
    papers,
  );
  if (copies.length > 1) {
    checkoutData.uploadIds = copies.map((c) => c.uploadId);
    checkoutData.fileName = setName(files);
  }
  return { checkoutData, detectedSize };
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
    notes: order.notes,
    projectId: order.project_id,
    pricePerPage: price.pricePerPageCents === null ? null : centsToDollars(price.pricePerPageCents),
    totalAmount: centsToDollars(price.subtotalCents),
    reorderOf: order.id,
    rushOrder: order.rush_order,
    shippingMethod: order.shipping_method,
    shippingAddress: order.shipping_address,
  };
}
