/** Printers and the production queue as the admin API answers them. */
import { orderNumberOf } from '#shared/fields';
import type { PrinterJson, ProductionBatchJson } from '#shared/production';
import type { PrinterRow } from '#core/production/printers';
import type { QueueBatchRow } from '#core/production/queries';

/** `{id, name, connection, papers, color, sheetsPerHour}`. */
export function presentPrinter(row: PrinterRow): PrinterJson {
  return {
    id: row.id,
    name: row.name,
    connection: row.kind === 'ipp' ? { kind: 'ipp', uri: row.uri ?? '' } : { kind: 'folder' },
    papers: row.papers,
    color: row.color,
    sheetsPerHour: row.sheets_per_hour,
  };
}

/** One batch of the queue. */
export function presentQueueBatch(row: QueueBatchRow): ProductionBatchJson {
  return {
    batchId: row.id,
    orderId: row.order_id,
    orderNumber: orderNumberOf(row.order_id),
    recipient: row.recipient_name,
    paper: row.paper,
    ink: row.ink,
    pages: row.pages ?? 0,
    readyBy: row.ready_by ? row.ready_by.toISOString() : null,
    rush: row.rush_order,
    printerId: row.printer_id,
    state: row.state,
    message: row.message,
  };
}
