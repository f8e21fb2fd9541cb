/** Where every stored file lives: the one home of the storage key layout. */

/** The storage key of an upload's original file: unique per upload, never the customer's file name. */
export const uploadFileKey = (uploadId: string) => `uploads/${uploadId}/original.pdf`;
/** The storage key of one sheet's preview (sheets count from 1). */
export const uploadPreviewKey = (uploadId: string, page: number) => `uploads/${uploadId}/previews/${page}.png`;
/** The storage key of one sheet's enlarged preview, drawn when first asked for (beside the preview, so it goes with the upload). */
export const uploadLargePreviewKey = (uploadId: string, page: number) => `uploads/${uploadId}/previews/${page}-large.png`;
/** Everything stored for an upload. */
export const uploadPrefix = (uploadId: string) => `uploads/${uploadId}/`;
/** An order's receipt PDF. */
export const receiptKey = (orderId: string) => `receipts/${orderId}/receipt.pdf`;
/** An order's shipping label PDF. */
export const labelKeyOf = (orderId: string) => `labels/${orderId}/label.pdf`;
/** One recipient's package label of an order with recipients. */
export const recipientLabelKeyOf = (orderId: string, recipientId: string) => `labels/${orderId}/recipients/${recipientId}.pdf`;
/** Everything stored for an export. */
export const exportPrefix = (exportId: string) => `exports/${exportId}/`;
/** An export's zip. */
export const exportKeyOf = (exportId: string) => `${exportPrefix(exportId)}export.zip`;
/** A firm's tax-exempt certificate, as the owner uploaded it (PDF or image). */
export const taxCertificateKey = (certificateId: string) => `tax-certificates/${certificateId}/certificate`;
/** An invoice's PDF (an order placed on a firm's account). */
export const invoiceKey = (invoiceId: string) => `invoices/${invoiceId}/invoice.pdf`;
/** Everything stored for a revision. */
export const revisionPrefix = (revisionId: string) => `revisions/${revisionId}/`;
/** A changed sheet's overlay: the preview, or the enlarged one (`large`). */
export const revisionOverlayKey = (revisionId: string, position: number, large: boolean) =>
  `${revisionPrefix(revisionId)}overlays/${position}${large ? '-large' : ''}.png`;
/** The id of the database this store belongs to (storage/owner.ts). */
export const storeOwnerKey = 'database-id';
/** Everything built for an order's production (its print-ready files). */
export const printFilesPrefix = (orderId: string) => `print-files/${orderId}/`;
/**
 * A revision's reprint: one PDF of exactly the sheets it prints, what the counter views and
 * downloads (its own prefix, so it never mixes with the print-ready batches).
 */
export const printedSheetsKey = (orderId: string) => `printed-sheets/${orderId}/printed-sheets.pdf`;
/** One batch's print-ready PDF. */
export const printFileKey = (orderId: string, batchId: string) => `${printFilesPrefix(orderId)}${batchId}.pdf`;
