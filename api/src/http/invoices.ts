/**
 * What the firm's and the counter's invoice routes share: the counter's today (which invoices are
 * overdue), an invoice's PDF drawn on request (so a paid invoice reads "Paid"), and the owner's card
 * payment of an invoice (one intent per invoice, reconciled by the usual payment job).
 */
import type { Response } from 'express';
import type { AppContext } from '#core/context';
import { badRequest, conflict, notFound, serviceUnavailable } from '#core/lib/errors';
import { invoiceById } from '#core/firms/invoices';
import { attachInvoicePayment, INVOICE_NOT_FOUND } from '#core/invoices/commands/markInvoicePaid';
import { moveInvoice } from '#core/invoices/invoiceMoves';
import { renderInvoice } from '#core/firms/invoicePdf';
import type { OrderRow } from '#core/orders/orderRow';
import { DemoPayments } from '#core/services/payments/demo';
import { PaymentProviderError } from '#core/services/payments/index';
import { enqueueReconcile } from '#core/services/payments/jobs';
import { shopDay } from '#shared/clock';
import { centsToDecimal, invoiceNumberText, type FirmTerms } from '#shared/invoice';
import { shopFacts } from '#shared/shop';

export { INVOICE_NOT_FOUND };

/** The counter's day now (YYYY-MM-DD), by the shop clock. */
export function counterToday(ctx: AppContext): string {
  return shopDay(new Date(), shopFacts(ctx.env));
}

/** The invoice's PDF as it stands now; 404 when there is no such invoice (of this firm, when given). */
export async function invoicePdf(ctx: AppContext, input: { invoiceId: string; firmId?: string }): Promise<{ bytes: Buffer; number: string }> {
  const invoice = await invoiceById(ctx.sql, { ...input, today: counterToday(ctx) });
  if (!invoice) throw notFound(INVOICE_NOT_FOUND);
  const [order] = await ctx.sql<OrderRow[]>`select * from orders where id = ${invoice.order_id}`;
  const [firm] = await ctx.sql<{ name: string; terms: FirmTerms | null }[]>`select name, terms from firms where id = ${invoice.firm_id}`;
  if (!order || !firm) throw notFound(INVOICE_NOT_FOUND);
  const placedBy = `${order.customer_first_name} ${order.customer_last_name}`.trim() || order.customer_email;
  const parties = { firmName: firm.name, terms: firm.terms ?? 'net30', placedBy, appUrl: ctx.env.APP_URL };
  return { bytes: await renderInvoice(invoice, order, parties, shopFacts(ctx.env)), number: invoiceNumberText(invoice.number) };
}

/** Sends an invoice PDF, inline unless asked to download. */
export function sendInvoicePdf(res: Response, pdf: { bytes: Buffer; number: string }, download: boolean): void {
  res.set('Cache-Control', 'private, no-store');
  res.set('Content-Type', 'application/pdf');
  res.set('Content-Disposition', `${download ? 'attachment' : 'inline'}; filename="invoice-${pdf.number}.pdf"`);
  res.send(pdf.bytes);
}

/** The answer to "pay by card": the intent for the browser's card form, or (test mode, card given) the outcome. */
export type InvoicePayAnswer =
  | { invoiceId: string; clientSecret: string; provider: 'stripe' | 'demo'; amount: string }
  | { invoiceId: string; status: 'succeeded' | 'declined'; message?: string };

/**
 * The owner pays an open or overdue invoice by card: its one intent is created (or re-read), and
 * with the built-in provider and a card number it is confirmed at once. 409 for a paid or void
 * invoice. The invoice becomes paid when reconciliation sees the payment succeed.
 */
export async function payInvoice(
  ctx: AppContext,
  input: { firmId: string; invoiceId: string; ownerId: string; cardNumber: string | null },
): Promise<InvoicePayAnswer> {
  const payments = ctx.payments;
  if (!payments) throw serviceUnavailable('Payments are not available right now.');
  if (input.cardNumber && !(payments instanceof DemoPayments)) throw badRequest('Please enter the card in the payment form.');
  return ctx.sql.begin(async (tx) => {
    await tx`select id from invoices where id = ${input.invoiceId} and firm_id = ${input.firmId} for update`;
    const invoice = await invoiceById(tx, { invoiceId: input.invoiceId, firmId: input.firmId, today: counterToday(ctx) });
    if (!invoice) throw notFound(INVOICE_NOT_FOUND);
    const number = invoiceNumberText(invoice.number);
    const move = moveInvoice(invoice, 'paid', 'owner');
    if (move.kind === 'refused') throw conflict(move.reason);
    let intent: { id: string; clientSecret: string };
    try {
      if (invoice.payment_intent_id) {
        intent = {
          id: invoice.payment_intent_id,
          clientSecret: (await payments.updateIntent(tx, invoice.payment_intent_id, invoice.amount_cents)).clientSecret,
        };
      } else {
        const [owner] = await tx<{ email: string }[]>`select email from users where id = ${input.ownerId}`;
        intent = await payments.createIntent(tx, {
          orderId: invoice.order_id,
          amountCents: invoice.amount_cents,
          email: owner?.email ?? null,
          invoiceId: invoice.id,
        });
        await attachInvoicePayment(tx, { invoiceId: invoice.id, paymentIntentId: intent.id });
      }
    } catch (error) {
      if (!(error instanceof PaymentProviderError) || error.retryable)
        throw serviceUnavailable('The payment provider is not answering. Please try again in a moment.');
      // Most likely the card payment already went through: have it recorded, and say so.
      if (invoice.payment_intent_id) await enqueueReconcile(tx, invoice.payment_intent_id);
      throw conflict(`The card payment of invoice ${number} is already complete: it is being recorded.`);
    }
    if (input.cardNumber && payments instanceof DemoPayments) {
      try {
        const outcome = await payments.confirm(tx, intent.id, input.cardNumber);
        if (outcome.status === 'succeeded') await enqueueReconcile(tx, intent.id);
        return { invoiceId: invoice.id, status: outcome.status, ...(outcome.message ? { message: outcome.message } : {}) };
      } catch (error) {
        if (error instanceof PaymentProviderError) throw badRequest(error.message);
        throw error;
      }
    }
    return { invoiceId: invoice.id, clientSecret: intent.clientSecret, provider: payments.name, amount: centsToDecimal(invoice.amount_cents) };
  });
}
