/**
 * The email a customer gets when the print counter changes an order's status: processing,
 * completed (pickup details or tracking), failed (the support contact), or back to pending.
 * One email per status-history row (its id is in the idempotency key).
 */
import type { Env } from '#shared/env';
import { orderNumberOf, type OrderStatus } from '#shared/fields';
import type { Queryable } from '../lib/db';
import { sheetCountsOf, type OrderRow } from '../orders/orderRow';
import { setsText } from '#shared/pricing';
import { printSizeText, revisionLine } from '../orders/describe';
import { orderNameOf } from '../orders/orderFiles';
import { withOrderFiles } from '../orders/orderFiles';
import { revisionPrintOf } from '../revisions/reprint';
import type { RevisionPrint } from '#shared/orderText';
import { queueEmail } from '../services/email/index';
import { formatShopAddress, OPENING_HOURS_TEXT, shopFacts, shopMapUrl } from '#shared/shop';
import { readyByDateText } from '#shared/readyBy';
import { statusText } from '#shared/orderStatus';
import { trackingUrlFor } from '#shared/tracking';
import { orderLink } from './orderConfirmation';
import { isPrintable } from '../orders/commands/transitions';
import { questionsLine } from './closing';
import { greeting, theirWords } from './theirWords';
import { queueRecipientEmails } from './recipients';

/** "Tracking number: 1Z… (UPS). Track it: https://www.ups.com/track?…" for a labelled order, else null. */
export function trackingLine(order: OrderRow): string | null {
  const url = order.label_key ? trackingUrlFor(order.label_carrier, order.tracking_number) : null;
  if (!url || !order.tracking_number) return null;
  return `Tracking number: ${order.tracking_number}${order.label_carrier ? ` (${order.label_carrier})` : ''}. Track it: ${url}`;
}

/**
 * "Plans.pdf (3 sets of 12 sheets, 24" x 36", black and white; job Smith Residence)": the file
 * names, job name and PO are the customer's words (theirWords: no link made of them).
 */
function fileLine(order: OrderRow): string {
  const { color } = sheetCountsOf(order);
  const ink = color === 0 ? 'black and white' : color === order.page_count ? 'color' : `black and white with ${color} color sheet${color === 1 ? '' : 's'}`;
  const sheets =
    order.sets === 1 && !order.half_sets
      ? `${order.page_count} sheet${order.page_count === 1 ? '' : 's'}`
      : `${setsText(order.sets, order.half_sets ?? 0)} of ${order.page_count} sheet${order.page_count === 1 ? '' : 's'}`;
  const name = orderNameOf(order);
  // The job name already names the order when there is one: said once.
  const job = [order.job_name && order.job_name.trim() !== name ? `job ${order.job_name}` : null, order.po_number ? `PO ${order.po_number}` : null]
    .filter(Boolean)
    .join(', ');
  return theirWords(`${name} (${sheets}, ${printSizeText(order)}, ${ink}${job ? `; ${job}` : ''})`);
}

/**
 * Subject and plain-text body telling that `order` moved to `status` (its status now, by default);
 * the footer says where it stands now.
 */
export function statusEmail(
  env: Env,
  order: OrderRow,
  revision: RevisionPrint | null = null,
  status: OrderStatus = order.status,
): { subject: string; text: string; kind: string } {
  const number = orderNumberOf(order.id);
  const shop = shopFacts(env);
  const link = orderLink(env.APP_URL, order);
  // A revision's reprint says so first: which order it revises and which sheets it reprints.
  const hello = `${greeting(order.customer_first_name)}${revision ? `\n\n${theirWords(revisionLine(revision))}.` : ''}`;
  // The same sentence the order page shows for this state (shared/orderStatus.ts), dated for an email read later.
  const where = statusText({
    status: order.status,
    paymentStatus: order.payment_status,
    shippingMethod: order.shipping_method,
    readyByText: order.ready_by ? readyByDateText(order.ready_by, { timeZone: shop.timeZone }) : null,
    trackingNumber: order.tracking_number,
  });
  const footer = `\n\nWhere it stands: ${where}\nView your order: ${link}\n\n${questionsLine(shop)}\n${shop.name}, ${formatShopAddress(shop)}`;
  const ready = order.ready_by ? ` It will be ready ${readyByDateText(order.ready_by, { timeZone: shop.timeZone })}.` : '';
  const tracking = trackingLine(order);
  const file = fileLine(order);
  switch (status) {
    case 'processing':
      return {
        kind: 'status_processing',
        subject: `Your order ${number} is being printed`,
        text: `${hello}\n\nWe have started printing your order ${number}: ${file}.${ready || (order.rush_order ? ' It is a rush order: ready within 4 open hours.' : ' Orders placed before 12 PM are ready by the end of the day.')} We will email you again when it is ready.${footer}`,
      };
    case 'completed': {
      const next =
        order.shipping_method === 'pickup'
          ? `Your prints are ready for pickup at the counter: ${shop.name}, ${formatShopAddress(shop)} (map: ${shopMapUrl(shop)}). Hours: ${OPENING_HOURS_TEXT}. Please bring your order number, ${number}.`
          : `Your prints have shipped${order.shipping_service ? ` (${order.shipping_service})` : ''}.${tracking ? `\n${tracking}` : ''}`;
      return {
        kind: 'status_completed',
        subject: `Your order ${number} is ready`,
        text: `${hello}\n\nYour order ${number} is complete: ${file}.\n\n${next}${footer}`,
      };
    }
    case 'failed':
      return {
        kind: 'status_failed',
        subject: `A problem with your order ${number}`,
        text: `${hello}\n\nWe could not complete your order ${number}: ${file}. Please contact us so we can sort it out: email ${env.SUPPORT_EMAIL} or call ${env.SUPPORT_PHONE}.${footer}`,
      };
    default:
      return {
        kind: 'status_pending',
        subject: `Your order ${number} is back in the queue`,
        text: `${hello}\n\nYour order ${number} (${file}) is back in our print queue. We will email you when we start printing it.${footer}`,
      };
  }
}

/** The idempotency key of the email for one status change. */
export const statusEmailKey = (orderId: string, historyId: string | number) => `order:${orderId}:status:${historyId}`;

/**
 * Queues the email for one status change once its undo window has passed, when the change stands:
 * not undone, and the order still printable (paid or on account). A later change does not silence an
 * earlier one: each change the counter made and did not take back is told, in order, each email
 * saying what that change did and, in its footer, where the order stands now. A completed shipping
 * order's email is the "on its way" email, which needs a tracking number: without one, the label's
 * arrival sends it (`queueTrackingEmail`); an order no longer completed has not left, and gets none.
 * Returns what it did, for the task's log.
 */
export async function queueStatusChangeEmail(
  tx: Queryable,
  env: Env,
  change: { orderId: string; historyId: string },
): Promise<'queued' | 'stale' | 'waiting_for_tracking'> {
  const [order] = await tx<OrderRow[]>`select * from orders where id = ${change.orderId} for update`;
  if (!order || !isPrintable(order)) return 'stale';
  await withOrderFiles(tx, [order]);
  const [stands] = await tx<{ to_status: OrderStatus }[]>`
    select to_status from order_status_history
    where id = ${change.historyId}::bigint and order_id = ${order.id} and undone_at is null`;
  if (!stands) return 'stale';
  // Recipients hear of their own packages once the order is completed (each once, never before).
  if (stands.to_status === 'completed') await queueRecipientEmails(tx, env, order);
  if (stands.to_status === 'completed' && order.shipping_method === 'shipping') {
    if (order.status !== 'completed') return 'stale';
    if (!trackingLine(order)) return 'waiting_for_tracking';
    await queueTrackingEmail(tx, env, order);
    return 'queued';
  }
  const email = statusEmail(env, order, await revisionPrintOf(tx, order), stands.to_status);
  await queueEmail(tx, {
    idempotencyKey: statusEmailKey(order.id, change.historyId),
    to: order.customer_email,
    kind: email.kind,
    subject: email.subject,
    text: email.text,
    orderId: order.id,
    userId: order.user_id,
  });
  return 'queued';
}

/**
 * Queues "your order is on its way" with the carrier's tracking link, once per tracking number, and
 * only when it is true: a paid shipping order the counter has completed, with a tracking number.
 */
export async function queueTrackingEmail(db: Queryable, env: Env, order: OrderRow): Promise<void> {
  const tracking = trackingLine(order);
  if (!tracking || order.shipping_method !== 'shipping' || order.status !== 'completed' || !isPrintable(order)) return;
  if (order.files === undefined) await withOrderFiles(db, [order]);
  const shop = shopFacts(env);
  const number = orderNumberOf(order.id);
  await queueEmail(db, {
    idempotencyKey: `order:${order.id}:tracking:${order.tracking_number}`,
    to: order.customer_email,
    kind: 'tracking',
    subject: `Your order ${number} is on its way`,
    text: `${greeting(order.customer_first_name)}\n\nYour order ${number} (${fileLine(order)}) has shipped${order.shipping_service ? ` (${order.shipping_service})` : ''}.\n${tracking}\n\nView your order: ${orderLink(env.APP_URL, order)}\n\n${questionsLine(shop)}\n${shop.name}, ${formatShopAddress(shop)}`,
    orderId: order.id,
    userId: order.user_id,
  });
}
