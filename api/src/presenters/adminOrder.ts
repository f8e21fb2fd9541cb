/** The admin's order JSON: the contract's order JSON plus what the print counter needs on its row. */
import { orderNumberOf } from '#shared/fields';
import { presentOrder, type OrderRow } from './order';

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
