/**
 * The job ticket (PDFKit): the sheet the print room keeps with an order while it is printed, trimmed
 * and rolled. What to print (sets, size, which sheets in color), for whom, by when and how it leaves
 * the shop, the customer's job name, PO and notes, and a Code 128 barcode of the order number to scan.
 */
import { renderPdf } from '../../lib/pdfDocument';
import { orderNumberOf } from '../../../../../shared/fields';
import { PRINT_SIZE_LABELS, type PrintSize } from '../../../../../shared/pricing';
import { drawCode128 } from '../labels/code128';
import { colorSheetsText } from '../../orders/describe';
import { readyByDateText } from '../../../../../shared/readyBy';
import { DEFAULT_SHOP } from '../../../../../shared/shop';
import { sheetCountsOf, type OrderRow } from '../../orders/orderRow';

const INK = '#000000';
const MUTED = '#444444';

const DATE_FORMAT = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: DEFAULT_SHOP.timeZone });

/** File name of the ticket when the admin opens or downloads it: `JOB-TICKET-1A2B3C4D.pdf`. */
export function jobTicketFileName(orderId: string): string {
  return `JOB-TICKET-${orderNumberOf(orderId)}.pdf`;
}

/**
 * When the order must be ready: the promise fixed at payment (docs/decisions/010-promises-ready-by-and-free-shipping.md), else (orders paid before it
 * existed) the estimate the checkout showed.
 */
export function ticketReadyBy(order: Pick<OrderRow, 'ready_by' | 'estimated_delivery' | 'rush_order' | 'shipping_method'>): string {
  const rush = order.rush_order ? 'RUSH: ' : '';
  if (order.ready_by) return `${rush}${readyByDateText(order.ready_by, { timeZone: DEFAULT_SHOP.timeZone })}`;
  const base = order.estimated_delivery ?? (order.shipping_method === 'pickup' ? 'Ready for pickup in 24-48 hours' : 'Not set');
  return order.rush_order ? `RUSH: 4-6 hours (${base})` : base;
}

/** Renders the job ticket for one order; resolves with the PDF bytes. */
export function renderJobTicket(order: OrderRow): Promise<Buffer> {
  const number = orderNumberOf(order.id);
  return renderPdf({ size: 'LETTER', margin: 48, info: { Title: `Job ticket ${number}`, Author: 'Blueprint Shop' } }, (doc) => {
    const left = 48;
    const right = doc.page.width - 48;
    const width = right - left;

    doc.fillColor(INK).font('Helvetica-Bold').fontSize(24).text('JOB TICKET', left, 44);
    doc
      .font('Helvetica')
      .fontSize(10)
      .fillColor(MUTED)
      .text(`Placed ${DATE_FORMAT.format(order.paid_at ?? order.created_at)}`, left, 74);
    doc.fillColor(INK).font('Helvetica-Bold').fontSize(24).text(`Order ${number}`, left, 44, { width, align: 'right' });
    doc.font('Helvetica').fontSize(10).fillColor(MUTED).text(order.payment_status.toUpperCase(), left, 74, { width, align: 'right' });

    // The barcode of the order number: Code 128 B, quiet zones either side.
    const bars = drawCode128(doc, number, { x: right, top: 94, height: 54, maxWidth: 260, maxUnit: 2, align: 'right', color: INK });
    doc.font('Courier-Bold').fontSize(11).fillColor(INK).text(number, bars.left, 152, { width: bars.width, align: 'center' });
    if (order.rush_order) doc.font('Helvetica-Bold').fontSize(28).fillColor(INK).text('RUSH', left, 104);

    doc.moveTo(left, 176).lineTo(right, 176).lineWidth(1.5).strokeColor(INK).stroke();

    const counts = sheetCountsOf(order);
    const size = PRINT_SIZE_LABELS[order.print_size as PrintSize] ?? order.print_size;
    const a = order.shipping_address;
    const delivery =
      order.shipping_method === 'pickup' || !a
        ? 'Pickup at the shop'
        : [`Ship${order.shipping_service ? ` (${order.shipping_service})` : ''} to:`, a.street1, a.street2 ?? '', `${a.city}, ${a.state} ${a.zipCode}`]
            .filter(Boolean)
            .join('\n');
    const rows: [string, string][] = [
      [
        'Customer',
        [`${order.customer_first_name} ${order.customer_last_name}`.trim(), order.customer_email, order.customer_phone ?? ''].filter(Boolean).join('\n'),
      ],
      ['Delivery', delivery],
      ['Ready by', ticketReadyBy(order)],
      ['Job name', order.job_name ?? '-'],
      ['PO', order.po_number ?? '-'],
      ['File', order.file_name],
      ['Size', size],
      [
        'Sets',
        `${order.sets} ${order.sets === 1 ? 'set' : 'sets'} of ${order.page_count} ${order.page_count === 1 ? 'sheet' : 'sheets'} (${order.sets * order.page_count} prints)`,
      ],
      ['Color sheets', `${colorSheetsText(order)} (${counts.color} color, ${counts.bw} B&W per set)`],
      ['Notes', order.notes ?? '-'],
    ];
    let y = 192;
    const labelWidth = 110;
    for (const [label, value] of rows) {
      doc.font('Helvetica-Bold').fontSize(12).fillColor(INK).text(label, left, y, { width: labelWidth });
      doc.font('Helvetica').fontSize(12).fillColor(INK);
      const height = doc.heightOfString(value, { width: width - labelWidth });
      doc.text(value, left + labelWidth, y, { width: width - labelWidth });
      y += Math.max(16, height) + 10;
      if (y > doc.page.height - 120) break;
    }

    doc.moveTo(left, y).lineTo(right, y).lineWidth(0.5).strokeColor(MUTED).stroke();
    y += 16;
    doc.font('Helvetica').fontSize(11).fillColor(INK);
    for (const step of [
      'Printed',
      'Checked against the color sheets',
      'Trimmed and rolled',
      order.shipping_method === 'pickup' ? 'Ready on the pickup shelf' : 'Label on the tube',
    ]) {
      doc.rect(left, y, 11, 11).lineWidth(1).strokeColor(INK).stroke();
      doc.text(step, left + 20, y);
      y += 20;
    }
  });
}
