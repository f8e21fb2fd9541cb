/** The admin's order JSON: the contract's order JSON plus what the print counter needs on its row. */
import { orderNumberOf } from '#shared/fields';
import { filesOf } from '#core/orders/orderFiles';
import { filesHolding } from '#core/services/pdf/printedPages';
import { printedSheetLabels } from '#shared/orderText';
import { presentOrder, type OrderRow } from './order';

/** The admin's order list searched for one order by its number (the search box takes `?q=`). */
export function adminOrderSearchUrl(orderId: string): string {
  return `/admin?q=${orderNumberOf(orderId)}`;
}

/** The contract's order JSON plus what the print counter needs on its row. */
export function presentAdminOrder(row: OrderRow) {
  const files = filesOf(row).map((f, i) => ({
    fileName: f.fileName,
    firstPosition: f.firstPosition,
    pageCount: f.pageCount,
    url: `/api/admin/pdf/${row.id}?file=${i + 1}`,
  }));
  const printed = row.print_positions;
  return {
    ...presentOrder(row),
    shortId: orderNumberOf(row.id),
    fileSize: row.file_size,
    hasFile: row.file_key !== null && row.file_deleted_at === null,
    /** The drawing to view or download: the first file, or for a revision's reprint one PDF of exactly the sheets it prints. */
    pdfUrl: `/api/admin/pdf/${row.id}`,
    /**
     * A reprint's printed-sheets PDF is built by the worker once it is paid: false while it is being
     * prepared (pdfUrl answers 409 meanwhile); null for an ordinary order.
     */
    printedSheetsReady: printed ? row.printed_sheets_key !== null : null,
    /**
     * Each file of the set to open or download (`?file=N`, the whole file), in print order; for a
     * revision's reprint only the files holding a sheet it prints.
     */
    fileUrls: printed ? filesHolding(files, printed) : files,
    /** A reprint's sheets, by number ("A-102"), in print order; null for an ordinary order. */
    printedSheets: printed ? printedSheetLabels(filesOf(row), printed) : null,
    /** A reprint's whole new issue (every file, `?file=N`), offered beside its printed sheets; null for an ordinary order. */
    fullIssueUrls: printed ? files : null,
    labelUrl: row.label_key ? `/api/admin/shipping-label/${row.id}` : null,
    labelCarrier: row.label_carrier,
    /** Each shipping package's label (an order with recipients), to print and stick on its tube. */
    packageLabels: (row.recipients ?? [])
      .filter((p) => p.delivery === 'shipping' && p.id)
      .map((p) => ({
        recipientId: p.id,
        name: p.name,
        trackingNumber: p.trackingNumber,
        labelUrl: p.labelKey ? `/api/admin/shipping-label/${row.id}?recipientId=${p.id}` : null,
      })),
    paidAt: row.paid_at?.toISOString() ?? null,
    completedAt: row.completed_at?.toISOString() ?? null,
    /** A revision's reprint: the order it revises, found by its number in the admin's order search. */
    revisionOfUrl: row.revision_of_order_id ? adminOrderSearchUrl(row.revision_of_order_id) : null,
  };
}
export type AdminOrderJson = ReturnType<typeof presentAdminOrder>;
