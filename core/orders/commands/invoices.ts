/**
 * Orders on a firm's account (docs/decisions/027-paying-on-account.md). Placing one checks the
 * firm's terms, its overdue invoices and its credit limit under a lock on the firm's row, so two
 * orders at once cannot both fit in the last of the limit; the order is placed `invoiced` (printed
 * like a paid order) with its invoice (invoices/commands/), and its receipt and invoice PDF are
 * queued. Settling the invoice (the counter marks it paid, or the owner's card payment for it
 * succeeds: invoices/commands/markInvoicePaid.ts) makes the order paid, once.
 */
import type { ClockOptions } from '#shared/readyBy';
import { readyByFor, workOfOrder } from '../../production/promises';
import type { OrderRow } from '../orderRow';
import { longDayText, shopDay } from '#shared/clock';
import { centsToDecimal, dueOnFor, invoiceNumberText, type FirmTerms } from '#shared/invoice';
import { formatCents } from '#shared/money';
import { possessive } from '#shared/firm';
import { addJob, type Queryable } from '../../lib/db';
import { forbidden, HttpError } from '../../lib/errors';
import type { RecipientFields } from './recipients';
import { placeOrder, type OrderFields, type OrderFileInput, type Placement } from './placeOrder';
import { paymentSourcesOf } from './transitions';
import { queuePrintWork } from './files';
import { issueInvoice } from '../../invoices/commands/issueInvoice';

/** An unpaid invoice that is not void (its order was not cancelled) counts against the limit. */
export const OPEN_INVOICE = `i.paid_at is null and o.status <> 'failed'`;

/** The firm's first overdue invoice on the counter's day `today`, if any. */
export async function firstOverdueInvoice(db: Queryable, firmId: string, today: string): Promise<{ id: string; number: string; due_on: string } | null> {
  const [row] = await db<{ id: string; number: string; due_on: string }[]>`
    select i.id, i.number::text as number, to_char(i.due_on, 'YYYY-MM-DD') as due_on
    from invoices i join orders o on o.id = i.order_id
    where i.firm_id = ${firmId} and ${db.unsafe(OPEN_INVOICE)} and i.due_on < ${today}::date
    order by i.due_on, i.number limit 1`;
  return row ?? null;
}

/** What the firm's open invoices add up to, in cents. */
export async function openBalanceCents(db: Queryable, firmId: string): Promise<number> {
  const [row] = await db<{ cents: string }[]>`
    select coalesce(sum(i.amount_cents), 0)::text as cents from invoices i join orders o on o.id = i.order_id
    where i.firm_id = ${firmId} and ${db.unsafe(OPEN_INVOICE)}`;
  return Number(row.cents);
}

export type PlacedInvoice = { orderId: string; invoiceId: string; number: string; dueOn: string };

/**
 * The firm's account may take an order of `totalCents`: 403 when the firm has no terms; 409 when an
 * invoice is overdue or the order would pass the credit limit. Locks the firm's row for the caller's
 * transaction, so two orders at once cannot both fit in the last of the limit.
 */
export async function checkAccount(
  tx: Queryable,
  input: { firmId: string; totalCents: number; now: Date; clock: ClockOptions },
): Promise<{ name: string; terms: FirmTerms }> {
  const [firm] = await tx<{ name: string; terms: FirmTerms | null; credit_limit_cents: number | null }[]>`
    select name, terms, credit_limit_cents from firms where id = ${input.firmId} for update`;
  if (!firm?.terms) throw forbidden(`${firm?.name ?? 'Your firm'} has no account with us yet: please pay by card.`);
  const today = shopDay(input.now, input.clock);
  const overdue = await firstOverdueInvoice(tx, input.firmId, today);
  if (overdue) {
    throw new HttpError(
      409,
      'invoice_overdue',
      `Invoice ${invoiceNumberText(overdue.number)} was due on ${longDayText(overdue.due_on)} and is not paid yet: new orders on account wait until it is. Please pay it from your firm's page, or pay this order by card.`,
      { invoiceId: overdue.id, invoiceNumber: invoiceNumberText(overdue.number) },
    );
  }
  const open = await openBalanceCents(tx, input.firmId);
  const available = Math.max(0, (firm.credit_limit_cents ?? 0) - open);
  if (input.totalCents > available) {
    throw new HttpError(
      409,
      'credit_limit',
      `This order (${formatCents(input.totalCents)}) is more than the ${formatCents(available)} left on ${possessive(firm.name)} account. Please pay by card, or pay an open invoice first.`,
      { available: centsToDecimal(available) },
    );
  }
  return { name: firm.name, terms: firm.terms };
}

/**
 * Places an order on the firm's account. 403 when the firm has no terms; 409 when an invoice of the
 * firm is overdue (naming it) or when the order would take the open invoices over the credit limit
 * (with `available`, the dollars left). Call it in a transaction.
 */
export async function placeInvoicedOrder(
  tx: Queryable,
  input: { fields: OrderFields; placement: Placement; files: OrderFileInput[]; recipients?: readonly RecipientFields[]; firmId: string; clock: ClockOptions },
): Promise<PlacedInvoice> {
  const now = new Date();
  const firm = await checkAccount(tx, { firmId: input.firmId, totalCents: input.fields.total_cents, now, clock: input.clock });
  const orderId = await placeOrder(tx, {
    fields: { ...input.fields, payment_status: 'invoiced' },
    placement: { ...input.placement, paymentProvider: null },
    files: input.files,
    recipients: input.recipients,
  });
  const invoice = await startInvoicedOrder(tx, { orderId, firmId: input.firmId, terms: firm.terms, now, clock: input.clock });
  return { orderId, invoiceId: invoice.id, number: invoiceNumberText(invoice.number), dueOn: invoice.dueOn };
}

/**
 * What follows an order's becoming `invoiced`, placed on account at once or approved by a firm's
 * approver: its ready-by fixed as a paid order's (today's rule, or later when the queue is full), its
 * receipt (which queues the confirmation email), its print-ready files (built now, while its files
 * are sure to exist), a reprint's PDF of the sheets it prints, and its invoice.
 */
export async function startInvoicedOrder(
  tx: Queryable,
  input: { orderId: string; firmId: string; terms: FirmTerms; now: Date; clock: ClockOptions },
): Promise<{ id: string; number: string; dueOn: string }> {
  const { orderId, now } = input;
  const [placed] = await tx<OrderRow[]>`select * from orders where id = ${orderId}`;
  const ready = await readyByFor(tx, { at: now, rush: placed.rush_order, work: await workOfOrder(tx, placed), clock: input.clock, excludeOrderId: orderId });
  await tx`update orders set ready_by = ${ready.readyBy}, updated_at = now() where id = ${orderId}`;
  await addJob(tx, 'orders__render_receipt', { orderId }, { jobKey: `receipt:${orderId}`, maxAttempts: 8 });
  await queuePrintWork(tx, { orderId, reprint: placed.print_positions !== null });
  const dueOn = dueOnFor(now, input.terms, input.clock);
  const invoice = await issueInvoice(tx, { firmId: input.firmId, orderId, amountCents: placed.total_cents, issuedAt: now, dueOn });
  return { id: invoice.id, number: invoice.number, dueOn };
}

/**
 * The order side of a settled invoice (invoices/commands/markInvoicePaid.ts, in its transaction):
 * the order becomes paid, once. A card payment is recorded on the order (its intent and card), so a
 * later refund of it reaches the order through the usual reconciliation.
 */
export async function markInvoicedOrderPaid(
  tx: Queryable,
  input: { orderId: string; card: { paymentIntentId: string; cardBrand?: string | null; cardLast4?: string | null } | null },
): Promise<void> {
  const { card } = input;
  const [order] = await tx<{ status: string }[]>`
    update orders set payment_status = 'paid', paid_at = now(), updated_at = now(),
      payment_intent_id = coalesce(payment_intent_id, ${card?.paymentIntentId ?? null}),
      card_brand = coalesce(card_brand, ${card?.cardBrand ?? null}), card_last4 = coalesce(card_last4, ${card?.cardLast4 ?? null})
    where id = ${input.orderId} and payment_status in ${tx(paymentSourcesOf('paid', 'invoice'))}
    returning status`;
  // A card payment for an order the counter cancelled meanwhile (its invoice was void): returned, as markPaid does.
  if (card && order?.status === 'failed') {
    await addJob(tx, 'orders__refund_cancelled', { orderId: input.orderId }, { jobKey: `refund:${input.orderId}`, maxAttempts: 12 });
  }
}
