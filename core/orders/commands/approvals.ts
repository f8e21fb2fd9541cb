/**
 * Orders that wait for a firm's approver (docs/decisions/062-order-approval.md). A member's order on
 * account over the firm's approval limit is placed with `approval_state` waiting: its payment_status
 * stays unpaid, so the counter never sees it and no invoice is issued. An approver's yes issues the
 * invoice and puts it in the print queue; a no, the placer's withdrawal or 7 days' wait cancels it.
 * Every move goes through approvalMoves.ts under a lock on the order's row, so two approvers at the
 * same moment make one decision: the second finds it made and changes nothing.
 */
import type { RecipientFields } from './recipients';
import { readyBy, type ClockOptions } from '#shared/readyBy';
import { dueOnFor } from '#shared/invoice';
import { orderNumberOf } from '#shared/fields';
import type { ApprovalState } from '#shared/approval';
import { addJob, type Queryable } from '../../lib/db';
import { conflict, notFound } from '../../lib/errors';
import { issueInvoice } from '../../invoices/commands/issueInvoice';
import type { OrderRow } from '../orderRow';
import { canMoveApproval, type ApprovalCause } from './approvalMoves';
import { changeStatus } from './changeStatus';
import { queuePrintedSheets } from './files';
import { checkAccount } from './invoices';
import { placeOrder, type OrderFields, type OrderFileInput, type Placement } from './placeOrder';
import { paymentSourcesOf } from './transitions';

/**
 * Places a member's order on account to wait for an approver: the account is checked now (an order
 * the account could not take is refused before anyone is asked). Call it in a transaction.
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
  await checkAccount(tx, { firmId: input.firmId, totalCents: input.fields.total_cents, now: new Date(), clock: input.clock });
  return placeOrder(tx, {
    fields: { ...input.fields, approval_state: 'waiting', approval_waits_for: input.waitsFor, approval_requested_at: new Date() },
    placement: { ...input.placement, paymentProvider: null },
    files: input.files,
    recipients: input.recipients,
  });
}

/** The outcome of a decision: made now, or found already made (nothing changed). */
export type DecisionResult = { order: OrderRow; alreadyDecided: boolean };

const NOT_FOUND = 'Order not found.';

function refusedSentence(order: OrderRow): string {
  const number = orderNumberOf(order.id);
  if (order.approval_state === 'withdrawn') return `Order ${number} was cancelled by the person who placed it: there is nothing left to approve.`;
  return `Order ${number} waited 7 days without a decision and was cancelled: there is nothing left to approve.`;
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
  if (!canMoveApproval(order.approval_state as ApprovalState, to, cause)) throw conflict(refusedSentence(order));
  await tx`
    update orders set approval_state = ${to}, approval_decided_by_user_id = ${by.userId}, approval_decided_by_name = ${by.name},
      approval_decided_at = now(), approval_reason = ${by.reason}, updated_at = now()
    where id = ${order.id} and approval_state = 'waiting'`;
}

/**
 * An approver's decision on an order of their firm. Approve: the account is checked again and the
 * invoice issued (the order goes to the print queue and its receipt is made). Decline: the order is
 * cancelled with the reason and the placer emailed (by `notifyDeclined`, in this transaction).
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
  const now = new Date();
  const firm = await checkAccount(tx, { firmId: input.firmId, totalCents: order.total_cents, now, clock: input.clock });
  await moveApproval(tx, order, 'approved', 'approver', by);
  const [approved] = await tx<OrderRow[]>`
    update orders set payment_status = 'invoiced', ready_by = ${readyBy(now, order.rush_order, input.clock)}, updated_at = now()
    where id = ${order.id} and payment_status in ${tx(paymentSourcesOf('invoiced', 'approval'))}
    returning *`;
  const dueOn = dueOnFor(now, firm.terms, input.clock);
  // As for an order placed on account at once: the receipt (with the confirmation email) and the invoice.
  await addJob(tx, 'orders__render_receipt', { orderId: order.id }, { jobKey: `receipt:${order.id}`, maxAttempts: 8 });
  await issueInvoice(tx, { firmId: input.firmId, orderId: order.id, amountCents: order.total_cents, issuedAt: now, dueOn });
  if (approved?.print_positions) await queuePrintedSheets(tx, { orderId: order.id });
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
 * Cancels one order that has waited `days` or more, once: false when it was decided meanwhile.
 * `notifyExpired` queues the placer's email in this transaction.
 */
export async function expireApproval(
  tx: Queryable,
  input: { orderId: string; days: number; notifyExpired: (order: OrderRow) => Promise<void> },
): Promise<boolean> {
  const [order] = await tx<OrderRow[]>`
    select * from orders where id = ${input.orderId} and approval_state = 'waiting'
      and approval_requested_at <= now() - make_interval(days => ${input.days}) for update`;
  if (!order) return false;
  await moveApproval(tx, order, 'expired', 'expiry', { userId: null, name: null, reason: null });
  const { order: cancelled } = await changeStatus(tx, { orderId: order.id, status: 'failed', changedBy: 'system' });
  await input.notifyExpired(cancelled);
  return true;
}
