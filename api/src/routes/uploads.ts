/**
 * Uploads: `POST /api/upload-pdf` streams one PDF (multipart field `pdf`) through busboy straight to
 * storage, checking the `%PDF-` signature and the 50 MB limit on the way, then writes the `uploads`
 * row and its `uploads__analyze` job in one transaction and answers 202. `GET /api/uploads/{id}`
 * reports the analysis; `GET /api/uploads/{id}/preview/{page}` serves a sheet preview.
 */
import { uploadFileKey, uploadPreviewKey } from '../core/services/storage/keys';
import { createHash, randomUUID } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import { uploadIntake, type UploadIntake } from '../lib/uploadIntake';
import { Router, type Request } from 'express';
import { isUuid } from '../../../shared/ids';
import { MAX_UPLOAD_BYTES } from '../../../shared/limits';
import { UPLOAD_PDF_PATH, type UploadAccepted } from '../../../shared/upload';
import type { AppContext } from '../core/context';
import { addJob } from '../core/lib/db';
import { badRequest, HttpError, notFound, payloadTooLarge, unsupportedMediaType } from '../core/lib/errors';
import { ensureSession } from '../lib/sessions';
import { canAccessUpload, presentUpload, type UploadRow, type UploadSheetRow } from '../presenters/upload';
import type { Storage } from '../core/services/storage/index';

export const TOO_LARGE_MESSAGE = 'Your file is larger than 50 MB. Please upload a file smaller than 50MB.';
export const NOT_PDF_MESSAGE = 'This file is not a PDF. Please upload a PDF file only.';
const NO_FILE_MESSAGE = 'Please choose a PDF file to upload (form field "pdf").';
export const ONE_FILE_MESSAGE = 'Please upload one PDF file at a time (one file, in the form field "pdf").';

/** A PDF's signature must appear in its first kilobyte (where readers look for it). */
const SIGNATURE = Buffer.from('%PDF-');
const SIGNATURE_WINDOW = 1024;

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
    if (this.headLength < SIGNATURE_WINDOW) return callback();
    this.release(callback);
  }

  override _flush(callback: TransformCallback): void {
    if (this.open) return callback();
    this.release(callback);
  }

  private release(callback: TransformCallback): void {
    const head = Buffer.concat(this.head);
    this.head = [];
    if (!head.subarray(0, SIGNATURE_WINDOW).includes(SIGNATURE)) return callback(unsupportedMediaType(NOT_PDF_MESSAGE));
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

type StoredFile = { uploadId: string; key: string; fileName: string; size: number; sha256: string };

/**
 * Streams the request's `pdf` part to storage. Rejects with 413 as soon as the file passes 50 MB and
 * with 415 when it is not a PDF, leaving nothing in storage either way.
 */
function receivePdf(req: Request, storage: Storage, intake: UploadIntake): Promise<StoredFile> {
  return new Promise<StoredFile>((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      // Two files, so a second one is seen (and refused) instead of silently dropped; file names are
      // UTF-8 as browsers send them (busboy's default for `filename` parameters is Latin-1).
      parser = busboy({
        headers: req.headers,
        defParamCharset: 'utf8',
        limits: { fileSize: MAX_UPLOAD_BYTES, files: 2, fields: 10, parts: 20, fieldSize: 1024 },
      });
    } catch {
      reject(badRequest('Send the PDF as multipart/form-data with one field named "pdf".'));
      return;
    }
    let settled = false;
    let stored: Promise<StoredFile> | null = null;
    let gate: PdfGate | null = null;
    let parsed = false;
    let files = 0;
    let otherFileField: string | null = null;
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      gate?.destroy(error instanceof Error ? error : new Error(String(error)));
      // A first file already stored in full is not wanted either.
      stored?.then((file) => storage.delete(file.key)).catch(() => {});
      reject(error);
    };
    const finishIfDone = () => {
      if (!parsed || settled) return;
      if (!stored)
        return fail(badRequest(otherFileField === null ? NO_FILE_MESSAGE : `${NO_FILE_MESSAGE} The file came in the field "${otherFileField.slice(0, 40)}".`));
      stored.then((file) => {
        if (settled) return;
        settled = true;
        resolve(file);
      }, fail);
    };

    parser.on('file', (field, stream, info) => {
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
        () => ({ uploadId, key, fileName: cleanFileName(info.filename), size: thisGate.size, sha256: thisGate.digest() }),
        async (error: unknown) => {
          await storage.delete(key).catch(() => {});
          throw error;
        },
      );
      // A failed store answers at once (413 while the client is still sending), not after the body ends.
      stored.catch(fail);
    });
    // A third file is past busboy's limit of two: it never reaches 'file'.
    parser.on('filesLimit', () => fail(badRequest(ONE_FILE_MESSAGE)));
    parser.on('close', () => {
      parsed = true;
      finishIfDone();
    });
    parser.on('error', () => fail(badRequest('The upload could not be read. Please try again.')));
    req.on('close', () => {
      if (!req.complete) fail(badRequest('The upload was interrupted. Please try again.'));
    });
    req.pipe(intake.through()).pipe(parser);
  });
}

export function uploadRoutes(ctx: AppContext): Router {
  const router = Router();
  const intake = uploadIntake(ctx.env.UPLOAD_INTAKE_MB_PER_SECOND);

  router.post(UPLOAD_PDF_PATH, async (req, res, next) => {
    try {
      if (!req.is('multipart/form-data')) throw badRequest('Send the PDF as multipart/form-data with one field named "pdf".');
      const declared = Number(req.get('content-length') ?? 0);
      // Multipart framing adds a little; anything far past the limit is refused before reading it.
      if (declared > MAX_UPLOAD_BYTES + 1024 * 1024) throw payloadTooLarge(TOO_LARGE_MESSAGE);
      const file = await receivePdf(req, ctx.storage, intake);
      try {
        const sid = await ensureSession(req, ctx.sql);
        await ctx.sql.begin(async (tx) => {
          await tx`
            insert into uploads (id, session_sid, user_id, file_name, file_size, storage_key, sha256)
            values (${file.uploadId}, ${sid}, ${req.shop.userId}, ${file.fileName}, ${file.size}, ${file.key}, ${file.sha256})`;
          await addJob(tx, 'uploads__analyze', { uploadId: file.uploadId }, { jobKey: `uploads__analyze:${file.uploadId}`, maxAttempts: 3 });
        });
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

  async function findUpload(req: Request): Promise<UploadRow> {
    const id = String(req.params.uploadId);
    if (!isUuid(id)) throw notFound('Upload not found.');
    const [row] = await ctx.sql<UploadRow[]>`
      select id, session_sid, user_id, file_name, file_size, storage_key, status, page_count, detected_size, actual_size, message,
             preview_count, sheets_complete, created_at
      from uploads where id = ${id}`;
    if (!row || !canAccessUpload(req, row)) throw notFound('Upload not found.');
    return row;
  }

  router.get('/api/uploads/:uploadId', async (req, res, next) => {
    try {
      const row = await findUpload(req);
      const sheets =
        row.status === 'ready'
          ? await ctx.sql<UploadSheetRow[]>`
              select number, width_in, height_in, color, blank, scale_notes, low_resolution, has_preview
              from upload_sheets where upload_id = ${row.id} order by number`
          : [];
      res.set('Cache-Control', 'no-store');
      res.json(presentUpload(row, sheets));
    } catch (error) {
      next(error);
    }
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

  return router;
}
