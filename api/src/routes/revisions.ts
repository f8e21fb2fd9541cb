/**
 * /api/revisions: start comparing a new issue of a set with the issue printed before, read the
 * comparison, and fetch a changed sheet's overlay (docs/decisions/029-revisions.md). A revision is
 * shown to whoever started it, the admin, and whoever may see the previous order (lib/orderAccess.ts);
 * anyone else, and any malformed id, gets 404.
 */
import { Router } from 'express';
import { z } from 'zod';
import type { AppContext } from '#core/context';
import type { Queryable } from '#core/lib/db';
import { badRequest, HttpError, notFound } from '#core/lib/errors';
import { startRevision } from '#core/revisions/commands';
import { holdersOf } from '#core/revisions/holders';
import { PREVIOUS_FILES_GONE_MESSAGE } from '#core/revisions/plan';
import { orderIssueUploads } from '#core/revisions/previous';
import { hasOverlay, ownedUploadVerdicts, previousOrderOf, removedSheetsOf, revisionSheetsOf, type UploadOwner } from '#core/revisions/queries';
import { StorageNotFoundError } from '#core/services/storage/index';
import { revisionOverlayKey } from '#core/services/storage/keys';
import { canReadOrder } from '../http/orderAccess';
import { readableRevision, REVISION_NOT_FOUND } from '../http/revisionAccess';
import { ensureSession } from '../http/sessions';
import { validate } from '../middleware/validate';
import { presentRevision } from '../presenters/revision';
import { uuidField } from '#shared/fields';
import { StartRevisionSchema } from '#shared/revisions';

const NOT_FOUND = REVISION_NOT_FOUND;
const startBody = validate({ body: StartRevisionSchema });
const revisionParams = validate({ params: z.object({ id: uuidField }) }, NOT_FOUND);
const overlayInput = validate(
  {
    params: z.object({ id: uuidField, position: z.coerce.number().int().min(1).max(100_000) }),
    query: z.object({ size: z.enum(['large']).optional() }).loose(),
  },
  NOT_FOUND,
);

/**
 * The uploads named, in the order given, when every one is this browser's (or account's) and can be
 * printed; 404 for one that is not theirs, 400 for one that was turned down.
 */
async function ownUploads(sql: Queryable, ids: string[], who: UploadOwner): Promise<string[]> {
  const rows = await ownedUploadVerdicts(sql, ids, who);
  if (rows.length !== ids.length) throw notFound('That upload was not found. Please upload your drawing again.');
  const rejected = rows.find((r) => r.status === 'rejected');
  if (rejected) throw badRequest(rejected.message ?? 'This drawing cannot be printed. Please upload another file.');
  return ids;
}

export function revisionRoutes(ctx: AppContext): Router {
  const router = Router();

  router.post('/api/revisions', startBody, async (req, res) => {
    const body = startBody.input(req).body;
    const who = { sid: req.shop.sid, userId: req.shop.userId };
    let previousOrderId: string | null = null;
    let previousUploadIds: string[];
    if ('previousOrderId' in body) {
      const order = await previousOrderOf(ctx.sql, body.previousOrderId);
      // A firm's sets are shared: any member may start a revision of the firm's order.
      if (!order || !(await canReadOrder(ctx.sql, req, order))) throw notFound('Order not found.');
      const kept = await orderIssueUploads(ctx, order);
      if (!kept) throw new HttpError(409, 'previous_files_deleted', PREVIOUS_FILES_GONE_MESSAGE);
      previousOrderId = order.id;
      previousUploadIds = kept;
    } else {
      previousUploadIds = await ownUploads(ctx.sql, body.previousUploadIds, who);
    }
    const uploadIds = await ownUploads(ctx.sql, body.uploadIds, who);
    const sid = await ensureSession(req, ctx.sql);
    const revisionId = await ctx.sql.begin((tx) => startRevision(tx, { previousOrderId, previousUploadIds, uploadIds, sessionSid: sid, userId: who.userId }));
    res.status(202).json({ revisionId, status: 'comparing' });
  });

  router.get('/api/revisions/:id', revisionParams, async (req, res) => {
    const revision = await readableRevision(ctx.sql, req, revisionParams.input(req).params.id);
    const [sheets, removed] = await Promise.all([revisionSheetsOf(ctx.sql, revision.id), removedSheetsOf(ctx.sql, revision.id)]);
    const token = typeof req.query.token === 'string' ? req.query.token : null;
    // The holders are shown for a previous order sent to recipients (a customer alone holds it all).
    const printed = sheets.filter((s) => s.change !== 'unchanged').map((s) => s.position);
    const holders = revision.status === 'ready' ? await holdersOf(ctx.sql, { id: revision.id, previousOrderId: revision.previous_order_id }, printed) : null;
    const listed = holders && holders.some((h) => h.package.id !== null) ? holders : [];
    res.set('Cache-Control', 'private, no-store');
    res.json(presentRevision(revision, sheets, removed, token, listed));
  });

  router.get('/api/revisions/:id/sheets/:position/overlay.png', overlayInput, async (req, res) => {
    const { params, query } = overlayInput.input(req);
    const revision = await readableRevision(ctx.sql, req, params.id);
    if (!(await hasOverlay(ctx.sql, revision.id, params.position))) throw notFound('This sheet has no overlay.');
    let stream;
    try {
      stream = await ctx.storage.get(revisionOverlayKey(revision.id, params.position, query.size === 'large'));
    } catch (error) {
      if (error instanceof StorageNotFoundError) throw notFound('This sheet has no overlay.');
      throw error;
    }
    res.set('Content-Type', 'image/png');
    res.set('Cache-Control', 'private, max-age=3600');
    stream.pipe(res);
  });

  return router;
}
