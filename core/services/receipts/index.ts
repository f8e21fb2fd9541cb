/**
 * The receipt PDF (PDFKit): the shop's name and address, order number and date, what was printed
 * (one line per ink: sheets across the sets, price per sheet; sets, color sheets, job name and PO), the amounts with the tax state and rate, the card's last 4
 * digits and pickup or ship-to. Stored under `receiptKey(orderId)`. Names, addresses, the file and
 * the job name print as typed in any script (the embedded fonts of pdfFonts.ts) and wrap, never cut.
 */
import { readyByDateText } from '#shared/readyBy';
import { longDateText } from '#shared/clock';
import { renderPdf, type Pdf } from '../../lib/pdfDocument';
import { drawText, heightOfText, type BlockOptions } from '../../lib/pdfLayout';
import { OPENING_HOURS_TEXT, shopAddressLines, type ShopFacts } from '#shared/shop';
import { formatCents } from '#shared/money';
import { orderNumberOf } from '#shared/fields';
import { formatTaxRate, setsText } from '#shared/pricing';
import { finishingInstructions } from '#shared/finishing';
import { addressLine } from '#shared/address';
import { hasRecipients } from '../../orders/recipients';
import { priceLinesOf, type OrderRow } from '../../orders/orderRow';
import { halfSizeNote, orderDetailLines, setFilesText } from '../../orders/describe';
import { hasSheetNames, type SheetListEntry } from '../../orders/sheetList';
import type { RevisionPrint } from '#shared/orderText';

const INK = '#0f172a';
const MUTED = '#475569';
const BRAND = '#1e3a8a';

/**
 * Renders the receipt; resolves with the PDF bytes. `sheets` (sheetListOf) adds the set's sheet list,
 * each sheet's number and title from its title block, when any sheet was named; `revision`
 * (revisionPrintOf) says which order a reprint revises and which sheets it reprints.
 */
export function renderReceipt(
  order: OrderRow,
  shop: ShopFacts,
  sheets: readonly SheetListEntry[] = [],
  revision: RevisionPrint | null = null,
): Promise<Buffer> {
  return renderPdf(
    {
      size: 'LETTER',
      margin: 54,
      info: { Title: `Receipt ${orderNumberOf(order.id)}`, Author: shop.name, Subject: order.file_name },
    },
    (doc) => {
      const left = 54;
      const right = doc.page.width - 54;
      const width = right - left;
      const text = (value: string, x: number, y: number, options: BlockOptions) => drawText(doc, value, x, y, options);

      // Header: shop name and address on the left, "Receipt" and the order number on the right.
      doc.rect(0, 0, doc.page.width, 8).fill(BRAND);
      doc.fillColor(BRAND);
      text(shop.name, left, 38, { size: 22, bold: true });
      doc.fillColor(MUTED);
      text(shopAddressLines(shop).slice(1).join('\n'), left, 68, { size: 10 });
      text(`${shop.email} · ${shop.phone}`, left, 94, { size: 10 });
      doc.fillColor(INK);
      text('Receipt', left, 40, { size: 18, bold: true, width, align: 'right' });
      doc.fillColor(MUTED);
      const status = order.payment_status.toUpperCase();
      text(`Order ${orderNumberOf(order.id)}\n${longDateText(order.paid_at ?? order.created_at, { timeZone: shop.timeZone })}\n${status}`, left, 68, {
        size: 10,
        width,
        align: 'right',
      });

      doc.moveTo(left, 120).lineTo(right, 120).lineWidth(1).strokeColor('#cbd5e1').stroke();

      // Customer and delivery, each wrapped to its half of the page.
      let y = 136;
      const half = width / 2;
      doc.fillColor(INK);
      text('Billed to', left, y, { size: 11, bold: true });
      const packages = order.recipients ?? [];
      text(hasRecipients(order) ? 'Delivery' : order.shipping_method === 'pickup' ? 'Pickup' : 'Ship to', left + half, y, { size: 11, bold: true });
      doc.fillColor(MUTED);
      const customer = [`${order.customer_first_name} ${order.customer_last_name}`.trim(), order.customer_email, order.customer_phone ?? ''].filter(Boolean);
      const customerEnd = text(customer.join('\n'), left, y + 16, { size: 10, width: half - 12 });
      const a = order.shipping_address;
      const delivery = hasRecipients(order)
        ? [`${packages.length} packages, each to its recipient: see Recipients below`]
        : order.shipping_method === 'pickup' || !a
          ? [
              `Pickup at ${shop.name}`,
              shop.street1,
              `${shop.city}, ${shop.state} ${shop.zip}`,
              order.ready_by ? `Ready ${readyByDateText(order.ready_by, { timeZone: shop.timeZone })}` : OPENING_HOURS_TEXT,
            ]
          : [a.street1, a.street2 ?? '', `${a.city}, ${a.state} ${a.zipCode}`, order.shipping_service ?? ''].filter(Boolean);
      const deliveryEnd = text(delivery.join('\n'), left + half, y + 16, { size: 10, width: half });

      // Line items, below the longer of the two columns.
      y = Math.max(230, customerEnd + 16, deliveryEnd + 16);
      const col = { item: left, qty: left + width * 0.55, unit: left + width * 0.7, amount: left + width * 0.85 };
      doc.rect(left, y, width, 22).fill('#eff6ff');
      doc.fillColor(INK);
      text('Item', col.item + 8, y + 6, { size: 10, bold: true });
      text('Sheets', col.qty, y + 6, { size: 10, bold: true, width: width * 0.13, align: 'right' });
      text('Per sheet', col.unit, y + 6, { size: 10, bold: true, width: width * 0.13, align: 'right' });
      text('Amount', col.amount, y + 6, { size: 10, bold: true, width: width * 0.15 - 8, align: 'right' });
      y += 30;
      // One row per ink, as charged: `24" x 36" black and white`, sheets across every set.
      for (const line of priceLinesOf(order)) {
        doc.fillColor(INK);
        const rowEnd = text(line.description, col.item + 8, y, { size: 10, width: width * 0.5 });
        text(String(line.quantity), col.qty, y, { size: 10, width: width * 0.13, align: 'right' });
        text(formatCents(line.unitPriceCents), col.unit, y, { size: 10, width: width * 0.13, align: 'right' });
        text(formatCents(line.amountCents), col.amount, y, { size: 10, width: width * 0.15 - 8, align: 'right' });
        y = Math.max(y + 18, rowEnd + 5);
      }
      // The file, sets, color sheets, job name and PO: wrapped, never cut short.
      doc.fillColor(MUTED);
      y = text(setFilesText(order), col.item + 8, y, { size: 9, width: width * 0.8 }) + 2;
      for (const detail of orderDetailLines(order, revision)) y = text(detail, col.item + 8, y, { size: 9, width: width * 0.8 }) + 1;
      y += 8;
      doc.moveTo(left, y).lineTo(right, y).strokeColor('#e2e8f0').stroke();

      // Totals.
      y += 12;
      // An exempt order says why its tax is $0.00, never "No State Tax".
      const taxLabel = order.tax_exempt_text
        ? order.tax_exempt_text
        : hasRecipients(order) && !order.tax_state
          ? 'Tax (each package its own state: see recipients)'
          : order.tax_rate_millipercent === 0
            ? `Tax (${order.tax_state || 'no state'}, No State Tax)`
            : `Tax (${order.tax_state} ${formatTaxRate(order.tax_rate_millipercent)})`;
      const rows: [string, string][] = [
        ['Subtotal', formatCents(order.subtotal_cents)],
        ['Rush fee', formatCents(order.rush_fee_cents)],
        [
          hasRecipients(order)
            ? 'Shipping (every package)'
            : order.shipping_method === 'pickup'
              ? 'Shipping (pickup)'
              : `Shipping${order.shipping_service ? ` (${order.shipping_service})` : ''}`,
          formatCents(order.shipping_cost_cents),
        ],
        [taxLabel, formatCents(order.tax_cents)],
      ];
      const labelX = left + width * 0.45;
      for (const [label, value] of rows) {
        doc.fillColor(MUTED);
        const rowEnd = text(label, labelX, y, { size: 10, width: width * 0.35 });
        doc.fillColor(INK);
        text(value, col.amount, y, { size: 10, width: width * 0.15 - 8, align: 'right' });
        y = Math.max(y + 18, rowEnd + 5);
      }
      doc.moveTo(labelX, y).lineTo(right, y).strokeColor('#94a3b8').stroke();
      y += 8;
      doc.fillColor(INK);
      text('Total', labelX, y, { size: 12, bold: true });
      text(formatCents(order.total_cents), col.amount - 20, y, { size: 12, bold: true, width: width * 0.15 + 12, align: 'right' });
      y += 30;

      const card = order.card_last4 ? `Paid by ${order.card_brand ? order.card_brand.toUpperCase() : 'card'} ending in ${order.card_last4}` : 'Paid by card';
      doc.fillColor(MUTED);
      const payment =
        order.payment_status === 'unpaid' ? 'Not paid yet' : order.payment_status === 'invoiced' ? "On your firm's account (Net 30): see the invoice" : card;
      text(payment, labelX, y, { size: 10, width: width * 0.55 });
      if (order.rush_order) text('Rush order', left, y, { size: 10 });

      // Footer.
      doc.fillColor(MUTED);
      text(`Thank you for your order. Questions? ${shop.email} or ${shop.phone}.`, left, doc.page.height - 90, { size: 9, width, align: 'center' });

      if (hasRecipients(order)) y = drawRecipients(doc, order, { left, width, top: y + 30 });
      if (hasSheetNames(sheets)) drawSheetList(doc, order, sheets, { left, width, top: y + 30 });
    },
  );
}

/**
 * Who the order goes to (an order with recipients): each package with what it holds (sheets by
 * number, sets, half sets), how it travels and what it cost with its own shipping and tax. Returns
 * where the list ends.
 */
function drawRecipients(doc: Pdf, order: OrderRow, box: { left: number; width: number; top: number }): number {
  const { left, width } = box;
  const bottom = doc.page.height - 110;
  const text = (value: string, x: number, y: number, options: BlockOptions) => drawText(doc, value, x, y, options);
  let y = box.top;
  if (y + 80 > bottom) {
    doc.addPage();
    y = 54;
  }
  doc.fillColor(INK);
  text('Recipients', left, y, { size: 11, bold: true });
  y += 18;
  for (const p of order.recipients ?? []) {
    const who = `${p.position}. ${p.name}${p.company ? ` (${p.company})` : ''}`;
    const a = p.address;
    const how = p.delivery === 'pickup' || !a ? 'Pickup at the counter' : `Ship to ${addressLine(a)}${p.shippingService ? ` (${p.shippingService})` : ''}`;
    const what = `${setsText(p.sets, p.halfSets, p.reducedSets)} of ${p.positions.length} ${p.positions.length === 1 ? 'sheet' : 'sheets'}: ${p.sheetNumbers.join(', ')}`;
    // Their finishing, in the counter's words (the reduced sets are in the line above).
    const finished = finishingInstructions({ finishing: p.finishing, halfFinishing: p.halfFinishing, sets: p.sets, halfSets: p.halfSets, reducedSets: 0 });
    const money = `Prints ${formatCents(p.subtotalCents)}${p.rushFeeCents ? ` · rush ${formatCents(p.rushFeeCents)}` : ''} · shipping ${formatCents(p.shippingCostCents)} · tax${p.taxState ? ` (${p.taxState})` : ''} ${formatCents(p.taxCents)} · ${formatCents(p.totalCents)}`;
    const lines = [how, what, ...finished.map((l) => `Finishing: ${l}`), money];
    const height = 14 + lines.reduce((h, l) => h + heightOfText(doc, l, { size: 9, width: width - 16 }) + 1, 0);
    if (y + height > bottom) {
      doc.addPage();
      y = 54;
    }
    doc.fillColor(INK);
    y = text(who, left + 8, y, { size: 10, bold: true, width: width - 16 }) + 2;
    doc.fillColor(MUTED);
    for (const line of lines) y = text(line, left + 16, y, { size: 9, width: width - 24 }) + 1;
    y += 8;
  }
  return y;
}

/**
 * The set's sheets, one row each (position, sheet number, title, ink), below the totals and on as
 * many pages as the set needs; the half-size sets noted above them as in the details.
 */
function drawSheetList(doc: Pdf, order: OrderRow, sheets: readonly SheetListEntry[], box: { left: number; width: number; top: number }): void {
  const { left, width } = box;
  const bottom = doc.page.height - 110;
  const text = (value: string, x: number, y: number, options: BlockOptions) => drawText(doc, value, x, y, options);
  const color = new Set(order.print_type === 'color' ? sheets.map((s) => s.position) : order.print_type === 'auto' ? order.color_sheets : []);
  const col = { position: left + 8, number: left + 44, title: left + 140, ink: left + width - 80 };
  let y = box.top;
  const head = () => {
    doc.fillColor(INK);
    text('Sheets in the set', left, y, { size: 11, bold: true });
    y += 16;
    const half = halfSizeNote(order);
    doc.fillColor(MUTED);
    if (half) y = text(half, left, y, { size: 9, width }) + 4;
    doc.rect(left, y, width, 18).fill('#eff6ff');
    doc.fillColor(INK);
    text('#', col.position, y + 5, { size: 9, bold: true });
    text('Sheet', col.number, y + 5, { size: 9, bold: true });
    text('Title', col.title, y + 5, { size: 9, bold: true });
    text('Ink', col.ink, y + 5, { size: 9, bold: true });
    y += 24;
  };
  if (y + 80 > bottom) {
    doc.addPage();
    y = 54;
  }
  head();
  for (const sheet of sheets) {
    const height = heightOfText(doc, sheet.sheetTitle ?? '-', { size: 9, width: col.ink - col.title - 8 });
    if (y + height > bottom) {
      doc.addPage();
      y = 54;
      head();
    }
    doc.fillColor(INK);
    text(String(sheet.position), col.position, y, { size: 9 });
    text(sheet.sheetNumber ?? '-', col.number, y, { size: 9, width: col.title - col.number - 8 });
    const end = text(sheet.sheetTitle ?? '-', col.title, y, { size: 9, width: col.ink - col.title - 8 });
    text(color.has(sheet.position) ? 'Color' : 'B&W', col.ink, y, { size: 9 });
    y = Math.max(y + 14, end + 3);
  }
}
