/**
 * The receipt PDF (PDFKit): the shop's name and address, order number and date, what was printed
 * (one line per ink: sheets across the sets, price per sheet; sets, color sheets, job name and PO), the amounts with the tax state and rate, the card's last 4
 * digits and pickup or ship-to. Stored under `receiptKey(orderId)`.
 */
import { readyByDateText } from '../../../../../shared/readyBy';
import { renderPdf } from '../../lib/pdfDocument';
import { DEFAULT_SHOP, OPENING_HOURS_TEXT, shopAddressLines, type ShopFacts } from '../../../../../shared/shop';
import { formatCents } from '../../../../../shared/money';
import { orderNumberOf } from '../../../../../shared/fields';
import { formatTaxRate } from '../../../../../shared/pricing';
import { priceLinesOf, type OrderRow } from '../../orders/orderRow';
import { orderDetailLines } from '../../orders/describe';

const INK = '#0f172a';
const MUTED = '#475569';
const BRAND = '#1e3a8a';

// Built once: creating an Intl formatter costs more than drawing half the receipt.
const DATE_FORMAT = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: DEFAULT_SHOP.timeZone });
const dateText = (date: Date) => DATE_FORMAT.format(date);

/** The characters outside Latin-1 that the standard fonts' WinAnsi encoding still draws. */
const WIN_ANSI_EXTRAS = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/**
 * Text the standard fonts (Helvetica: WinAnsi, no Cyrillic or CJK glyphs) can draw: each character
 * they cannot is shown as "?" instead of a wrong glyph. `café plan.pdf` and `Grundriß.pdf` are drawn
 * exactly; `планы-図面.pdf` becomes `?????-??.pdf`, and its exact name is kept in the document's
 * Subject (PDF metadata is UTF-16) and in the order emails. We embed no extra font on purpose: a
 * CJK font is ~15 MB for one line of the receipt.
 */
export function drawableText(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    const drawable = (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRAS.has(ch) || ch === '\n';
    out += drawable ? ch : '?';
  }
  return out;
}

/** Renders the receipt; resolves with the PDF bytes. */
export function renderReceipt(order: OrderRow, shop: ShopFacts): Promise<Buffer> {
  return renderPdf(
    {
      size: 'LETTER',
      margin: 54,
      info: { Title: `Receipt ${orderNumberOf(order.id)}`, Author: 'Blueprint Shop', Subject: order.file_name },
    },
    (doc) => {
      const left = 54;
      const right = doc.page.width - 54;
      const width = right - left;

      // Header: shop name and address on the left, "Receipt" and the order number on the right.
      doc.rect(0, 0, doc.page.width, 8).fill(BRAND);
      doc.fillColor(BRAND).font('Helvetica-Bold').fontSize(22).text('Blueprint Shop', left, 40);
      doc.fillColor(MUTED).font('Helvetica').fontSize(10).text(shopAddressLines(shop).slice(1).join('\n'), left, 68);
      doc.text(`${shop.email} · ${shop.phone}`, left, 94);
      doc.fillColor(INK).font('Helvetica-Bold').fontSize(18).text('Receipt', left, 40, { width, align: 'right' });
      doc.font('Helvetica').fontSize(10).fillColor(MUTED);
      doc.text(`Order ${orderNumberOf(order.id)}`, left, 66, { width, align: 'right' });
      doc.text(dateText(order.paid_at ?? order.created_at), left, 80, { width, align: 'right' });
      doc.text(order.payment_status === 'refunded' ? 'REFUNDED' : order.payment_status === 'paid' ? 'PAID' : 'UNPAID', left, 94, { width, align: 'right' });

      doc.moveTo(left, 120).lineTo(right, 120).lineWidth(1).strokeColor('#cbd5e1').stroke();

      // Customer and delivery.
      let y = 136;
      doc.fillColor(INK).font('Helvetica-Bold').fontSize(11).text('Billed to', left, y);
      doc.text(order.shipping_method === 'pickup' ? 'Pickup' : 'Ship to', left + width / 2, y);
      doc.font('Helvetica').fontSize(10).fillColor(MUTED);
      const customer = [`${order.customer_first_name} ${order.customer_last_name}`.trim(), order.customer_email, order.customer_phone ?? ''].filter(Boolean);
      doc.text(drawableText(customer.join('\n')), left, y + 16, { width: width / 2 - 12 });
      const a = order.shipping_address;
      const delivery =
        order.shipping_method === 'pickup' || !a
          ? [
              `Pickup at ${shop.name}`,
              shop.street1,
              `${shop.city}, ${shop.state} ${shop.zip}`,
              order.ready_by ? `Ready ${readyByDateText(order.ready_by)}` : OPENING_HOURS_TEXT,
            ]
          : [a.street1, a.street2 ?? '', `${a.city}, ${a.state} ${a.zipCode}`, order.shipping_service ?? ''].filter(Boolean);
      doc.text(drawableText(delivery.join('\n')), left + width / 2, y + 16, { width: width / 2 });

      // Line items.
      y = 230;
      const col = { item: left, qty: left + width * 0.55, unit: left + width * 0.7, amount: left + width * 0.85 };
      doc.rect(left, y, width, 22).fill('#eff6ff');
      doc.fillColor(INK).font('Helvetica-Bold').fontSize(10);
      doc.text('Item', col.item + 8, y + 7);
      doc.text('Sheets', col.qty, y + 7, { width: width * 0.13, align: 'right' });
      doc.text('Per sheet', col.unit, y + 7, { width: width * 0.13, align: 'right' });
      doc.text('Amount', col.amount, y + 7, { width: width * 0.15 - 8, align: 'right' });
      y += 30;
      doc.font('Helvetica').fillColor(INK);
      // One row per ink, as charged: `24" x 36" black and white`, sheets across every set.
      for (const line of priceLinesOf(order)) {
        doc
          .fillColor(INK)
          .fontSize(10)
          .text(line.description, col.item + 8, y, { width: width * 0.5 });
        doc.text(String(line.quantity), col.qty, y, { width: width * 0.13, align: 'right' });
        doc.text(formatCents(line.unitPriceCents), col.unit, y, { width: width * 0.13, align: 'right' });
        doc.text(formatCents(line.amountCents), col.amount, y, { width: width * 0.15 - 8, align: 'right' });
        y += 18;
      }
      doc
        .fillColor(MUTED)
        .fontSize(9)
        .text(drawableText(order.file_name), col.item + 8, y, { width: width * 0.8, ellipsis: true, height: 12 });
      y += 14;
      for (const detail of orderDetailLines(order)) {
        doc.text(drawableText(detail), col.item + 8, y, { width: width * 0.8, ellipsis: true, height: 12 });
        y += 13;
      }
      doc.fontSize(10);
      y += 8;
      doc.moveTo(left, y).lineTo(right, y).strokeColor('#e2e8f0').stroke();

      // Totals.
      y += 12;
      const taxLabel =
        order.tax_rate_millipercent === 0
          ? `Tax (${order.tax_state || 'no state'}, No State Tax)`
          : `Tax (${order.tax_state} ${formatTaxRate(order.tax_rate_millipercent)})`;
      const rows: [string, string][] = [
        ['Subtotal', formatCents(order.subtotal_cents)],
        ['Rush fee', formatCents(order.rush_fee_cents)],
        [
          order.shipping_method === 'pickup' ? 'Shipping (pickup)' : `Shipping${order.shipping_service ? ` (${order.shipping_service})` : ''}`,
          formatCents(order.shipping_cost_cents),
        ],
        [taxLabel, formatCents(order.tax_cents)],
      ];
      const labelX = left + width * 0.45;
      for (const [label, value] of rows) {
        doc
          .fillColor(MUTED)
          .font('Helvetica')
          .fontSize(10)
          .text(label, labelX, y, { width: width * 0.35 });
        doc.fillColor(INK).text(value, col.amount, y, { width: width * 0.15 - 8, align: 'right' });
        y += 18;
      }
      doc.moveTo(labelX, y).lineTo(right, y).strokeColor('#94a3b8').stroke();
      y += 8;
      doc.font('Helvetica-Bold').fontSize(12).fillColor(INK).text('Total', labelX, y);
      doc.text(formatCents(order.total_cents), col.amount - 20, y, { width: width * 0.15 + 12, align: 'right' });
      y += 30;

      const card = order.card_last4 ? `Paid by ${order.card_brand ? order.card_brand.toUpperCase() : 'card'} ending in ${order.card_last4}` : 'Paid by card';
      doc
        .font('Helvetica')
        .fontSize(10)
        .fillColor(MUTED)
        .text(order.payment_status === 'unpaid' ? 'Not paid yet' : card, labelX, y, { width: width * 0.55 });
      if (order.rush_order) doc.text('Rush order', left, y);

      // Footer.
      doc
        .fontSize(9)
        .fillColor(MUTED)
        .text(`Thank you for your order. Questions? ${shop.email} or ${shop.phone}.`, left, doc.page.height - 90, { width, align: 'center' });
    },
  );
}
