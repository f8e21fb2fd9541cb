/**
 * The emails of a firm's approval: the approvers are asked (with a link to the order's approval
 * page), and the placer hears a no (with the reason), that no one answered in 7 days, or (a card
 * order) that it was approved and can be paid on its order page. Each once.
 */
import { orderNumberOf } from '#shared/fields';
import { formatCents } from '#shared/money';
import type { ShopFacts } from '#shared/shop';
import type { Queryable } from '../lib/db';
import { queueEmail } from '../services/email/index';
import type { OrderRow } from '../orders/orderRow';
import { questionsLine } from './closing';
import { orderLink } from './orderConfirmation';
import { greeting, quoted, theirWords } from './theirWords';

/** The page an approver opens from the email: the firm page's approval of this order. */
export function approvalLink(appUrl: string, orderId: string): string {
  return `${appUrl}/firm/approvals/${orderId}`;
}

/** Asks every approver of the firm (owners and approvers) to approve the order. */
export async function queueApprovalRequests(
  tx: Queryable,
  input: {
    order: Pick<
      OrderRow,
      'id' | 'total_cents' | 'customer_first_name' | 'customer_last_name' | 'job_name' | 'po_number' | 'project_code' | 'cost_code' | 'payment_provider'
    >;
    firmId: string;
    firmName: string;
    appUrl: string;
    shop: ShopFacts;
  },
): Promise<void> {
  const { order, shop } = input;
  const number = orderNumberOf(order.id);
  const placer = [order.customer_first_name, order.customer_last_name].filter(Boolean).join(' ') || 'A member of your firm';
  const approvers = await tx<{ id: string; email: string; first_name: string | null }[]>`
    select u.id, u.email, u.first_name from firm_members m join users u on u.id = m.user_id
    where m.firm_id = ${input.firmId} and m.role in ('owner', 'approver') order by u.email`;
  const about = [
    order.job_name && `Job name: ${theirWords(order.job_name)}`,
    order.po_number && `PO: ${theirWords(order.po_number)}`,
    order.project_code && `Project: ${theirWords(order.project_code)}`,
    order.cost_code && `Cost code: ${theirWords(order.cost_code)}`,
  ]
    .filter(Boolean)
    .join('\n');
  // A card order is paid by its placer once approved; an order on account is invoiced.
  const how = order.payment_provider
    ? `placed order ${number} for ${formatCents(order.total_cents)}, to be paid by card, for ${quoted(input.firmName)}. ` +
      `It is over the firm's approval limit, so it waits for an approver's yes before it can be paid and printed.`
    : `placed order ${number} for ${formatCents(order.total_cents)} on the account of ${quoted(input.firmName)}. ` +
      `It is over the firm's approval limit, so it waits for an approver's yes before it is invoiced and printed.`;
  for (const approver of approvers) {
    await queueEmail(tx, {
      idempotencyKey: `order:${order.id}:approval-request:${approver.id}`,
      to: approver.email,
      kind: 'approval_request',
      orderId: order.id,
      userId: approver.id,
      subject: `Please approve order ${number} (${formatCents(order.total_cents)}) for ${input.firmName}`,
      text:
        `${greeting(approver.first_name)}\n\n${theirWords(placer)} ${how}\n\n${about ? `${about}\n\n` : ''}` +
        `Approve or decline it here: ${approvalLink(input.appUrl, order.id)}\n\nIf no one decides within 7 days, the order is cancelled.\n\n${questionsLine(shop)}\n\n${shop.name}`,
    });
  }
}

/** Tells the placer their order was declined (with the approver's reason) or expired. */
export async function queueApprovalOutcomeEmail(
  tx: Queryable,
  input: { order: OrderRow; outcome: 'declined' | 'expired'; appUrl: string; shop: ShopFacts },
): Promise<void> {
  const { order, shop } = input;
  const number = orderNumberOf(order.id);
  const why =
    input.outcome === 'declined'
      ? `${theirWords(order.approval_decided_by_name ?? 'An approver')} declined it${order.approval_reason ? `: ${quoted(order.approval_reason)}` : '.'}`
      : order.approval_decided_by_name
        ? `${theirWords(order.approval_decided_by_name)} approved it, but it was not paid within 7 days.`
        : 'No one of your firm approved it within 7 days.';
  await queueEmail(tx, {
    idempotencyKey: `order:${order.id}:approval-${input.outcome}`,
    to: order.customer_email,
    kind: `approval_${input.outcome}`,
    orderId: order.id,
    userId: order.user_id,
    subject:
      input.outcome === 'declined'
        ? `Order ${number} was declined`
        : order.approval_decided_by_name
          ? `Order ${number} was cancelled: it was not paid`
          : `Order ${number} was cancelled: no one approved it`,
    text:
      `${greeting(order.customer_first_name)}\n\nYour order ${number} (${formatCents(order.total_cents)}) was cancelled. ${why}\n\n` +
      `Nothing was charged or printed. To order the prints, please start a new order: ${input.appUrl}/orders\n\n${questionsLine(shop)}\n\n${shop.name}`,
  });
}

/**
 * Tells the placer of a card order that it was approved: they can now pay it by card on its order
 * page (the link carries the order's access token, as every order email's does).
 */
export async function queueApprovedForCardEmail(tx: Queryable, input: { order: OrderRow; appUrl: string; shop: ShopFacts }): Promise<void> {
  const { order, shop } = input;
  const number = orderNumberOf(order.id);
  await queueEmail(tx, {
    idempotencyKey: `order:${order.id}:approval-approved`,
    to: order.customer_email,
    kind: 'approval_approved',
    orderId: order.id,
    userId: order.user_id,
    subject: `Order ${number} was approved: you can pay it now`,
    text:
      `${greeting(order.customer_first_name)}\n\n${theirWords(order.approval_decided_by_name ?? 'An approver of your firm')} approved your order ${number} (${formatCents(order.total_cents)}). ` +
      `You can now pay it by card on its order page; it goes to print as soon as it is paid:\n${orderLink(input.appUrl, order)}\n\n` +
      `If it is not paid within 7 days, the order is cancelled.\n\n${questionsLine(shop)}\n\n${shop.name}`,
  });
}

/** Tells the placer that a card payment made before the approval was given back (once per order). */
export async function queueUnapprovedPaymentRefundEmail(tx: Queryable, input: { order: OrderRow; amountCents: number; shop: ShopFacts }): Promise<void> {
  const { order, shop } = input;
  const number = orderNumberOf(order.id);
  const amount = formatCents(input.amountCents);
  await queueEmail(tx, {
    idempotencyKey: `order:${order.id}:unapproved-refund`,
    to: order.customer_email,
    kind: 'approval_payment_refunded',
    orderId: order.id,
    userId: order.user_id,
    subject: `Your payment for order ${number} was refunded: it waits for approval`,
    text:
      `${greeting(order.customer_first_name)}\n\nOrder ${number} still waits for approval by ${theirWords(order.approval_waits_for ?? 'an approver of your firm')}, ` +
      `so it cannot be paid yet: the ${amount} you paid was refunded to the same card. It can take your bank a few days to show the refund. ` +
      `Once the order is approved, you can pay it on its order page.\n\n${questionsLine(shop)}\n\n${shop.name}`,
  });
}
