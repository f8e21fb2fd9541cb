/**
 * Uploads. `POST /api/upload-pdf` streams one PDF (multipart field `pdf`, read by http/multipart.ts) straight to
 * storage, checking the `%PDF-` signature and the 50 MB limit on the way, then writes the `uploads`
 * row and its `uploads__analyze` job in one transaction and answers 202; it works with either store.
 * `POST /api/uploads` says which way the browser should send a file: with S3 a presigned POST straight
 * to the bucket (the key and the limits are the server's), reported done with
 * `POST /api/uploads/{id}/complete`, after which the analysis checks the content as the route would
 * have; with local files the multipart route. `GET /api/uploads/{id}` reports the analysis;
 * `GET /api/uploads/{id}/preview/{page}` serves a sheet preview, `…/{page}/large` its enlarged one
 * (202 while the worker draws it); `POST /api/uploads/{id}/leave-out` asks for a refused file again
 * without the sheets no paper takes.
 */
import { uploadFileKey, uploadLargePreviewKey, uploadPreviewKey } from '#core/services/storage/keys';
import { StorageNotFoundError } from '#core/services/storage/types';
import { queueLargePreview } from '#core/uploads/commands/largePreview';
import { PRESIGNED_POST_SECONDS } from '#core/services/storage/leftovers';
import { hasPdfSignature, NOT_PDF_MESSAGE, PDF_SIGNATURE_WINDOW } from '#core/lib/pdfSignature';
import { createHash, randomUUID } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { uploadIntake, type UploadIntake } from '../http/uploadIntake';
import { readMultipart } from '../http/multipart';
import { Router, type Request } from 'express';
import { z } from 'zod';
import { isUuid } from '#shared/ids';
import { MAX_UPLOAD_BYTES } from '#shared/limits';
import {
  LeaveOutSchema,
  SORT_UPLOADS_PATH,
  uploadCompletePath,
  UploadStartSchema,
  UPLOAD_PDF_PATH,
  type LeftOutAccepted,
  type SheetOrderAnswer,
  type UploadAccepted,
  type UploadRoute,
} from '#shared/upload';
import { uploadIdsField, uuidField } from '#shared/fields';
import { sortSheetPositions } from '#shared/sheetOrder';
import { setSheetsOf } from '#core/uploads/sets';
import type { AppContext } from '#core/context';
import { completeUploadIntent, dropUploadIntent, openUploadIntent, recordUpload } from '#core/uploads/commands/receive';
import { leaveOutSheets } from '#core/uploads/commands/leaveOut';
import { badRequest, conflict, HttpError, notFound, payloadTooLarge, unsupportedMediaType } from '#core/lib/errors';
import { ensureSession } from '../http/sessions';
import { canAccessUpload, presentUpload, type UploadRow } from '../presenters/upload';
import { uploadById, uploadIntentById, uploadSheetsOf } from '#core/uploads/queries';
import type { Storage } from '#core/services/storage/index';
import { validate } from '../middleware/validate';

export const TOO_LARGE_MESSAGE = 'Your file is larger than 50 MB. Please upload a file smaller than 50MB.';
export { NOT_PDF_MESSAGE };
const NO_FILE_MESSAGE = 'Please choose a PDF file to upload (form field "pdf").';
export const ONE_FILE_MESSAGE = 'Please upload one PDF file at a time (one file, in the form field "pdf").';

/**
 * Passes bytes through once the first kilobyte has shown the PDF signature (415 otherwise), and
 * counts and hashes them on the way. Hashing a 64 KB read takes about 45 µs, and the intake paces
 * reads (`uploadIntake`), so it stays on the event loop: handing blocks to a thread cost more in
 * copies and garbage collection than it saved.
 */
class PdfGate extends Transform {
  size = 0;
  private readonly hash = createHash('sha256');
  private head: Buffer[] = [];
  private headLength = 0;
  private open = false;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.size += chunk.length;
    this.hash.update(chunk);
    if (this.open) return callback(null, chunk);
    this.head.push(chunk);
    this.headLength += chunk.length;
    if (this.headLength < PDF_SIGNATURE_WINDOW) return callback();
    this.release(callback);
  }

  override _flush(callback: TransformCallback): void {
    if (this.open) return callback();
    this.release(callback);
  }

  private release(callback: TransformCallback): void {
    const head = Buffer.concat(this.head);
    this.head = [];
    if (!hasPdfSignature(head)) return callback(unsupportedMediaType(NOT_PDF_MESSAGE));
    this.open = true;
    callback(null, head);
  }

  digest(): string {
    return this.hash.digest('hex');
  }
}

/** A file name safe to show and store: no folders, no control characters, at most 200 characters. */
export function cleanFileName(name: string | undefined): string {
  const base =
    (name ?? '')
      .split(/[\\/]/)
      .pop()
      ?.replace(/[\u0000-\u001f\u007f]/g, '')
      .trim() ?? '';
  if (!base) return 'drawing.pdf';
  return base.length > 200 ? `${base.slice(0, 196)}.pdf` : base;
}

/** A body that is not multipart/form-data: the wrong type (415), said the way to send it. */
const NOT_MULTIPART_MESSAGE = 'Send the PDF as multipart/form-data with one field named "pdf".';

type StoredFile = { uploadId: string; key: string; fileName: string; size: number; sha256: string };

/**
 * Streams the request's `pdf` part to storage. Rejects with 413 as soon as the file passes 50 MB and
 * with 415 when it is not a PDF, leaving nothing in storage either way.
 */
function receivePdf(req: Request, storage: Storage, intake: UploadIntake): Promise<StoredFile> {
  let stored: Promise<StoredFile> | null = null;
  let gate: PdfGate | null = null;
  let files = 0;
  let otherFileField: string | null = null;
  return readMultipart(req, {
    // Two files, so a second one is seen (and refused) instead of silently dropped. One byte over the
    // limit: busboy calls a file that reaches `fileSize` too large, and a file of exactly 50 MB is
    // within "at most 50 MB".
    limits: { fileSize: MAX_UPLOAD_BYTES + 1, files: 2, fields: 10, parts: 20, fieldSize: 1024 },
    notMultipart: unsupportedMediaType(NOT_MULTIPART_MESSAGE),
    unreadable: 'The upload could not be read. Please try again.',
    through: intake.through(),
    // A third file is past busboy's limit of two: it never reaches onFile.
    tooManyFiles: badRequest(ONE_FILE_MESSAGE),
    onFile({ field, stream, fileName }, fail) {
      files += 1;
      // More than one file (two PDFs, or another file beside the PDF): say so rather than pick one.
      if (files > 1) {
        stream.resume();
        return fail(badRequest(ONE_FILE_MESSAGE));
      }
      if (field !== 'pdf') {
        otherFileField = field;
        stream.resume();
        return;
      }
      const uploadId = randomUUID();
      const key = uploadFileKey(uploadId);
      const thisGate = new PdfGate();
      gate = thisGate;
      stream.on('limit', () => {
        thisGate.destroy(payloadTooLarge(TOO_LARGE_MESSAGE));
        // Keep reading (and dropping) the rest so the client gets its 413 instead of a stalled socket.
        stream.resume();
      });
      stream.on('error', (error: Error) => thisGate.destroy(error));
      thisGate.on('error', () => stream.resume());
      stream.pipe(thisGate);
      stored = storage.put(key, thisGate, { contentType: 'application/pdf' }).then(
        () => ({ uploadId, key, fileName: cleanFileName(fileName), size: thisGate.size, sha256: thisGate.digest() }),
        async (error: unknown) => {
          await storage.delete(key).catch(() => {});
          throw error;
        },
      );
      // A failed store answers at once (413 while the client is still sending), not after the body ends.
      stored.catch(fail);
    },
    done() {
      if (!stored)
        throw badRequest(otherFileField === null ? NO_FILE_MESSAGE : `${NO_FILE_MESSAGE} The file came in the field "${otherFileField.slice(0, 40)}".`);
      return stored;
    },
    onFail(error) {
      gate?.destroy(error instanceof Error ? error : new Error(String(error)));
      // A first file already stored in full is not wanted either.
      stored?.then((file) => storage.delete(file.key)).catch(() => {});
    },
  });
}

const startBody = validate({ body: UploadStartSchema });
const sortBody = validate({ body: z.object({ uploadIds: uploadIdsField }) });
const uploadParams = validate({ params: z.object({ uploadId: uuidField }) }, 'Upload not found.');
const leaveOutInput = validate({ params: z.object({ uploadId: uuidField }), body: LeaveOutSchema }, 'Upload not found.');

/**
 * A presigned upload the browser says is in the bucket: checks that the object is there and within
 * the limit, then moves the intent to an `uploads` row with its analysis job, in one transaction.
 * Asked again for an upload already completed, it answers the same (a retry after a lost answer).
 */
async function completeDirectUpload(ctx: AppContext, req: Request, uploadId: string): Promise<UploadAccepted> {
  const accepted = (row: { id: string; file_name: string; file_size: number | string; status?: UploadRow['status'] }): UploadAccepted => ({
    uploadId: row.id,
    fileName: row.file_name,
    fileSize: Number(row.file_size),
    status: row.status ?? 'analyzing',
  });
  const done = await uploadById(ctx.sql, uploadId);
  if (done) {
    if (!canAccessUpload(req, done)) throw notFound('Upload not found.');
    return accepted(done);
  }
  const intent = await uploadIntentById(ctx.sql, uploadId);
  if (!intent || !canAccessUpload(req, intent)) throw notFound('Upload not found. It may have expired: please upload the file again.');
  const stored = await ctx.storage.stat(intent.storage_key);
  if (!stored) throw conflict('Your file has not arrived yet. Please upload it again.');
  if (stored.size > MAX_UPLOAD_BYTES) {
    // The policy caps the size; a store that does not enforce it still gets no larger file in.
    await ctx.storage.delete(intent.storage_key);
    await dropUploadIntent(ctx.sql, { uploadId });
    throw payloadTooLarge(TOO_LARGE_MESSAGE);
  }
  const moved = await ctx.sql.begin((tx) => completeUploadIntent(tx, { uploadId, fileSize: stored.size }));
  // Another request completed it meanwhile.
  if (!moved) return completeDirectUpload(ctx, req, uploadId);
  return accepted({ id: intent.id, file_name: intent.file_name, file_size: stored.size });
}

export function uploadRoutes(ctx: AppContext): Router {
  const router = Router();
  const intake = uploadIntake(ctx.env.UPLOAD_INTAKE_MB_PER_SECOND);

  router.post(UPLOAD_PDF_PATH, async (req, res, next) => {
    try {
      if (!req.is('multipart/form-data')) throw unsupportedMediaType(NOT_MULTIPART_MESSAGE);
      const declared = Number(req.get('content-length') ?? 0);
      // Multipart framing adds a little; anything far past the limit is refused before reading it.
      if (declared > MAX_UPLOAD_BYTES + 1024 * 1024) throw payloadTooLarge(TOO_LARGE_MESSAGE);
      const file = await receivePdf(req, ctx.storage, intake);
      try {
        const sid = await ensureSession(req, ctx.sql);
        await ctx.sql.begin((tx) =>
          recordUpload(tx, {
            uploadId: file.uploadId,
            sessionSid: sid,
            userId: req.shop.userId,
            fileName: file.fileName,
            fileSize: file.size,
            storageKey: file.key,
            sha256: file.sha256,
          }),
        );
      } catch (error) {
        await ctx.storage.delete(file.key).catch(() => {});
        throw error;
      }
      const body: UploadAccepted = { uploadId: file.uploadId, fileName: file.fileName, fileSize: file.size, status: 'analyzing' };
      res.status(202).json(body);
    } catch (error) {
      next(error);
    }
  });

  router.post('/api/uploads', startBody, async (req, res) => {
    const { fileName, fileSize } = startBody.input(req).body;
    if (fileSize > MAX_UPLOAD_BYTES) throw payloadTooLarge(TOO_LARGE_MESSAGE);
    const uploadId = randomUUID();
    const key = uploadFileKey(uploadId);
    const post = await ctx.storage.presignedPost(key, { maxBytes: MAX_UPLOAD_BYTES, contentType: 'application/pdf', expiresSeconds: PRESIGNED_POST_SECONDS });
    if (!post) {
      const route: UploadRoute = { method: 'multipart', url: UPLOAD_PDF_PATH };
      return void res.json(route);
    }
    const sid = await ensureSession(req, ctx.sql);
    await openUploadIntent(ctx.sql, { uploadId, sessionSid: sid, userId: req.shop.userId, fileName: cleanFileName(fileName), fileSize, storageKey: key });
    const route: UploadRoute = { method: 'presigned', uploadId, url: post.url, fields: post.fields, completeUrl: uploadCompletePath(uploadId) };
    res.status(201).json(route);
  });

  router.post('/api/uploads/:uploadId/complete', uploadParams, async (req, res) => {
    const { uploadId } = uploadParams.input(req).params;
    const accepted = await completeDirectUpload(ctx, req, uploadId);
    res.status(202).json(accepted);
  });

  async function findUpload(req: Request): Promise<UploadRow> {
    const id = String(req.params.uploadId);
    if (!isUuid(id)) throw notFound('Upload not found.');
    const row = await uploadById(ctx.sql, id);
    if (!row || !canAccessUpload(req, row)) throw notFound('Upload not found.');
    return row;
  }

  router.get('/api/uploads/:uploadId', async (req, res, next) => {
    try {
      const row = await findUpload(req);
      const sheets = row.status === 'ready' ? await uploadSheetsOf(ctx.sql, row.id) : [];
      res.set('Cache-Control', 'no-store');
      res.json(presentUpload(row, sheets));
    } catch (error) {
      next(error);
    }
  });

  // The set's sheets in the standard's order (shared/sheetOrder.ts), read from their title blocks:
  // each file must be the caller's (404 otherwise, as for one upload), ready, and fully reported.
  router.post(SORT_UPLOADS_PATH, sortBody, async (req, res) => {
    const { uploadIds } = sortBody.input(req).body;
    const rows: UploadRow[] = [];
    for (const id of uploadIds) {
      const row = await uploadById(ctx.sql, id);
      if (!row || !canAccessUpload(req, row)) throw notFound('Upload not found.');
      rows.push(row);
    }
    for (const [index, row] of rows.entries()) {
      const label = rows.length > 1 ? `File ${index + 1} (${row.file_name}): ` : '';
      if (row.status === 'analyzing') throw badRequest(`${label}Your drawing is still being analyzed. Please wait a moment and try again.`);
      if (row.status !== 'ready') throw badRequest(`${label}${row.message ?? 'This drawing cannot be printed. Please upload another file.'}`);
      if (!row.sheets_complete) throw conflict(`${label}The sheet numbers are still being read. Please try again in a moment.`);
    }
    const sheets = await setSheetsOf(ctx.sql, uploadIds);
    const body: SheetOrderAnswer = { order: sortSheetPositions(sheets.map((sheet) => sheet.sheetNumber)) };
    res.json(body);
  });

  // A refused file without the sheets no paper takes: a new upload, made by the worker and then
  // analysed as any upload; the same one however often asked (core/uploads/commands/leaveOut.ts).
  router.post('/api/uploads/:uploadId/leave-out', leaveOutInput, async (req, res) => {
    const { params, body } = leaveOutInput.input(req);
    const row = await uploadById(ctx.sql, params.uploadId);
    if (!row || !canAccessUpload(req, row)) throw notFound('Upload not found.');
    const newUploadId = randomUUID();
    const made = await ctx.sql.begin((tx) =>
      leaveOutSheets(tx, { uploadId: row.id, pages: [...new Set(body.pages)].sort((a, b) => a - b), newUploadId, storageKey: uploadFileKey(newUploadId) }),
    );
    const answer: LeftOutAccepted = { uploadId: made.uploadId, fileName: made.fileName, status: made.status };
    res.status(202).json(answer);
  });

  router.get('/api/uploads/:uploadId/preview/:page', async (req, res, next) => {
    try {
      const row = await findUpload(req);
      const page = Number(req.params.page);
      if (!Number.isInteger(page) || page < 1 || page > row.preview_count) throw notFound('That sheet has no preview.');
      const stream = await ctx.storage.get(uploadPreviewKey(row.id, page)).catch(() => {
        throw notFound('That sheet has no preview.');
      });
      res.type('png');
      res.set('Cache-Control', 'private, max-age=3600');
      await pipeline(stream, res);
    } catch (error) {
      if (error instanceof HttpError || !res.headersSent) return next(error);
      // The client went away mid-image: nothing to answer.
    }
  });

  // A sheet's enlarged preview, drawn by the worker when first asked for: 202 (and the drawing
  // queued) until it is there. A sheet whose small preview is gone (the upload's files deleted)
  // has none.
  router.get('/api/uploads/:uploadId/preview/:page/large', async (req, res, next) => {
    try {
      const row = await findUpload(req);
      const page = Number(req.params.page);
      if (!Number.isInteger(page) || page < 1 || page > row.preview_count) throw notFound('That sheet has no preview.');
      const stream = await ctx.storage.get(uploadLargePreviewKey(row.id, page)).catch((error: unknown) => {
        if (error instanceof StorageNotFoundError) return null;
        throw error;
      });
      if (!stream) {
        if (!(await ctx.storage.stat(uploadPreviewKey(row.id, page)))) throw notFound('That sheet has no preview.');
        await queueLargePreview(ctx.sql, { uploadId: row.id, page });
        res.set('Cache-Control', 'no-store');
        res.set('Retry-After', '1');
        res.status(202).json({ status: 'drawing', message: 'The larger preview is being drawn.' });
        return;
      }
      res.type('png');
      res.set('Cache-Control', 'private, max-age=3600');
      await pipeline(stream, res);
    } catch (error) {
      if (error instanceof HttpError || !res.headersSent) return next(error);
    }
  });

  return router;
}
