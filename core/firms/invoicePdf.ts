/**
 * The invoice PDF of an order placed on a firm's account: the shop (name, address, contact), the
 * invoice number, issue and due days and terms, who it is billed to (the firm, and who ordered), the
 * order (number, job name, PO, project), what was printed line by line, rush, shipping, tax and the
 * total, and how to pay it. Letter portrait; drawn by the worker (`invoices__render_pdf`) and stored
 * under `invoiceKey(invoiceId)`.
 */
import { longDateText, longDayText } from '#shared/clock';
import { orderNumberOf } from '#shared/fields';
import { invoiceNumberText, TERMS_TEXT, type FirmTerms } from '#shared/invoice';
import { formatCents } from '#shared/money';
import { formatTaxRate } from '#shared/pricing';
import { shopAddressLines, type ShopFacts } from '#shared/shop';
import { renderPdf } from '../lib/pdfDocument';
import { drawText, type BlockOptions } from '../lib/pdfLayout';
import { priceLinesOf, type OrderRow } from '../orders/orderRow';
import type { InvoiceRow } from './invoices';

const INK = '#0f172a';
const MUTED = '#475569';
const BRAND = '#1e3a8a';
const RULE = '#cbd5e1';

/** What the invoice shows besides its row and its order. */
export type InvoiceParties = { firmName: string; terms: FirmTerms; placedBy: string; appUrl: string };

/** The tax line's label, as the receipt words it (an exemption names its certificate). */
function taxLabel(order: OrderRow): string {
  if (order.tax_exempt_text) return order.tax_exempt_text;
  if (order.tax_rate_millipercent === 0) return `Tax (${order.tax_state || 'no state'}, no sales tax)`;
  return `Tax (${order.tax_state} ${formatTaxRate(order.tax_rate_millipercent)})`;
}

/** Renders the invoice; resolves with the PDF bytes. */
export function renderInvoice(invoice: InvoiceRow, order: OrderRow, parties: InvoiceParties, shop: ShopFacts): Promise<Buffer> {
  const number = invoiceNumberText(invoice.number);
  return renderPdf(
    { size: 'LETTER', margin: 54, info: { Title: `Invoice ${number}`, Author: shop.name, Subject: `${parties.firmName}: order ${orderNumberOf(order.id)}` } },
    (doc) => {
      const left = 54;
      const width = doc.page.width - 108;
      const right = left + width;
      const text = (value: string, x: number, y: number, options: BlockOptions) => drawText(doc, value, x, y, options);
      const rule = (y: number, color = RULE) => doc.moveTo(left, y).lineTo(right, y).lineWidth(1).strokeColor(color).stroke();

      doc.rect(0, 0, doc.page.width, 8).fill(BRAND);
      doc.fillColor(BRAND);
      text(shop.name, left, 38, { size: 22, bold: true });
      doc.fillColor(MUTED);
      text(`${shopAddressLines(shop).slice(1).join('\n')}\n${shop.email} · ${shop.phone}`, left, 68, { size: 10 });
      doc.fillColor(INK);
      text('Invoice', left, 38, { size: 22, bold: true, width, align: 'right' });
      doc.fillColor(MUTED);
      const issued = longDateText(invoice.issued_at, { timeZone: shop.timeZone });
      text(`${number}\nIssued ${issued}\nTerms: ${TERMS_TEXT[parties.terms]}`, left, 68, { size: 10, width, align: 'right' });
      rule(124);

      // Billed to (the firm and who ordered) beside the order it is for.
      let y = 140;
      const half = width / 2;
      doc.fillColor(INK);
      text('Billed to', left, y, { size: 11, bold: true });
      text('For order', left + half, y, { size: 11, bold: true });
      doc.fillColor(MUTED);
      const billed = text(`${parties.firmName}\nOrdered by ${parties.placedBy}\n${order.customer_email}`, left, y + 16, { size: 10, width: half - 12 });
      const facts = [
        `Order ${orderNumberOf(order.id)}, placed ${longDateText(order.created_at, { timeZone: shop.timeZone })}`,
        `Job name: ${order.job_name ?? '—'}`,
        `PO: ${order.po_number ?? '—'}`,
        `Project: ${order.project_code ?? '—'}`,
      ];
      const about = text(facts.join('\n'), left + half, y + 16, { size: 10, width: half });
      y = Math.max(billed, about) + 20;

      // The lines as charged, then rush, shipping and tax.
      const amountX = left + width * 0.8;
      const amountW = width * 0.2 - 8;
      doc.rect(left, y, width, 22).fill('#eff6ff');
      doc.fillColor(INK);
      text('Description', left + 8, y + 6, { size: 10, bold: true });
      text('Amount', amountX, y + 6, { size: 10, bold: true, width: amountW, align: 'right' });
      y += 30;
      const rows: [string, number][] = [
        ...priceLinesOf(order).map((line): [string, number] => [
          `${line.description}: ${line.quantity} × ${formatCents(line.unitPriceCents)}`,
          line.amountCents,
        ]),
        ...(order.rush_order ? [['Rush fee', order.rush_fee_cents] as [string, number]] : []),
        [
          order.shipping_method === 'pickup' ? 'Pickup at the counter' : `Shipping${order.shipping_service ? ` (${order.shipping_service})` : ''}`,
          order.shipping_cost_cents,
        ],
        [taxLabel(order), order.tax_cents],
      ];
      for (const [label, cents] of rows) {
        doc.fillColor(INK);
        const end = text(label, left + 8, y, { size: 10, width: width * 0.75 });
        text(formatCents(cents), amountX, y, { size: 10, width: amountW, align: 'right' });
        y = Math.max(y + 18, end + 5);
      }
      rule(y + 2, '#94a3b8');
      y += 12;
      text(invoice.paid_at ? 'Total (paid)' : 'Amount due', left + width * 0.45, y, { size: 13, bold: true });
      text(formatCents(invoice.amount_cents), amountX - 20, y, { size: 13, bold: true, width: amountW + 20, align: 'right' });
      y += 24;
      doc.fillColor(invoice.paid_at ? MUTED : '#b91c1c');
      text(
        invoice.paid_at ? `Paid ${longDateText(invoice.paid_at, { timeZone: shop.timeZone })}. Thank you.` : `Due ${longDayText(invoice.due_on)}`,
        left + width * 0.45,
        y,
        { size: 11, bold: true, width: width * 0.55 - 8, align: 'right' },
      );

      // How to pay.
      y += 40;
      doc.fillColor(INK);
      text('How to pay', left, y, { size: 11, bold: true });
      doc.fillColor(MUTED);
      text(
        `By card: your firm's owner can pay this invoice from the firm page, ${parties.appUrl}/firm.\nBy check or transfer: quote ${number} and send it to ${shop.name}, ${shopAddressLines(shop).slice(1).join(', ')}.`,
        left,
        y + 16,
        { size: 10, width },
      );
      doc.fillColor(MUTED);
      text(`Questions about this invoice? ${shop.email} or ${shop.phone}.`, left, doc.page.height - 90, { size: 9, width, align: 'center' });
    },
  );
}
