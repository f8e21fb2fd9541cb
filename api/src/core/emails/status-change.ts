/**
 * The email a customer gets when the print counter changes an order's status: processing,
 * completed (pickup details or tracking), failed (the support contact), or back to pending.
 * One email per status-history row (its id is in the idempotency key).
 */
import type { Env } from '../../../../shared/env';
import { orderNumberOf } from '../../../../shared/fields';
import type { Queryable } from '../lib/db';
import { sheetCountsOf, type OrderRow } from '../orders/orderRow';
import { setsText } from '../../../../shared/orderText';
import { queueEmail } from '../services/email/index';

export const PICKUP_ADDRESS = 'Blueprint Shop, Paramus, NJ 07652';

/** Subject and plain-text body for `order` now in its (new) status. */
export function statusEmail(env: Env, order: OrderRow): { subject: string; text: string; kind: string } {
  const number = orderNumberOf(order.id);
  const link = `${env.APP_URL}/order-success/${order.id}?token=${encodeURIComponent(order.access_token)}`;
  const hello = `Hello ${order.customer_first_name},`;
  const footer = `\n\nView your order: ${link}\n\nQuestions? ${env.SUPPORT_EMAIL} or ${env.SUPPORT_PHONE}.\nBlueprint Shop, Paramus, NJ`;
  const { color } = sheetCountsOf(order);
  const ink = color === 0 ? 'black and white' : color === order.page_count ? 'color' : `black and white with ${color} color sheet${color === 1 ? '' : 's'}`;
  const sheets = order.sets === 1 ? `${order.page_count} sheet${order.page_count === 1 ? '' : 's'}` : setsText(order.sets, order.page_count);
  const job = [order.job_name ? `job ${order.job_name}` : null, order.po_number ? `PO ${order.po_number}` : null].filter(Boolean).join(', ');
  const file = `${order.file_name} (${sheets}, ${order.print_size.replace('x', '" x ')}", ${ink}${job ? `; ${job}` : ''})`;
  switch (order.status) {
    case 'processing':
      return {
        kind: 'status_processing',
        subject: `Your order ${number} is being printed`,
        text: `${hello}\n\nWe have started printing your order ${number}: ${file}.${order.rush_order ? ' It is a rush order: rush orders are ready in 1-4 hours.' : ' Orders placed before 12 PM are ready by the end of the day.'} We will email you again when it is ready.${footer}`,
      };
    case 'completed': {
      const next =
        order.shipping_method === 'pickup'
          ? `Your prints are ready for pickup at the counter: ${PICKUP_ADDRESS}. Please bring your order number, ${number}.`
          : order.tracking_number
            ? `Your prints have shipped${order.shipping_service ? ` (${order.shipping_service})` : ''}. Tracking number: ${order.tracking_number}.`
            : `Your prints are on their way${order.shipping_service ? ` (${order.shipping_service})` : ''}. We will send the tracking number as soon as the carrier has it.`;
      return { kind: 'status_completed', subject: `Your order ${number} is ready`, text: `${hello}\n\nYour order ${number} is complete: ${file}.\n\n${next}${footer}` };
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

/** Queues the status email for one status-history row, in the caller's transaction. */
export async function queueStatusEmail(db: Queryable, env: Env, order: OrderRow, historyId: string | number): Promise<void> {
  const email = statusEmail(env, order);
  await queueEmail(db, {
    idempotencyKey: `order:${order.id}:status:${historyId}`,
    to: order.customer_email,
    kind: email.kind,
    subject: email.subject,
    text: email.text,
    orderId: order.id,
    userId: order.user_id,
  });
}
