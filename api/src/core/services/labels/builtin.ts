/** The built-in label: a 4" x 6" PDF drawn with PDFKit, with a Code 128 barcode of the tracking number. */
import { createHash } from 'node:crypto';
import { renderPdf } from '../../lib/pdfDocument';
import type { OrderRow } from '../../orders/orderRow';
import { orderNumberOf } from '../../../../../shared/fields';
import { drawCode128 } from './code128';
import { parcelWeightOz } from './parcel';
import { shopAddressLines, type ShopFacts } from '../../../../../shared/shop';
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
    doc.font('Helvetica').fontSize(7).fillColor('#000').text('FROM:', 16, 16);
    doc.fontSize(8).text(shopAddressLines(input.shop).join('\n'), 16, 25, { width: 160 });
    // The service, as large as fits on two lines of the top-right box.
    const service = input.service.toUpperCase().slice(0, 40);
    doc.font('Helvetica-Bold');
    let size = 22;
    while (size > 9 && doc.fontSize(size).heightOfString(service, { width: 122 }) > 48) size -= 1;
    doc.fontSize(size).text(service, 150, 16, { width: 122, align: 'right', height: 50 });
    doc.moveTo(8, 70).lineTo(280, 70).stroke();
    doc.font('Helvetica').fontSize(7).text('SHIP TO:', 16, 78);
    const to = [
      `${order.customer_first_name} ${order.customer_last_name}`.toUpperCase(),
      address?.street1.toUpperCase() ?? '',
      address?.street2 ? address.street2.toUpperCase() : null,
      address ? `${address.city.toUpperCase()}, ${address.state} ${address.zipCode}` : '',
    ].filter((line): line is string => line !== null);
    doc.font('Helvetica-Bold').fontSize(13).text(to.join('\n'), 28, 90, { width: 244 });
    doc.moveTo(8, 170).lineTo(280, 170).stroke();
    doc.font('Helvetica').fontSize(9);
    doc.text(`Weight: ${input.weightOz.toFixed(1)} oz`, 16, 178);
    doc.text(`Order: ${orderNumberOf(order.id)}`, 16, 191);
    const prints = order.page_count * (order.sets ?? 1);
    doc.text(`${prints} sheet${prints === 1 ? '' : 's'} ${order.print_size.replace('x', '" x ')}" in a tube`, 16, 204);
    doc.moveTo(8, 222).lineTo(280, 222).stroke();
    doc.font('Helvetica-Bold').fontSize(9).text('TRACKING #', 16, 232);
    // The barcode: Code 128 B, quiet zones either side, scaled to fit the label's width.
    drawCode128(doc, input.trackingNumber, { x: 144, top: 250, height: 90, maxWidth: 240, maxUnit: 1.4, align: 'center' });
    doc
      .font('Courier-Bold')
      .fontSize(12)
      .fillColor('#000')
      .text(input.trackingNumber.replace(/(.{4})/g, '$1 ').trim(), 16, 348, { width: 256, align: 'center' });
    doc.font('Helvetica').fontSize(7).text('Built-in label (no carrier account configured)', 16, 400, { width: 256, align: 'center' });
  });
}

export class BuiltinLabels implements LabelProvider {
  readonly name = 'builtin' as const;
  constructor(private readonly shop: ShopFacts) {}
  async label(order: OrderRow, quote: QuoteRow | null): Promise<LabelResult> {
    const trackingNumber = order.tracking_number ?? builtinTrackingNumber(order.id);
    const service = quote?.service_name ?? order.shipping_service ?? 'Ground';
    const pdf = await drawLabel({ order, shop: this.shop, service, weightOz: parcelWeightOz(order, quote), trackingNumber });
    return { trackingNumber, carrier: quote?.carrier ?? 'Blueprint Shop', pdf };
  }
}
