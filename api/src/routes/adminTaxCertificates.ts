/**
 * The counter's view of tax-exempt certificates: the list (pending first), each file, the decision
 * (verify, or reject with a reason the owner reads; verify again one without an expiry date in its
 * last month), and withdrawing a verified one with a reason the owners are emailed. Admin session
 * only (401 otherwise).
 */
import { Router } from 'express';
import { z } from 'zod';
import type { AppContext } from '#core/context';
import { notFound } from '#core/lib/errors';
import { certificateById, certificatesForAdmin } from '#core/firms/certificates';
import { decideCertificate, withdrawCertificate } from '#core/firms/commands/certificates';
import { StorageNotFoundError } from '#core/services/storage/index';
import { requireAdmin } from '../http/sessions';
import { validate } from '../middleware/validate';
import { uuidField } from '#shared/fields';
import { RejectCertificateSchema, WithdrawCertificateSchema } from '#shared/firm';
import { counterToday } from '../http/invoices';
import { shopFacts } from '#shared/shop';

const certificateParams = validate({ params: z.object({ id: uuidField }) }, 'Certificate not found.');
const rejectInput = validate({ params: z.object({ id: uuidField }), body: RejectCertificateSchema }, 'Certificate not found.');
const withdrawInput = validate({ params: z.object({ id: uuidField }), body: WithdrawCertificateSchema }, 'Certificate not found.');

export function adminTaxCertificateRoutes(ctx: AppContext): Router {
  const router = Router();

  router.get('/api/admin/tax-certificates', requireAdmin, async (_req, res) => {
    res.set('Cache-Control', 'no-store');
    res.json(await certificatesForAdmin(ctx.sql, counterToday(ctx)));
  });

  router.get('/api/admin/tax-certificates/:id/file', requireAdmin, certificateParams, async (req, res) => {
    const row = await certificateById(ctx.sql, certificateParams.input(req).params.id);
    if (!row) throw notFound('Certificate not found.');
    try {
      const stream = await ctx.storage.get(row.file_key);
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      res.set('Cache-Control', 'private, no-store');
      res.set('Content-Type', row.content_type);
      res.set('Content-Disposition', `inline; filename="certificate-${row.id}"`);
      res.send(Buffer.concat(chunks));
    } catch (error) {
      if (error instanceof StorageNotFoundError) throw notFound('The certificate file is gone.');
      throw error;
    }
  });

  router.post('/api/admin/tax-certificates/:id/verify', requireAdmin, certificateParams, async (req, res) => {
    const id = certificateParams.input(req).params.id;
    res.json(await ctx.sql.begin((tx) => decideCertificate(tx, { id, status: 'verified', reason: null, today: counterToday(ctx), shop: shopFacts(ctx.env) })));
  });

  router.post('/api/admin/tax-certificates/:id/reject', requireAdmin, rejectInput, async (req, res) => {
    const { params, body } = rejectInput.input(req);
    const decision = { id: params.id, status: 'rejected' as const, reason: body.reason, today: counterToday(ctx), shop: shopFacts(ctx.env) };
    res.json(await ctx.sql.begin((tx) => decideCertificate(tx, decision)));
  });

  router.post('/api/admin/tax-certificates/:id/withdraw', requireAdmin, withdrawInput, async (req, res) => {
    const { params, body } = withdrawInput.input(req);
    const withdrawal = {
      id: params.id,
      firmId: null,
      by: { actor: 'counter' as const },
      reason: body.reason,
      today: counterToday(ctx),
      shop: shopFacts(ctx.env),
    };
    res.json(await ctx.sql.begin((tx) => withdrawCertificate(tx, withdrawal)));
  });

  return router;
}
