/**
 * The job ticket (PDFKit): the sheet the print room keeps with an order while it is printed, trimmed
 * and rolled. What to print (sets, size, which sheets in color), for whom, by when and how it leaves
 * the shop, the customer's job name, PO and notes, and a Code 128 barcode of the order number to scan.
 */
import PDFDocument from 'pdfkit';
import { orderNumberOf } from '../../../../../shared/fields';
import { PRINT_SIZE_LABELS, type PrintSize } from '../../../../../shared/pricing';
import { code128Modules } from '../labels/code128';
import { colorSheetsText } from '../../orders/describe';
import { sheetCountsOf, type OrderRow } from '../../orders/orderRow';

const INK = '#000000';
const MUTED = '#444444';

const DATE_FORMAT = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'America/New_York' });

/** File name of the ticket, beside the drawing in exports: `JOB-TICKET-1A2B3C4D.pdf`. */
export function jobTicketFileName(orderId: string): string {
  return `JOB-TICKET-${orderNumberOf(orderId)}.pdf`;
}

/** When the order must be ready: the shop's estimate until orders carry their own ready-by time. */
export function readyByText(order: Pick<OrderRow, 'estimated_delivery' | 'rush_order' | 'shipping_method'>): string {
  const base = order.estimated_delivery ?? (order.shipping_method === 'pickup' ? 'Ready for pickup in 24-48 hours' : 'Not set');
  return order.rush_order ? `RUSH: 4-6 hours (${base})` : base;
}

/** Renders the job ticket for one order; resolves with the PDF bytes. */
export function renderJobTicket(order: OrderRow): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const number = orderNumberOf(order.id);
    const doc = new PDFDocument({ size: 'LETTER', margin: 48, info: { Title: `Job ticket ${number}`, Author: 'Blueprint Shop' } });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);

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
    const modules = code128Modules(number);
    const total = modules.reduce((a, b) => a + b, 0);
    const unit = Math.min(2, 260 / total);
    let x = right - total * unit;
    modules.forEach((w, i) => {
      if (i % 2 === 0) doc.rect(x, 94, w * unit, 54).fill(INK);
      x += w * unit;
    });
    doc
      .font('Courier-Bold')
      .fontSize(11)
      .fillColor(INK)
      .text(number, right - total * unit, 152, { width: total * unit, align: 'center' });
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
      ['Ready by', readyByText(order)],
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
    doc.end();
  });
}
