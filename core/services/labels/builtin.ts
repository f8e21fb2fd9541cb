/** The built-in label: a 4" x 6" PDF drawn with PDFKit, with a Code 128 barcode of the tracking number. */
import { createHash } from 'node:crypto';
import { renderPdf } from '../../lib/pdfDocument';
import { drawLines, drawText, heightOfText, layoutLines, lineHeight } from '../../lib/pdfLayout';
import { priceLinesOf, type OrderRow } from '../../orders/orderRow';
import { printsText } from '#shared/orderText';
import { orderNumberOf } from '#shared/fields';
import { drawCode128 } from './code128';
import { parcelWeightOz } from './parcel';
import { shopAddressLines, type ShopFacts } from '#shared/shop';
import type { LabelProvider, LabelResult, QuoteRow } from './types';

/** A stable tracking number per order, so regenerating a label keeps it. */
export function builtinTrackingNumber(orderId: string): string {
  const digits = BigInt('0x' + createHash('sha256').update(orderId).digest('hex').slice(0, 16))
    .toString()
    .padStart(20, '0')
    .slice(0, 16);
  return `BP${digits}`;
}

/** Draws the label PDF. */
export function drawLabel(input: { order: OrderRow; shop: ShopFacts; service: string; weightOz: number; trackingNumber: string }): Promise<Buffer> {
  const { order } = input;
  const address = order.shipping_address;
  return renderPdf({ size: [288, 432], margin: 14, info: { Title: `Shipping label ${orderNumberOf(order.id)}` } }, (doc) => {
    doc.lineWidth(1.5).rect(8, 8, 272, 416).stroke('#000');
    doc.fillColor('#000');
    drawText(doc, 'FROM:', 16, 16, { size: 7 });
    drawText(doc, shopAddressLines(input.shop).join('\n'), 16, 25, { size: 8, width: 130, maxLines: 4 });
    // The service, as large as fits on two lines of the top-right box.
    const service = input.service.toUpperCase().slice(0, 40);
    let size = 22;
    while (size > 9 && heightOfText(doc, service, { size, bold: true, width: 122 }) > 50) size -= 1;
    drawText(doc, service, 150, 14, { size, bold: true, width: 122, align: 'right', maxLines: 2 });
    doc.moveTo(8, 70).lineTo(280, 70).stroke();
    drawText(doc, 'SHIP TO:', 16, 78, { size: 7 });
    const to = [
      `${order.customer_first_name} ${order.customer_last_name}`.toUpperCase(),
      address?.street1.toUpperCase() ?? '',
      address?.street2 ? address.street2.toUpperCase() : null,
      address ? `${address.city.toUpperCase()}, ${address.state} ${address.zipCode}` : '',
    ].filter((line): line is string => line !== null);
    // The address, as large as fits in its 76-point box: long names and streets wrap, then shrink,
    // and at the smallest size each part is cut to a few lines, the city, state and ZIP last.
    const BOX = 76;
    const WIDTH = 244;
    const linesAt = (size: number, parts = to, limits?: number[]) =>
      parts.flatMap((part, i) => layoutLines(doc, part, { size, bold: true, width: WIDTH, maxLines: limits?.[i] }));
    let toSize = 13;
    while (toSize > 7 && linesAt(toSize).length * lineHeight(toSize) > BOX) toSize -= 0.5;
    let toLines = linesAt(toSize);
    if (toLines.length * lineHeight(toSize) > BOX && address) {
      // Cut to fit, the state and ZIP on a line of their own, so they are never what is cut away.
      const cut = [...to.slice(0, -1), `${address.city.toUpperCase()},`, `${address.state} ${address.zipCode}`];
      toLines = linesAt(toSize, cut, cut.length === 5 ? [2, 2, 1, 1, 1] : [2, 3, 1, 1]);
    }
    drawLines(doc, toLines, 28, 90, { size: toSize, bold: true });
    doc.moveTo(8, 170).lineTo(280, 170).stroke();
    drawText(doc, `Weight: ${input.weightOz.toFixed(1)} oz`, 16, 178, { size: 9 });
    drawText(doc, `Order: ${orderNumberOf(order.id)}`, 16, 191, { size: 9 });
    drawText(doc, `${printsText(priceLinesOf(order))} in one tube`, 16, 202, { size: 8, width: 256, maxLines: 2 });
    doc.moveTo(8, 222).lineTo(280, 222).stroke();
    drawText(doc, 'TRACKING #', 16, 232, { size: 9, bold: true });
    // The barcode: Code 128 B, quiet zones either side, scaled to fit the label's width.
    drawCode128(doc, input.trackingNumber, { x: 144, top: 250, height: 90, maxWidth: 240, maxUnit: 1.4, align: 'center' });
    doc.fillColor('#000');
    drawText(doc, input.trackingNumber.replace(/(.{4})/g, '$1 ').trim(), 16, 346, { size: 12, bold: true, width: 256, align: 'center' });
    drawText(doc, 'Built-in label (no carrier account configured)', 16, 400, { size: 7, width: 256, align: 'center' });
  });
}

export class BuiltinLabels implements LabelProvider {
  readonly name = 'builtin' as const;
  constructor(private readonly shop: ShopFacts) {}
  async label(order: OrderRow, quote: QuoteRow | null): Promise<LabelResult> {
    const trackingNumber = order.tracking_number ?? builtinTrackingNumber(order.id);
    const service = quote?.service_name ?? order.shipping_service ?? 'Ground';
    const pdf = await drawLabel({ order, shop: this.shop, service, weightOz: parcelWeightOz(order, quote), trackingNumber });
    return { trackingNumber, carrier: quote?.carrier ?? this.shop.name, pdf };
  }
}
