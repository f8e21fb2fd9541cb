/**
 * "Your card payment for invoice INV-… was refunded": sent to the firm's owners (any of them may have
 * paid it from the firm page) when a card payment landed on an invoice the counter had already marked
 * paid, and was given back. Each address once (keyed by invoice and address, so a task run twice
 * sends nothing twice). It names the day the counter marked it paid and promises no bank's timing,
 * since the refund's arrival is the card issuer's.
 */
import { longDayText, shopDay } from '#shared/clock';
import { orderNumberOf } from '#shared/fields';
import { invoiceNumberText } from '#shared/invoice';
import { formatCents } from '#shared/money';
import type { ShopFacts } from '#shared/shop';
import type { Queryable } from '../lib/db';
import { queueEmail } from '../services/email/index';
import { firmOwners } from '../firms/membership';
import { questionsLine } from './closing';

type ReturnedInvoice = { id: string; number: string | number; firm_id: string; order_id: string; amount_cents: number; paid_at: Date };

/** Queues the refund notice to every owner of the invoice's firm. */
export async function queuePaymentReturnedEmails(tx: Queryable, input: { invoice: ReturnedInvoice; shop: ShopFacts }): Promise<void> {
  const { invoice, shop } = input;
  const number = invoiceNumberText(invoice.number);
  const amount = formatCents(invoice.amount_cents);
  const settledOn = longDayText(shopDay(invoice.paid_at, shop));
  const owners = await firmOwners(tx, invoice.firm_id);
  for (const owner of owners) {
    const to = owner.email.toLowerCase();
    await queueEmail(tx, {
      idempotencyKey: `invoice:${invoice.id}:duplicate-refund:${to}`,
      to,
      kind: 'invoice_payment_returned',
      orderId: invoice.order_id,
      userId: owner.id,
      subject: `Your card payment for invoice ${number} was refunded`,
      text:
        `Hello,\n\nInvoice ${number} (order ${orderNumberOf(invoice.order_id)}, ${amount}) was already marked paid at our counter on ${settledOn}, ` +
        `so the card payment of ${amount} made for it afterwards was refunded to the same card. Nothing more is owed on this invoice. ` +
        `It can take your bank a few days to show the refund.\n\n` +
        `${questionsLine(shop)}\n\n${shop.name}`,
    });
  }
}
