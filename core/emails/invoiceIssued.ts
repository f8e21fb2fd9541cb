/**
 * "Invoice INV-… for order …": sent with the invoice PDF to the firm's owners and to the person who
 * placed the order (each address once), when an order is placed on the firm's account.
 */
import { longDayText } from '#shared/clock';
import { orderNumberOf } from '#shared/fields';
import { invoiceNumberText } from '#shared/invoice';
import { formatCents } from '#shared/money';
import type { ShopFacts } from '#shared/shop';
import type { Queryable } from '../lib/db';
import { queueEmail } from '../services/email/index';
import { firmOwners } from '../firms/membership';
import type { InvoiceRow } from '../firms/invoices';
import { questionsLine } from './closing';
import { quoted, theirWords } from './theirWords';

/** Queues the invoice email to every owner of the firm and to the placer; the PDF is stored under `pdfKey`. */
export async function queueInvoiceEmails(
  tx: Queryable,
  input: { invoice: InvoiceRow; firmName: string; placer: { email: string; userId: string | null }; pdfKey: string; appUrl: string; shop: ShopFacts },
): Promise<void> {
  const { invoice, shop } = input;
  const number = invoiceNumberText(invoice.number);
  const order = orderNumberOf(invoice.order_id);
  const owners = await firmOwners(tx, invoice.firm_id);
  const recipients = new Map<string, string | null>();
  for (const owner of owners) recipients.set(owner.email.toLowerCase(), owner.id);
  if (input.placer.email && !recipients.has(input.placer.email.toLowerCase())) recipients.set(input.placer.email.toLowerCase(), input.placer.userId);
  const about = [
    invoice.job_name && `Job name: ${theirWords(invoice.job_name)}`,
    invoice.po_number && `PO: ${theirWords(invoice.po_number)}`,
    invoice.project_code && `Project: ${theirWords(invoice.project_code)}`,
  ]
    .filter(Boolean)
    .join('\n');
  for (const [to, userId] of recipients) {
    await queueEmail(tx, {
      idempotencyKey: `invoice:${invoice.id}:issued:${to}`,
      to,
      kind: 'invoice_issued',
      orderId: invoice.order_id,
      userId,
      subject: `Invoice ${number} for order ${order}: ${formatCents(invoice.amount_cents)} due ${longDayText(invoice.due_on)}`,
      text:
        `Hello,\n\nOrder ${order} was placed on the account of the firm ${quoted(input.firmName)}. The invoice is attached.\n\n` +
        `Invoice: ${number}\nAmount: ${formatCents(invoice.amount_cents)}\nDue: ${longDayText(invoice.due_on)} (Net 30)\n${about ? `${about}\n` : ''}\n` +
        `The firm's owner can pay it by card from the firm page: ${input.appUrl}/firm\n` +
        `${questionsLine(shop)}\n\n${shop.name}`,
      attachments: [{ filename: `invoice-${number}.pdf`, storageKey: input.pdfKey, contentType: 'application/pdf' }],
    });
  }
}
