/**
 * Paying an invoice: the owner's card payment is asked for once (one intent per invoice), and the
 * invoice is marked paid, by the counter or by that card payment, through the table of moves
 * (../invoiceMoves.ts). Its order becomes paid in the same transaction (orders/commands/invoices.ts).
 */
import type { InvoiceStatus } from '#shared/invoice';
import type { Queryable } from '../../lib/db';
import { conflict, notFound } from '../../lib/errors';
import { markInvoicedOrderPaid } from '../../orders/commands/invoices';
import { moveInvoice } from '../invoiceMoves';

export const INVOICE_NOT_FOUND = 'Invoice not found.';

/** Records the card payment asked for an invoice (its one intent). */
export async function attachInvoicePayment(tx: Queryable, input: { invoiceId: string; paymentIntentId: string }): Promise<void> {
  await tx`update invoices set payment_intent_id = ${input.paymentIntentId} where id = ${input.invoiceId} and payment_intent_id is null`;
}

/** How an invoice was settled: by the counter (a check, a transfer) or by the owner's card. */
export type InvoicePayment =
  { paidBy: 'admin'; reference?: string | null } | { paidBy: 'card'; paymentIntentId: string; cardBrand?: string | null; cardLast4?: string | null };

type LockedInvoice = { order_id: string; number: string; paid_at: Date | null; paid_by: 'admin' | 'card' | null; order_status: string };

/**
 * Marks the invoice paid and its order paid, once. The counter's mark is refused with the table's
 * sentence (404 for no such invoice, 409 for a paid or void one). A card payment is recorded on the
 * order (its intent and card), so a later refund of it reaches the order through the usual
 * reconciliation; one for an invoice already paid (by the counter or by card) is `unchanged`.
 */
export async function markInvoicePaid(
  tx: Queryable,
  input: { invoiceId: string; payment: InvoicePayment },
): Promise<{ kind: 'paid'; orderId: string } | { kind: 'unchanged'; paidBy: 'admin' | 'card' | null }> {
  const actor = input.payment.paidBy === 'admin' ? 'counter' : 'card';
  const [invoice] = await tx<LockedInvoice[]>`
    select i.order_id, i.number::text as number, i.paid_at, i.paid_by, o.status as order_status
    from invoices i join orders o on o.id = i.order_id where i.id = ${input.invoiceId} for update of i`;
  if (!invoice) {
    if (actor === 'counter') throw notFound(INVOICE_NOT_FOUND);
    return { kind: 'unchanged', paidBy: null };
  }
  // Open and overdue move alike: the due day changes nothing about who may pay.
  const status: InvoiceStatus = invoice.paid_at ? 'paid' : invoice.order_status === 'failed' ? 'void' : 'open';
  const move = moveInvoice({ status, number: invoice.number }, 'paid', actor);
  if (move.kind === 'refused') {
    if (actor === 'counter') throw conflict(move.reason);
    return { kind: 'unchanged', paidBy: invoice.paid_by };
  }
  const reference = input.payment.paidBy === 'admin' ? input.payment.reference || null : null;
  await tx`update invoices set paid_at = now(), paid_by = ${input.payment.paidBy}, payment_reference = ${reference} where id = ${input.invoiceId} and paid_at is null`;
  const card = input.payment.paidBy === 'card' ? input.payment : null;
  await markInvoicedOrderPaid(tx, { orderId: invoice.order_id, card });
  return { kind: 'paid', orderId: invoice.order_id };
}
