/**
 * Zip exports of order PDFs: the request writes an `exports` row and its job in one transaction;
 * the worker (`exports__build`) streams the zip into storage and keeps processed/total current for
 * the page, which polls every second and then downloads.
 */
import { Router } from 'express';
import { z } from 'zod';
import type { AppContext } from '#core/context';
import { conflict, notFound } from '#core/lib/errors';
import { requestExport } from '#core/exports/commands/exports';
import { exportById, type ExportRow } from '#core/exports/queries';
import { requireAdmin } from '../http/sessions';
import { contentDisposition, sendStoredFile } from '../http/files';
import { validate } from '../middleware/validate';
import { uuidField } from '#shared/fields';

export const EXPORT_MAX_ORDERS = 2000;

const ExportBody = z.object({
  orderIds: z
    .array(z.uuid({ error: 'Every order id must be an order id' }), { error: 'Please select orders to export' })
    .min(1, 'Please select orders to export')
    .max(EXPORT_MAX_ORDERS, `Export at most ${EXPORT_MAX_ORDERS} orders at a time`),
  exportFormat: z.literal('zip', { error: 'exportFormat must be "zip"' }).default('zip'),
});

/** The contract's export status JSON. */
export function presentExport(row: ExportRow) {
  const progress = row.status === 'completed' ? 100 : row.total_files > 0 ? Math.floor((row.processed_files / row.total_files) * 100) : 0;
  return {
    exportId: row.id,
    status: row.status,
    progress,
    totalFiles: row.total_files,
    processedFiles: row.processed_files,
    error: row.error,
    createdAt: row.created_at.toISOString(),
    completedAt: row.completed_at?.toISOString() ?? null,
  };
}

const exportBody = validate({ body: ExportBody });
const exportParams = validate({ params: z.object({ exportId: uuidField }) }, 'Export not found. Exports are kept for 24 hours.');

export function adminExportRoutes(ctx: AppContext): Router {
  const router = Router();

  router.post('/api/admin/export-files', requireAdmin, exportBody, async (req, res) => {
    const { body } = exportBody.input(req);
    const ids = [...new Set(body.orderIds)];
    const admin = req.shop.adminUsername ?? 'admin';
    const exportId = await ctx.sql.begin((tx) => requestExport(tx, { requestedBy: admin, orderIds: ids }));
    res.json({ exportId, status: 'processing' });
  });

  router.get('/api/admin/export-status/:exportId', requireAdmin, exportParams, async (req, res) => {
    const id = exportParams.input(req).params.exportId;
    const row = await exportById(ctx.sql, id);
    if (!row) throw notFound('Export not found.');
    res.set('Cache-Control', 'no-store');
    res.json(presentExport(row));
  });

  router.get('/api/admin/export-download/:exportId', requireAdmin, exportParams, async (req, res) => {
    const id = exportParams.input(req).params.exportId;
    const row = await exportById(ctx.sql, id);
    if (!row) throw notFound('Export not found. Exports are kept for 24 hours.');
    if (row.status !== 'completed' || !row.storage_key) throw conflict(row.status === 'failed' ? 'This export failed.' : 'This export is not finished yet.');
    const name = `blueprint-export-${row.created_at.toISOString().slice(0, 10)}-${id.slice(-8)}.zip`;
    await sendStoredFile(
      ctx.storage,
      res,
      row.storage_key,
      { 'Content-Type': 'application/zip', 'Content-Disposition': contentDisposition('attachment', name) },
      'This export has expired. Exports are kept for 24 hours.',
    );
  });

  return router;
}
