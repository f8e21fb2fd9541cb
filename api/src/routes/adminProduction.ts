/**
 * The counter's production: the printers batches go to, the queue of batches not yet printed (and
 * those printed lately), sending one to a printer (the printing itself is the `print_batches__print`
 * job) and reprinting a batch's spoiled pages.
 */
import { Router } from 'express';
import { z } from 'zod';
import { uuidField } from '#shared/fields';
import { printerInput, printerPatch, reprintInput, sendBatchInput } from '#shared/production';
import type { AppContext } from '#core/context';
import { notFound } from '#core/lib/errors';
import { listPrinters, printerById } from '#core/production/printers';
import { productionQueue, printBatchById } from '#core/production/queries';
import { recentlyPrinted } from '#core/production/recentlyPrinted';
import { addPrinter, changePrinter, removePrinter } from '#core/production/commands/printers';
import { reprintBatch, sendBatch } from '#core/production/commands/printBatches';
import { validate } from '../middleware/validate';
import { requireAdmin } from '../http/sessions';
import { presentPrinter, presentQueueBatch } from '../presenters/production';

const printerParams = z.object({ printerId: uuidField });
const newPrinter = validate({ body: printerInput });
const patchPrinter = validate({ params: printerParams, body: printerPatch }, 'Printer not found.');
const onePrinter = validate({ params: printerParams }, 'Printer not found.');
const reprint = validate({ params: z.object({ batchId: uuidField }), body: reprintInput }, 'Batch not found.');
const send = validate({ params: z.object({ batchId: uuidField }), body: sendBatchInput }, 'Batch not found.');

export function adminProductionRoutes(ctx: AppContext): Router {
  const router = Router();

  router.get('/api/admin/printers', requireAdmin, async (_req, res) => {
    res.json((await listPrinters(ctx.sql)).map(presentPrinter));
  });

  router.post('/api/admin/printers', requireAdmin, newPrinter, async (req, res) => {
    const row = await ctx.sql.begin((tx) => addPrinter(tx, newPrinter.input(req).body));
    res.status(201).json(presentPrinter(row));
  });

  router.get('/api/admin/printers/:printerId', requireAdmin, onePrinter, async (req, res) => {
    const row = await printerById(ctx.sql, onePrinter.input(req).params.printerId);
    if (!row) throw notFound('Printer not found.');
    res.json(presentPrinter(row));
  });

  router.patch('/api/admin/printers/:printerId', requireAdmin, patchPrinter, async (req, res) => {
    const { params, body } = patchPrinter.input(req);
    const row = await ctx.sql.begin((tx) => changePrinter(tx, { printerId: params.printerId, patch: body }));
    res.json(presentPrinter(row));
  });

  router.delete('/api/admin/printers/:printerId', requireAdmin, onePrinter, async (req, res) => {
    await ctx.sql.begin((tx) => removePrinter(tx, { printerId: onePrinter.input(req).params.printerId }));
    res.status(204).end();
  });

  router.get('/api/admin/production', requireAdmin, async (_req, res) => {
    res.json((await productionQueue(ctx.sql)).map(presentQueueBatch));
  });

  // What printed lately, for a spoiled sheet's reprint (the queue lists only what is not printed).
  router.get('/api/admin/production/printed', requireAdmin, async (_req, res) => {
    res.json((await recentlyPrinted(ctx.sql)).map(presentQueueBatch));
  });

  router.post('/api/admin/production/:batchId/send', requireAdmin, send, async (req, res) => {
    const { params, body } = send.input(req);
    await ctx.sql.begin((tx) => sendBatch(tx, { batchId: params.batchId, printerId: body.printerId }));
    const queued = (await productionQueue(ctx.sql)).find((b) => b.id === params.batchId);
    if (queued) return res.json(presentQueueBatch(queued));
    const batch = await printBatchById(ctx.sql, params.batchId);
    if (!batch) throw notFound('Batch not found.');
    res.json({ batchId: batch.id, state: batch.state, printerId: batch.printer_id, message: batch.message });
  });

  // A spoiled sheet: a batch of just those pages, built by the worker, then waiting in the queue.
  router.post('/api/admin/production/:batchId/reprint', requireAdmin, reprint, async (req, res) => {
    const { params, body } = reprint.input(req);
    const row = await ctx.sql.begin((tx) => reprintBatch(tx, { batchId: params.batchId, pages: body.pages }));
    res.status(202).json({ batchId: row.id, reprintOf: row.reprint_of, state: row.state, message: row.message });
  });

  return router;
}
