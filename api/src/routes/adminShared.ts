/** Helpers the admin routers share: the admin order JSON, id parsing and safe file-name headers. */
import { orderNumberOf } from '../../../shared/fields';
import { presentOrder, type OrderRow } from '../presenters/order';

/** The contract's order JSON plus what the print counter needs on its row. */
export function presentAdminOrder(row: OrderRow) {
  return {
    ...presentOrder(row),
    shortId: orderNumberOf(row.id),
    fileSize: row.file_size,
    hasFile: row.file_key !== null && row.file_deleted_at === null,
    pdfUrl: `/api/admin/pdf/${row.id}`,
    labelUrl: row.label_key ? `/api/admin/shipping-label/${row.id}` : null,
    labelCarrier: row.label_carrier,
    paidAt: row.paid_at?.toISOString() ?? null,
    completedAt: row.completed_at?.toISOString() ?? null,
  };
}
export type AdminOrderJson = ReturnType<typeof presentAdminOrder>;

/**
 * A Content-Disposition value that is safe whatever the name holds: an ASCII fallback with quotes,
 * backslashes and control characters replaced, and the exact name in RFC 5987 `filename*`.
 */
export function contentDisposition(type: 'inline' | 'attachment', fileName: string): string {
  const cleaned =
    fileName
      .replace(/[\r\n\t\0-\x1f\x7f]/g, '')
      .replace(/[/\\]/g, '_')
      .trim() || 'file.pdf';
  const ascii = cleaned.replace(/[^\x20-\x7e]/g, '_').replace(/["%;]/g, '_');
  const encoded = encodeURIComponent(cleaned).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
