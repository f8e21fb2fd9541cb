/**
 * Analyses one upload: copies its PDF to a temp folder, runs MuPDF in a child process with a time and
 * memory limit (api/src/services/pdf/analyze.ts), stores the sheet previews and writes the verdict to
 * the `uploads` row, which the client polls. Safe to run twice: an upload that is no longer
 * `analyzing` is left alone, and previews are simply written again.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { defineTask } from '../task';
import { analyzePdf, AnalyzerCrashedError, prewarmAnalyzer } from '../../../api/src/core/services/pdf/analyze';
import { StorageNotFoundError } from '../../../api/src/core/services/storage/index';
import { uploadPreviewKey } from '../../../api/src/core/services/storage/keys';
import { unreadableVerdict, type SheetVerdict } from '../../../shared/sheets';

// The worker loads this file at start: have a MuPDF child ready before the first upload arrives.
prewarmAnalyzer();

/** Time and memory each analysis may use; tests lower them. */
export const analyzeLimits = { timeoutMs: 60_000, memoryLimitMb: 1536 };

export default defineTask({
  name: 'uploads__analyze',
  async run({ uploadId }, ctx, helpers) {
    const log = ctx.log.child('uploads__analyze');
    const [upload] = await ctx.sql<{ status: string; storage_key: string }[]>`select status, storage_key from uploads where id = ${uploadId}`;
    if (!upload) return log.warn('upload row is gone', { uploadId });
    if (upload.status !== 'analyzing') return;

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-analyze-'));
    try {
      await analyze(dir, upload.storage_key);
    } catch (error) {
      // Retries are for storage or process hiccups; after the last one the customer must not be left
      // polling an upload that stays 'analyzing' for ever.
      if (helpers.job.attempts < helpers.job.max_attempts) throw error;
      log.warn('analysis failed on its last attempt', { uploadId, error });
      await saveVerdict(uploadId, unreadableVerdict(error instanceof AnalyzerCrashedError ? 'crashed' : 'unavailable'), 0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }

    async function analyze(dir: string, storageKey: string) {
      const file = path.join(dir, 'original.pdf');
      try {
        await pipeline(await ctx.storage.get(storageKey), createWriteStream(file));
      } catch (error) {
        if (!(error instanceof StorageNotFoundError)) throw error;
        log.warn('upload file is gone', { uploadId });
        return void (await saveVerdict(uploadId, unreadableVerdict('unreadable'), 0));
      }
      const previewDir = path.join(dir, 'previews');
      fs.mkdirSync(previewDir);
      // An AnalyzerCrashedError (a child that died without a verdict) is retried like any other error.
      const { verdict, previewCount, elapsedMs } = await analyzePdf(file, { previewDir, ...analyzeLimits });
      log.debug(`analysed in ${elapsedMs} ms`, { uploadId, status: verdict.status, pages: verdict.pageCount });
      for (let page = 1; page <= previewCount; page++) {
        await ctx.storage.put(uploadPreviewKey(uploadId, page), fs.createReadStream(path.join(previewDir, `${page}.png`)), { contentType: 'image/png' });
      }
      await saveVerdict(uploadId, verdict, previewCount);
    }

    async function saveVerdict(id: string, verdict: SheetVerdict, previews: number) {
      await ctx.sql`
        update uploads set status = ${verdict.status}, page_count = ${verdict.pageCount}, detected_size = ${verdict.detectedSize},
          actual_size = ${verdict.actualSize}, message = ${verdict.message}, preview_count = ${previews}, analyzed_at = now()
        where id = ${id} and status = 'analyzing'`;
    }
  },
});
