/**
 * What an order's recipients hear (docs/decisions/050-recipients.md): a recipient with an email is
 * told their package is on its way (the order completed and their label bought) or ready for pickup
 * (the order completed), once each and never before. They are not the customer: no receipt, no
 * prices, no link to the order, only what is theirs and who sent it.
 */
import type { Env } from '#shared/env';
import { orderNumberOf } from '#shared/fields';
import { setsText } from '#shared/pricing';
import { formatShopAddress, OPENING_HOURS_TEXT, shopFacts } from '#shared/shop';
import { trackingUrlFor } from '#shared/tracking';
import type { Queryable } from '../lib/db';
import type { OrderRow, RecipientPackage } from '../orders/orderRow';
import { isPrintable } from '../orders/commands/transitions';
import { withRecipients } from '../orders/recipients';
import { queueEmail } from '../services/email/index';
import { questionsLine } from './closing';
import { greeting, theirWords } from './theirWords';

/** One package's email, or null when there is nothing true to say yet. */
export function recipientEmail(env: Env, order: OrderRow, p: RecipientPackage): { idempotencyKey: string; kind: string; subject: string; text: string } | null {
  if (!p.email || !p.id || order.status !== 'completed' || !isPrintable(order)) return null;
  const shop = shopFacts(env);
  const sender = theirWords([order.customer_first_name, order.customer_last_name].filter(Boolean).join(' ') || 'Your contact');
  const what = `${setsText(p.sets, p.halfSets, p.reducedSets)} of ${p.positions.length} ${p.positions.length === 1 ? 'sheet' : 'sheets'} (${p.sheetNumbers.join(', ')})`;
  const job = order.job_name ? ` for ${theirWords(order.job_name)}` : '';
  const closing = `${questionsLine(shop)}\n${shop.name}, ${formatShopAddress(shop)}`;
  const ref = `Reference: order ${orderNumberOf(order.id)}, package ${p.position}.`;
  if (p.delivery === 'pickup') {
    return {
      idempotencyKey: `recipient:${p.id}:ready`,
      kind: 'recipient_ready',
      subject: `Drawings from ${sender} are ready for pickup`,
      text: `${greeting(p.name)}\n\n${sender} sent you ${what}${job}. They are ready for pickup at ${shop.name}, ${formatShopAddress(shop)}.\n${OPENING_HOURS_TEXT}\n${ref}\n\n${closing}`,
    };
  }
  const url = p.labelKey ? trackingUrlFor(p.labelCarrier, p.trackingNumber) : null;
  if (!url || !p.trackingNumber) return null;
  return {
    idempotencyKey: `recipient:${p.id}:tracking:${p.trackingNumber}`,
    kind: 'recipient_tracking',
    subject: `Drawings from ${sender} are on their way`,
    text: `${greeting(p.name)}\n\n${sender} sent you ${what}${job}. They have shipped${p.shippingService ? ` (${p.shippingService})` : ''}.\nTracking number: ${p.trackingNumber}${p.labelCarrier ? ` (${p.labelCarrier})` : ''}. Track it: ${url}\n${ref}\n\n${closing}`,
  };
}

/** Queues every recipient's email that is now true (each once); nothing for an order without recipients. */
export async function queueRecipientEmails(db: Queryable, env: Env, order: OrderRow): Promise<void> {
  if (order.recipients === undefined) await withRecipients(db, [order]);
  for (const p of order.recipients ?? []) {
    const email = recipientEmail(env, order, p);
    if (!email || !p.email) continue;
    await queueEmail(db, { ...email, to: p.email, orderId: order.id, userId: null });
  }
}
