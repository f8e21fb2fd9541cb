/**
 * Draws one sheet's enlarged preview when a customer first enlarges it (core/uploads/largePreview.ts).
 * Safe to run twice: a drawn one is kept.
 */
import { drawLargePreview } from '#core/uploads/largePreview';
import { uploadPdfFile } from '../pdfJobs';
import { defineTask } from '../task';

export default defineTask({
  name: 'uploads__render_large_preview',
  async run({ uploadId, page }, ctx) {
    const outcome = await drawLargePreview({ sql: ctx.sql, storage: ctx.storage, open: (id, key) => uploadPdfFile(ctx, id, key) }, { uploadId, page });
    if (outcome.kind === 'skipped') ctx.log.info('uploads__render_large_preview: nothing to draw', { uploadId, page, reason: outcome.reason });
    else ctx.log.info('uploads__render_large_preview: drawn', { uploadId, page, width: outcome.width, height: outcome.height });
  },
});
