/**
 * The one table of an order's moves. Every change of `status` (what the counter does with the
 * prints) and of `payment_status` (what happened to the money) is checked here first; the commands
 * in this folder are the only code that writes them.
 *
 * Fulfilment: a paid order may be set to any of the four statuses in any order (the spec's freedom
 * for the counter). An unpaid order may only be cancelled (`failed`) or reopened (`pending`): it
 * cannot be printed or completed before the money is in. A refunded order may only be cancelled.
 *
 * Payment: unpaid → paid (the provider says it succeeded), paid → refunded (the provider says it was
 * refunded). A payment that arrives for a cancelled order is recorded and then refunded, never printed.
 * An order placed on a firm's account starts `invoiced` (it is printed like a paid order: the firm
 * owes it on terms) and becomes paid when its invoice is settled, by the counter or by the owner's card.
 */
import { orderNumberOf, type OrderStatus, type PaymentStatus } from '#shared/fields';

/** What a move of `status` does, by payment state. */
export type StatusRule =
  /** Allowed; `notify` says whether the customer gets an email about it. */
  | { allowed: true; notify: boolean }
  /** Refused with a sentence the counter understands (`{order}` is replaced by the order number). */
  | { allowed: false; reason: string };

const NOT_PAID = 'Order {order} is not paid yet: it cannot be printed or completed.';
const REFUNDED = 'Order {order} was refunded: it can only be cancelled.';
const REFUNDED_REOPEN = 'Order {order} was refunded: it cannot go back to the print queue.';

const yes = (notify: boolean): StatusRule => ({ allowed: true, notify });
const no = (reason: string): StatusRule => ({ allowed: false, reason });

/**
 * The table: TO status by payment state. The FROM status does not change the answer (the spec lets the
 * counter undo any step of a paid order), so a row per target is the whole table; `moveStatus` still
 * takes `from` so that a same-status "move" is recognised as no move at all.
 */
export const STATUS_RULES: Record<PaymentStatus, Record<OrderStatus, StatusRule>> = {
  paid: { pending: yes(true), processing: yes(true), completed: yes(true), failed: yes(true) },
  // On account: printed like a paid order, and the customer hears about it the same way.
  invoiced: { pending: yes(true), processing: yes(true), completed: yes(true), failed: yes(true) },
  // Nothing to tell a customer who has not paid: cancelling or reopening an unpaid order emails nothing.
  unpaid: { pending: yes(false), processing: no(NOT_PAID), completed: no(NOT_PAID), failed: yes(false) },
  refunded: { pending: no(REFUNDED_REOPEN), processing: no(REFUNDED), completed: no(REFUNDED), failed: yes(false) },
};

/** The answer for one move: unchanged (same status), allowed (with or without an email) or refused. */
export type StatusMove = { kind: 'unchanged' } | { kind: 'move'; notify: boolean } | { kind: 'refused'; reason: string };

/** Looks a move up in the table. */
export function moveStatus(order: { id: string; status: OrderStatus; payment_status: PaymentStatus }, to: OrderStatus): StatusMove {
  if (order.status === to) return { kind: 'unchanged' };
  const rule = STATUS_RULES[order.payment_status][to];
  if (!rule.allowed) return { kind: 'refused', reason: rule.reason.replace('{order}', orderNumberOf(order.id)) };
  return { kind: 'move', notify: rule.notify };
}

/**
 * What moves a payment state: the card provider's truth (`provider`: an intent succeeded or was
 * refunded) or an invoice being settled (`invoice`: the counter marks it paid, or the owner's card
 * payment for it succeeds) or an approver's yes (`approval`: a member's order on account that waited).
 */
export type PaymentCause = 'provider' | 'invoice' | 'approval';

/** The payment moves, each with the one cause that may make it; anything else is left as it is. */
export const PAYMENT_MOVES: Readonly<Record<PaymentStatus, Partial<Record<PaymentStatus, PaymentCause>>>> = {
  // A member's order on account that waited for an approver is invoiced by the approver's yes.
  unpaid: { paid: 'provider', invoiced: 'approval' },
  invoiced: { paid: 'invoice' },
  paid: { refunded: 'provider' },
  refunded: {},
};

/** True when the payment state may move from `from` to `to` for `cause`. */
export function canMovePayment(from: PaymentStatus, to: PaymentStatus, cause: PaymentCause = 'provider'): boolean {
  return PAYMENT_MOVES[from][to] === cause;
}

/** Orders the counter may print: paid or on account (invoiced). A label or a ticket needs this. */
export function isPrintable(order: { payment_status: PaymentStatus }): boolean {
  return order.payment_status === 'paid' || order.payment_status === 'invoiced';
}

/** The payment states an order may move to `to` from for `cause` (for a conditional update's where clause). */
export function paymentSourcesOf(to: PaymentStatus, cause: PaymentCause = 'provider'): PaymentStatus[] {
  return (Object.keys(PAYMENT_MOVES) as PaymentStatus[]).filter((from) => canMovePayment(from, to, cause));
}
