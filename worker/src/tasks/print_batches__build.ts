/**
 * Builds a paid (or on-account) order's print-ready files: one PDF per paper and ink of each
 * recipient's package (core/production/buildPrintFiles.ts). Safe to run twice and when killed: the
 * batches are recorded before their files are built, and a built one is never built again.
 */
import { shopFacts } from '#shared/shop';
import { uploadPdfFile } from '../pdfJobs';
import { defineTask } from '../task';

export default defineTask({
  name: 'print_batches__build',
  async run({ orderId }, ctx) {
    // MuPDF loads with the builder, on the first build: a worker that builds nothing never carries it
    // (the other MuPDF work runs in its own child process).
    const { buildPrintFiles } = await import('#core/production/buildPrintFiles');
    const shop = shopFacts(ctx.env);
    const outcome = await buildPrintFiles(
      {
        sql: ctx.sql,
        storage: ctx.storage,
        clock: { timeZone: shop.timeZone, holidays: shop.holidays },
        // Downloads (S3) are named by the upload, or by the order's file when its upload row is gone.
        open: (file) => uploadPdfFile(ctx, file.uploadId ?? file.fileKey.replace(/[^A-Za-z0-9]+/g, '-'), file.fileKey),
      },
      orderId,
    );
    if (outcome.kind === 'files_gone') ctx.log.warn('print_batches__build: the files are gone', { orderId, message: outcome.message });
    else if (outcome.kind === 'skipped') ctx.log.info('print_batches__build: nothing to build', { orderId, reason: outcome.reason });
    else ctx.log.info('print_batches__build: built', { orderId, built: outcome.built, batches: outcome.batches });
  },
});
