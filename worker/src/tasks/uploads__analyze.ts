/**
 * Judges one upload with MuPDF in the warm child process (core/services/pdf/analyze.ts): every
 * sheet measured, the set accepted or rejected, and the verdict written to the `uploads` row the
 * client polls, with a row per sheet (`upload_sheets`, sizes only) when ready. The per-sheet report
 * (color, blank, scale notes, low resolution, previews) is a job of its own, `uploads__report`,
 * enqueued with the verdict on a queue of its own, so a long report never holds a worker slot that
 * the next customer's verdict needs. Local files are read where they are; an S3 object is
 * downloaded once to a temp file. A file that is not a PDF by content (one sent straight to S3 with a
 * presigned POST, which no route looked at) is rejected with the upload route's 415 words. Safe to
 * run twice: an upload that is no longer `analyzing` is left alone.
 */
import os from 'node:os';
import { defineTask } from '../task';
import { analyzeLimits, uploadPdfFile } from '../pdfJobs';
import { analyzePdf, AnalyzerCrashedError, prewarmAnalyzer } from '#core/services/pdf/analyze';
import { recordVerdict } from '#core/uploads/commands/analysis';
import { moveUpload } from '#core/uploads/uploadMoves';
import { fileHasPdfSignature, NOT_PDF_MESSAGE } from '#core/lib/pdfSignature';
import type { AppContext } from '#core/context';
import { rejectedVerdict, unreadableVerdict, type SheetPoints, type SheetVerdict, type UploadStatus } from '#shared/sheets';

// The worker loads this file at start: have the MuPDF child warm before the first upload arrives.
prewarmAnalyzer();

/** Its limits live with the report's; re-exported for tests. */
export { analyzeLimits };

export default defineTask({
  name: 'uploads__analyze',
  async run({ uploadId }, ctx, helpers) {
    const log = ctx.log.child('uploads__analyze');
    const [upload] = await ctx.sql<{ status: UploadStatus; storage_key: string }[]>`select status, storage_key from uploads where id = ${uploadId}`;
    if (!upload) return log.warn('upload row is gone', { uploadId });
    // A verdict already given (a second run) is left alone: the table allows a verdict only while analyzing.
    if (moveUpload(upload.status, 'ready', 'verdict').kind === 'refused') return;

    try {
      await analyze(upload.storage_key);
    } catch (error) {
      // Retries are for storage or process hiccups; after the last one the customer must not be left
      // polling an upload that stays 'analyzing' for ever.
      if (helpers.job.attempts < helpers.job.max_attempts) throw error;
      log.warn('analysis failed on its last attempt', { uploadId, error });
      await saveVerdict(ctx, uploadId, unreadableVerdict(error instanceof AnalyzerCrashedError ? 'crashed' : 'unavailable'), []);
    }

    async function analyze(storageKey: string) {
      const pdf = await uploadPdfFile(ctx, uploadId, storageKey);
      if (!pdf) {
        log.warn('upload file is gone', { uploadId });
        return void (await saveVerdict(ctx, uploadId, unreadableVerdict('unreadable'), []));
      }
      let keepForReport = false;
      try {
        if (!(await fileHasPdfSignature(pdf.file))) return void (await saveVerdict(ctx, uploadId, rejectedVerdict(null, NOT_PDF_MESSAGE), []));
        // An AnalyzerCrashedError (a child that died before the verdict) is retried like any other error.
        // No report here, so nothing is written to the preview folder.
        const result = await analyzePdf(pdf.file, { previewDir: os.tmpdir(), ...analyzeLimits, report: false });
        log.debug(`verdict in ${result.verdictMs} ms`, { uploadId, status: result.verdict.status, pages: result.verdict.pageCount });
        await saveVerdict(ctx, uploadId, result.verdict, result.sheets);
        keepForReport = result.verdict.status === 'ready';
      } finally {
        // An S3 download stays for the report job, which reads the same file.
        if (!keepForReport) pdf.release();
      }
    }
  },
});

/** Writes the verdict (core/uploads/commands/analysis.ts), in a transaction of its own. */
async function saveVerdict(ctx: AppContext, uploadId: string, verdict: SheetVerdict, sheets: SheetPoints[]): Promise<void> {
  await ctx.sql.begin((tx) => recordVerdict(tx, { uploadId, verdict, sheets }));
}
