/**
 * The counter's view of firms and of paying on account: every firm with its terms, opening or
 * closing Net 30 terms with a credit limit, the invoices by status (overdue ones first among the
 * open) with their PDFs, and marking an invoice paid (a check or a transfer came in). Admin session
 * only (401 otherwise).
 */
import { Router } from 'express';
import { z } from 'zod';
import type { AppContext } from '#core/context';
import { firmsForAdmin, firmTerms, invoiceById, invoicesForAdmin, toInvoiceJson } from '#core/firms/invoices';
import { setFirmTerms } from '#core/firms/commands/firms';
import { markInvoicePaid } from '#core/invoices/commands/markInvoicePaid';
import { dollarsToCents } from '#shared/money';
import { paymentReferenceField, uuidField } from '#shared/fields';
import { FirmTermsSchema } from '#shared/invoice';
import { requireAdmin } from '../http/sessions';
import { counterToday, INVOICE_NOT_FOUND, invoicePdf, sendInvoicePdf } from '../http/invoices';
import { validate } from '../middleware/validate';

const termsInput = validate({ params: z.object({ firmId: uuidField }), body: FirmTermsSchema }, 'Firm not found.');
const invoiceList = validate({
  query: z.object({ status: z.enum(['open', 'overdue', 'paid'], { error: 'status must be open, overdue or paid' }).optional() }),
});
const invoiceParams = validate({ params: z.object({ invoiceId: uuidField }) }, INVOICE_NOT_FOUND);
/** The counter's reference for the payment (a check number, a transfer id); optional. */
const markPaidBody = validate({ body: z.object({ reference: paymentReferenceField }) });

export function adminFirmRoutes(ctx: AppContext): Router {
  const router = Router();

  router.get('/api/admin/firms', requireAdmin, async (_req, res) => {
    res.set('Cache-Control', 'no-store');
    res.json(await firmsForAdmin(ctx.sql, counterToday(ctx)));
  });

  router.patch('/api/admin/firms/:firmId', requireAdmin, termsInput, async (req, res) => {
    const { params, body } = termsInput.input(req);
    const creditLimitCents = body.terms && body.creditLimit != null ? dollarsToCents(body.creditLimit) : null;
    await ctx.sql.begin((tx) => setFirmTerms(tx, { firmId: params.firmId, terms: body.terms, creditLimitCents }));
    res.json({ firmId: params.firmId, ...(await firmTerms(ctx.sql, params.firmId)) });
  });

  router.get('/api/admin/invoices', requireAdmin, invoiceList, async (req, res) => {
    res.set('Cache-Control', 'no-store');
    res.json(await invoicesForAdmin(ctx.sql, { status: invoiceList.input(req).query.status ?? null, today: counterToday(ctx) }));
  });

  router.get('/api/admin/invoices/:invoiceId/pdf', requireAdmin, invoiceParams, async (req, res) => {
    sendInvoicePdf(res, await invoicePdf(ctx, { invoiceId: invoiceParams.input(req).params.invoiceId }), req.query.download === 'true');
  });

  router.post('/api/admin/invoices/:invoiceId/mark-paid', requireAdmin, invoiceParams, markPaidBody, async (req, res) => {
    const { invoiceId } = invoiceParams.input(req).params;
    const { reference } = markPaidBody.input(req).body;
    const today = counterToday(ctx);
    const invoice = await ctx.sql.begin(async (tx) => {
      // 404 for no such invoice, 409 (the table's sentence) for a paid or void one.
      await markInvoicePaid(tx, { invoiceId, payment: { paidBy: 'admin', reference } });
      return invoiceById(tx, { invoiceId, today });
    });
    res.json(invoice && toInvoiceJson(invoice));
  });

  return router;
}
