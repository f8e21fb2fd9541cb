/**
 * The one table of an invoice's moves. An invoice stores no status of its own: it is paid once
 * `paid_at` is set, void while its order is cancelled, overdue past its due day, open otherwise
 * (firms/invoices.ts reads them so). The one status an invoice is moved to is paid, and every such
 * move is looked up here first; the commands in commands/ are the only code that writes it.
 *
 * The counter marks an open or overdue invoice paid (a check or a transfer came in); the firm's
 * owner may pay one by card, and the card payment, once the provider says it succeeded, makes it
 * paid. A card payment that arrives for a void invoice (the counter cancelled the order while the
 * owner paid) is recorded, and its order refunds it. A paid invoice stays paid. Void and open follow
 * the order's own moves (cancelling it, or reopening it), never a move of the invoice.
 */
import { invoiceNumberText, type InvoiceStatus } from '#shared/invoice';

/**
 * Who asks for a move: the counter (marks it paid), the firm's owner (asks to pay it by card) or the
 * card payment itself (the provider says it succeeded).
 */
export type InvoiceActor = 'counter' | 'owner' | 'card';

/** The table: FROM status → TO status → who may make the move; a pair that is not here is refused. */
export const INVOICE_MOVES: Readonly<Record<InvoiceStatus, Partial<Record<InvoiceStatus, readonly InvoiceActor[]>>>> = {
  open: { paid: ['counter', 'owner', 'card'] },
  overdue: { paid: ['counter', 'owner', 'card'] },
  // The money came anyway: recorded, then refunded for the cancelled order (orders__refund_cancelled).
  void: { paid: ['card'] },
  paid: {},
};

/** The answer for one move: allowed, or refused with a sentence for the person who asked. */
export type InvoiceMoveAnswer = { kind: 'move' } | { kind: 'refused'; reason: string };

/** Why a move that is not in the table (or not by this person) is refused; `number` is the invoice's number. */
function refusal(from: InvoiceStatus, to: InvoiceStatus, number: string): string {
  const invoice = `Invoice ${invoiceNumberText(number)}`;
  if (to === 'void') return `${invoice} is void only while its order is cancelled: cancel the order instead.`;
  if (to === 'open' || to === 'overdue') return `${invoice} is open until it is paid, and overdue after its due day: neither is a decision.`;
  if (from === 'paid') return `${invoice} is already paid.`;
  return `${invoice} is void: its order was cancelled.`;
}

/** Looks a move up in the table. */
export function moveInvoice(invoice: { status: InvoiceStatus; number: string }, to: InvoiceStatus, actor: InvoiceActor): InvoiceMoveAnswer {
  const allowed = INVOICE_MOVES[invoice.status][to]?.includes(actor) ?? false;
  return allowed ? { kind: 'move' } : { kind: 'refused', reason: refusal(invoice.status, to, invoice.number) };
}
