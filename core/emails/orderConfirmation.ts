/** The order confirmation email: what was ordered, what was paid, the order link (with its access token). */
import { formatCents } from '#shared/money';
import { orderNumberOf } from '#shared/fields';
import { formatTaxRate } from '#shared/pricing';
import { priceLinesOf, type OrderRow } from '../orders/orderRow';
import { orderDetailLines } from '../orders/describe';
import { filesOf, orderNameOf } from '../orders/orderFiles';
import type { RevisionPrint } from '#shared/orderText';
import { DEFAULT_SHOP, formatShopAddress, OPENING_HOURS_TEXT, shopMapUrl, type ShopFacts } from '#shared/shop';
import { readyByDateText } from '#shared/readyBy';
import { greeting, theirWords } from './theirWords';

/** The link a customer follows from an email to see the order, without signing in. */
export function orderLink(appUrl: string, order: Pick<OrderRow, 'id' | 'access_token'>): string {
  return `${appUrl}/order-success/${order.id}?token=${encodeURIComponent(order.access_token)}`;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export function orderConfirmationEmail(
  order: OrderRow,
  options: { appUrl: string; supportEmail: string; supportPhone: string; shop?: ShopFacts; revision?: RevisionPrint | null },
) {
  const shop = options.shop ?? DEFAULT_SHOP;
  const number = orderNumberOf(order.id);
  const link = orderLink(options.appUrl, order);
  const tax =
    order.tax_rate_millipercent === 0
      ? `${formatCents(0)} (No State Tax)`
      : `${formatCents(order.tax_cents)} (${order.tax_state} ${formatTaxRate(order.tax_rate_millipercent)})`;
  const a = order.shipping_address;
  const delivery =
    order.shipping_method === 'pickup' || !a
      ? `Pickup at ${shop.name}, ${formatShopAddress(shop)} (map: ${shopMapUrl(shop)}). Pickup hours: ${OPENING_HOURS_TEXT}.`
      : `Shipping to ${theirWords(`${a.street1}${a.street2 ? `, ${a.street2}` : ''}, ${a.city}, ${a.state} ${a.zipCode}`)}${order.shipping_service ? ` (${order.shipping_service})` : ''}.`;
  const name = orderNameOf(order);
  const files = filesOf(order);
  const fileNames = files.map((f) => f.fileName).join(', ');
  const lines = [
    greeting(order.customer_first_name, 'Hi'),
    '',
    order.payment_status === 'invoiced'
      ? `Thank you for your order ${number}. It is on your firm's account (Net 30): the invoice follows in its own email, and your prints are in the queue.`
      : `Thank you for your order ${number}. Your payment was received and your prints are in the queue.`,
    '',
    // The file names, job name, PO and project are the customer's words: shown, never linked.
    `Drawings: ${theirWords(name)}`,
    // The files as they were uploaded, so the customer can match the order to what they sent.
    ...(fileNames === name ? [] : [`${files.length === 1 ? 'File' : 'Files'}: ${theirWords(fileNames)}`]),
    ...orderDetailLines(order, options.revision ?? null).map(theirWords),
    ...priceLinesOf(order).map((l) => `${l.description}: ${l.quantity} x ${formatCents(l.unitPriceCents)} = ${formatCents(l.amountCents)}`),
    `Subtotal: ${formatCents(order.subtotal_cents)}`,
    `Rush fee: ${formatCents(order.rush_fee_cents)}`,
    `Shipping: ${formatCents(order.shipping_cost_cents)}`,
    `Tax: ${tax}`,
    `Total: ${formatCents(order.total_cents)}`,
    '',
    delivery,
    order.ready_by
      ? `${order.rush_order ? 'Rush order: ready' : 'Ready'} ${readyByDateText(order.ready_by, { timeZone: shop.timeZone })}${order.shipping_method === 'shipping' ? ', then on its way' : ''}.`
      : 'Orders placed before 12 PM are ready by end of day.',
    '',
    `See your order and download the receipt: ${link}`,
    '',
    `Questions? Reply to ${options.supportEmail} or call ${options.supportPhone}.`,
    '',
    `${shop.name}, ${formatShopAddress(shop)}`,
  ];
  const text = lines.join('\n');
  const html = `<div style="font-family:Arial,sans-serif;color:#0f172a;line-height:1.5">${lines
    .map((l) => (l === '' ? '<br>' : `<div>${escapeHtml(l).replace(escapeHtml(link), `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`)}</div>`))
    .join('')}</div>`;
  return { subject: `Order confirmed: ${number}`, text, html, link };
}
