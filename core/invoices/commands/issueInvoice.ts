/**
 * An invoice's document: issued with its order when the order is placed on the firm's account
 * (orders/commands/invoices.ts, in the order's transaction), then drawn as a PDF by
 * `invoices__render_pdf`, which records where it is stored.
 */
import { addJob, type Queryable } from '../../lib/db';

/**
 * Issues the invoice of an order placed on account (its number from the shop's one sequence) and
 * queues its PDF. Call it in the order's transaction, so there is never an order without its invoice.
 */
export async function issueInvoice(
  tx: Queryable,
  input: { firmId: string; orderId: string; amountCents: number; issuedAt: Date; dueOn: string },
): Promise<{ id: string; number: string }> {
  const [invoice] = await tx<{ id: string; number: string }[]>`
    insert into invoices (firm_id, order_id, amount_cents, issued_at, due_on)
    values (${input.firmId}, ${input.orderId}, ${input.amountCents}, ${input.issuedAt}, ${input.dueOn})
    returning id, number::text as number`;
  await addJob(tx, 'invoices__render_pdf', { invoiceId: invoice.id }, { jobKey: `invoice:${invoice.id}`, maxAttempts: 8 });
  return invoice;
}

/** Records where the invoice's PDF is stored. */
export async function recordInvoicePdf(tx: Queryable, input: { invoiceId: string; key: string }): Promise<void> {
  await tx`update invoices set pdf_key = ${input.key} where id = ${input.invoiceId}`;
}
