/**
 * Orders that wait for a firm's approver (docs/decisions/062-order-approval.md, 080). A member's order
 * over the firm's approval limit, on account or by card, is placed with `approval_state` waiting: its
 * payment_status stays unpaid, so the counter never sees it, no invoice is issued and no card intent
 * exists. An approver's yes issues the invoice and puts it in the print queue (on account), or lets
 * its placer pay by card from the order page (a card order: `payment_provider` set); a no, the
 * placer's withdrawal or 7 days' wait cancels it, and so do 7 days without paying an approved card order.
 * Every move goes through approvalMoves.ts under a lock on the order's row, so two approvers at the
 * same moment make one decision: the second finds it made and changes nothing.
 */
import type { RecipientFields } from './recipients';
import type { ClockOptions } from '#shared/readyBy';
import { orderNumberOf } from '#shared/fields';
import type { ApprovalState } from '#shared/approval';
import type { Queryable } from '../../lib/db';
import { conflict, notFound } from '../../lib/errors';
import type { PaymentProvider } from '../../services/payments/types';
import type { OrderRow } from '../orderRow';
import { canMoveApproval, type ApprovalCause } from './approvalMoves';
import { changeStatus } from './changeStatus';
import { checkAccount, startInvoicedOrder } from './invoices';
import { createOrderIntent, placeOrder, type OrderFields, type OrderFileInput, type Placement } from './placeOrder';
import { paymentSourcesOf } from './transitions';

/** The columns that make an order wait for an approver's yes. */
export function waitingFields(waitsFor: string) {
  return { approval_state: 'waiting', approval_waits_for: waitsFor, approval_requested_at: new Date() };
}

/**
 * Places a member's order to wait for an approver. On account (`placement.paymentProvider` null) the
 * account is checked now (an order the account could not take is refused before anyone is asked); by
 * card the provider is recorded and no intent is made: the placer pays once it is approved. Call it
 * in a transaction.
 */
export async function placeOrderForApproval(
  tx: Queryable,
  input: {
    fields: OrderFields;
    placement: Placement;
    files: OrderFileInput[];
    recipients?: readonly RecipientFields[];
    firmId: string;
    clock: ClockOptions;
    waitsFor: string;
  },
): Promise<string> {
  if (input.placement.paymentProvider === null) {
    await checkAccount(tx, { firmId: input.firmId, totalCents: input.fields.total_cents, now: new Date(), clock: input.clock });
  }
  return placeOrder(tx, {
    fields: { ...input.fields, ...waitingFields(input.waitsFor) },
    placement: input.placement,
    files: input.files,
    recipients: input.recipients,
  });
}

/** A card payment of an order over the limit that was never sent for approval (it is refused, not held). */
export const OVER_APPROVAL_BY_CARD =
  "This order is over your firm's approval limit, so an approver must say yes first: please send it for approval from the checkout, then pay it by card on its order page once it is approved.";

/** The outcome of a decision: made now, or found already made (nothing changed). */
export type DecisionResult = { order: OrderRow; alreadyDecided: boolean };

const NOT_FOUND = 'Order not found.';

function refusedSentence(order: OrderRow): string {
  const number = orderNumberOf(order.id);
  if (order.approval_state === 'withdrawn') return `Order ${number} was cancelled by the person who placed it: there is nothing left to approve.`;
  if (order.approval_state === 'expired' && order.approval_decided_by_name) {
    return `Order ${number} was approved but not paid within 7 days and was cancelled: there is nothing left to decide.`;
  }
  return `Order ${number} waited 7 days without a decision and was cancelled: there is nothing left to approve.`;
}

/** True when the order is paid by card once approved (not on the firm's account). */
export function paidByCardOnApproval(order: Pick<OrderRow, 'approval_state' | 'payment_provider'>): boolean {
  return order.approval_state !== null && order.payment_provider !== null;
}

/**
 * Why no card may pay this order now, or null when its approval allows it (it needed none, or it
 * was approved): one sentence for the demo confirmation, the re-price and reconciliation alike.
 */
export function approvalPaymentRefusal(order: Pick<OrderRow, 'id' | 'approval_state' | 'approval_waits_for' | 'approval_decided_by_name'>): string | null {
  const number = orderNumberOf(order.id);
  switch (order.approval_state) {
    case null:
    case 'approved':
      return null;
    case 'waiting':
      return `Order ${number} waits for approval by ${order.approval_waits_for ?? 'an approver of your firm'}: it can be paid by card from its order page once it is approved.`;
    case 'declined':
      return `Order ${number} was declined by ${order.approval_decided_by_name ?? 'an approver'}, so it cannot be paid. Please start a new order.`;
    case 'expired':
      if (order.approval_decided_by_name) return `Order ${number} was approved but not paid within 7 days, so it was cancelled. Please start a new order.`;
      return `Order ${number} was cancelled before it was approved, so it cannot be paid. Please start a new order.`;
    case 'withdrawn':
      return `Order ${number} was cancelled before it was approved, so it cannot be paid. Please start a new order.`;
  }
}

/** Locks the order of this firm that went to approval; 404 when there is none. */
async function lockApprovalOrder(tx: Queryable, input: { orderId: string; firmId: string | null }): Promise<OrderRow> {
  const [order] = await tx<OrderRow[]>`select * from orders where id = ${input.orderId} for update`;
  if (!order || order.approval_state === null || (input.firmId !== null && order.firm_id !== input.firmId)) throw notFound(NOT_FOUND);
  return order;
}

/** Records the approval's move; the caller has checked it against the table. */
async function moveApproval(
  tx: Queryable,
  order: OrderRow,
  to: ApprovalState,
  cause: ApprovalCause,
  by: { userId: string | null; name: string | null; reason: string | null },
): Promise<void> {
  const from = order.approval_state as ApprovalState;
  if (!canMoveApproval(from, to, cause)) throw conflict(refusedSentence(order));
  // An approved order that expires unpaid keeps who approved it and when (its status sentence names them).
  if (from === 'approved') {
    await tx`update orders set approval_state = ${to}, updated_at = now() where id = ${order.id} and approval_state = ${from}`;
    return;
  }
  await tx`
    update orders set approval_state = ${to}, approval_decided_by_user_id = ${by.userId}, approval_decided_by_name = ${by.name},
      approval_decided_at = now(), approval_reason = ${by.reason}, updated_at = now()
    where id = ${order.id} and approval_state = ${from}`;
}

/**
 * An approver's decision on an order of their firm. Approve on account: the account is checked again
 * and the invoice issued (the order goes to the print queue and its receipt is made). Approve by
 * card: the order stays unpaid and its placer is told they can pay it (`notifyApproved`); paying it
 * is `cardIntentForApprovedOrder`. Decline: the order is cancelled with the reason and the placer
 * emailed (by `notifyDeclined`, in this transaction).
 * A second decision answers the first (`alreadyDecided`); a withdrawn or expired order is 409.
 */
export async function decideApproval(
  tx: Queryable,
  input: {
    orderId: string;
    firmId: string;
    approver: { userId: string; name: string };
    decision: 'approve' | 'decline';
    reason: string | null;
    clock: ClockOptions;
    notifyDeclined: (order: OrderRow) => Promise<void>;
    notifyApproved: (order: OrderRow) => Promise<void>;
  },
): Promise<DecisionResult> {
  const order = await lockApprovalOrder(tx, input);
  if (order.approval_state === 'approved' || order.approval_state === 'declined') return { order, alreadyDecided: true };
  if (order.approval_state !== 'waiting') throw conflict(refusedSentence(order));
  const by = { userId: input.approver.userId, name: input.approver.name, reason: input.reason };
  if (input.decision === 'decline') {
    await moveApproval(tx, order, 'declined', 'approver', by);
    const { order: cancelled } = await changeStatus(tx, { orderId: order.id, status: 'failed', changedBy: input.approver.name });
    await input.notifyDeclined(cancelled);
    return { order: cancelled, alreadyDecided: false };
  }
  if (paidByCardOnApproval(order)) {
    await moveApproval(tx, order, 'approved', 'approver', by);
    const [approved] = await tx<OrderRow[]>`select * from orders where id = ${order.id}`;
    await input.notifyApproved(approved);
    return { order: approved, alreadyDecided: false };
  }
  const now = new Date();
  const firm = await checkAccount(tx, { firmId: input.firmId, totalCents: order.total_cents, now, clock: input.clock });
  await moveApproval(tx, order, 'approved', 'approver', by);
  const [moved] = await tx<{ id: string }[]>`
    update orders set payment_status = 'invoiced', updated_at = now()
    where id = ${order.id} and payment_status in ${tx(paymentSourcesOf('invoiced', 'approval'))}
    returning id`;
  // Then as for an order placed on account at once: its ready-by, receipt, print files and invoice.
  if (moved) await startInvoicedOrder(tx, { orderId: order.id, firmId: input.firmId, terms: firm.terms, now, clock: input.clock });
  const [approved] = await tx<OrderRow[]>`select * from orders where id = ${order.id}`;
  return { order: approved, alreadyDecided: false };
}

/** The placer cancels their own order while it waits; 409 once it was decided. */
export async function withdrawFromApproval(tx: Queryable, input: { orderId: string; placerName: string }): Promise<OrderRow> {
  const order = await lockApprovalOrder(tx, { orderId: input.orderId, firmId: null });
  if (order.approval_state !== 'waiting') throw conflict(`Order ${orderNumberOf(order.id)} was already decided: it can no longer be withdrawn here.`);
  await moveApproval(tx, order, 'withdrawn', 'placer', { userId: null, name: input.placerName, reason: null });
  return (await changeStatus(tx, { orderId: order.id, status: 'failed', changedBy: input.placerName })).order;
}

/**
 * The orders whose wait is over: waiting `days` or more for an approver, or approved by card `days`
 * or more ago and still unpaid. Oldest first, at most `limit`.
 */
export async function expiredApprovalIds(db: Queryable, input: { days: number; limit: number }): Promise<string[]> {
  const rows = await db<{ id: string }[]>`
    select id from orders where ${expiredWhere(db, input.days)}
    order by coalesce(approval_decided_at, approval_requested_at) limit ${input.limit}`;
  return rows.map((r) => r.id);
}

function expiredWhere(db: Queryable, days: number) {
  return db`(
    (approval_state = 'waiting' and approval_requested_at <= now() - make_interval(days => ${days}))
    or (approval_state = 'approved' and payment_provider is not null and payment_status = 'unpaid' and status <> 'failed'
      and approval_decided_at <= now() - make_interval(days => ${days}))
  )`;
}

/**
 * Cancels one order whose wait is over (expiredApprovalIds), once: false when it was decided or
 * paid meanwhile. `notifyExpired` queues the placer's email in this transaction. An approved card
 * order's intent, if its placer had started paying, is for the caller to cancel after commit; a
 * payment that still lands is refunded as for any cancelled order.
 */
export async function expireApproval(
  tx: Queryable,
  input: { orderId: string; days: number; notifyExpired: (order: OrderRow) => Promise<void> },
): Promise<OrderRow | null> {
  const [order] = await tx<OrderRow[]>`select * from orders where id = ${input.orderId} and ${expiredWhere(tx, input.days)} for update`;
  if (!order) return null;
  await moveApproval(tx, order, 'expired', 'expiry', { userId: null, name: null, reason: null });
  const { order: cancelled } = await changeStatus(tx, { orderId: order.id, status: 'failed', changedBy: 'system' });
  await input.notifyExpired(cancelled);
  return cancelled;
}

/** What the placer's Pay by card step gets: the intent to confirm and the amount it charges. */
export type ApprovedOrderIntent = { orderId: string; clientSecret: string; amountCents: number };

/**
 * The card payment of an approved card order, for its placer (the caller has checked who asks): the
 * order's one intent, created on the first call through the checkout's own step (createOrderIntent)
 * and re-priced to the approved total on every later one, as the checkout re-prices. The order's
 * row is locked, so two calls at once make one intent. 409 with a sentence while it waits, once it
 * is paid or cancelled, or for an order on account.
 */
export async function cardIntentForApprovedOrder(tx: Queryable, payments: PaymentProvider, input: { orderId: string }): Promise<ApprovedOrderIntent> {
  const [order] = await tx<OrderRow[]>`select * from orders where id = ${input.orderId} for update`;
  if (!order || order.approval_state === null) throw notFound(NOT_FOUND);
  const number = orderNumberOf(order.id);
  if (order.payment_provider === null) throw conflict(`Order ${number} is on your firm's account: it is paid by its invoice, not here.`);
  const refused = approvalPaymentRefusal(order);
  if (refused) throw conflict(refused);
  if (order.payment_status !== 'unpaid') throw conflict(`Order ${number} is already paid.`);
  if (order.status === 'failed') throw conflict(`Order ${number} was cancelled, so it cannot be paid. Please start a new order.`);
  if (order.payment_provider !== payments.name) throw conflict(`Order ${number} cannot be paid here any more. Please contact the shop.`);
  if (order.payment_intent_id) {
    const { clientSecret } = await payments.updateIntent(tx, order.payment_intent_id, order.total_cents);
    return { orderId: order.id, clientSecret, amountCents: order.total_cents };
  }
  const created = await createOrderIntent(tx, payments, { orderId: order.id, amountCents: order.total_cents, email: order.customer_email || null });
  return { orderId: order.id, clientSecret: created.clientSecret, amountCents: order.total_cents };
}
