/**
 * Draws an invoice's PDF into storage (one fixed key per invoice, so a re-run overwrites rather
 * than duplicates), records it, then queues the invoice email to the firm's owners and the placer
 * with the PDF attached. The emails' idempotency keys make them one each however often this runs.
 */
import { shopFacts } from '#shared/shop';
import { shopDay } from '#shared/clock';
import type { OrderRow } from '#core/orders/orderRow';
import { invoiceById } from '#core/firms/invoices';
import { recordInvoicePdf } from '#core/invoices/commands/issueInvoice';
import { renderInvoice } from '#core/firms/invoicePdf';
import { queueInvoiceEmails } from '#core/emails/invoiceIssued';
import { invoiceKey } from '#core/services/storage/keys';
import type { FirmTerms } from '#shared/invoice';
import { defineTask } from '../task';

export default defineTask({
  name: 'invoices__render_pdf',
  async run({ invoiceId }, ctx) {
    const shop = shopFacts(ctx.env);
    const invoice = await invoiceById(ctx.sql, { invoiceId, today: shopDay(new Date(), shop) });
    if (!invoice) return ctx.log.warn('invoices__render_pdf: invoice is gone', { invoiceId });
    const [order] = await ctx.sql<OrderRow[]>`select * from orders where id = ${invoice.order_id}`;
    const [firm] = await ctx.sql<{ name: string; terms: FirmTerms | null }[]>`select name, terms from firms where id = ${invoice.firm_id}`;
    if (!order || !firm) return ctx.log.warn('invoices__render_pdf: order or firm is gone', { invoiceId });
    const key = invoiceKey(invoice.id);
    if (invoice.pdf_key !== key || (await ctx.storage.stat(key)) === null) {
      const placedBy = `${order.customer_first_name} ${order.customer_last_name}`.trim() || order.customer_email;
      // Terms closed since the order was placed: the invoice was still issued on Net 30.
      const pdf = await renderInvoice(invoice, order, { firmName: firm.name, terms: firm.terms ?? 'net30', placedBy, appUrl: ctx.env.APP_URL }, shop);
      await ctx.storage.put(key, pdf, { contentType: 'application/pdf', contentLength: pdf.length });
    }
    await ctx.sql.begin(async (tx) => {
      await recordInvoicePdf(tx, { invoiceId: invoice.id, key });
      await queueInvoiceEmails(tx, {
        invoice,
        firmName: firm.name,
        placer: { email: order.customer_email, userId: order.placed_by_user_id ?? order.user_id },
        pdfKey: key,
        appUrl: ctx.env.APP_URL,
        shop,
      });
    });
  },
});
