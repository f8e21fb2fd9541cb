/** A print batch's built file as the admin API lists it. */
import type { PrintFileJson } from '#shared/production';
import type { PrintBatchRow } from '#core/production/queries';

/** Where the counter downloads a batch's PDF. */
export const printFileUrl = (batchId: string) => `/api/admin/print-files/${batchId}`;

/** `{batchId, recipientId, paper, ink, sets, halfSize, pages, bytes, url}` of a built batch. */
export function presentPrintFile(row: PrintBatchRow): PrintFileJson {
  return {
    batchId: row.id,
    recipientId: row.recipient_id,
    paper: row.paper,
    ink: row.ink,
    sets: row.sets,
    halfSize: row.half_size,
    pages: row.pages ?? 0,
    bytes: Number(row.bytes ?? 0),
    url: printFileUrl(row.id),
  };
}
