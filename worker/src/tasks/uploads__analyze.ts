/**
 * Analyses one upload with MuPDF in the warm child process (api/src/core/services/pdf/analyze.ts),
 * in two steps the customer sees separately: the verdict (every sheet's size judged) is written to
 * the `uploads` row the moment it is known, so the price shows at once; then the per-sheet report
 * (colour, blank, scale notes, low resolution, previews) is written to `upload_sheets` in batches as
 * it comes, and `sheets_complete` marks its end. Local files are read where they are; an S3 object is
 * downloaded once to a temp file. Safe to run twice: an upload that is no longer `analyzing` is left
 * alone.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { z } from 'zod';
import { defineTask } from '../task';
import { analyzePdf, AnalyzerCrashedError, prewarmAnalyzer } from '../../../api/src/core/services/pdf/analyze';
import { StorageNotFoundError } from '../../../api/src/core/services/storage/index';
import { uploadPreviewKey } from '../../../api/src/core/services/storage/keys';
import type { AppContext } from '../../../api/src/core/context';
import { NO_DRAWINGS_MESSAGE, POINTS_PER_INCH, unreadableVerdict, type SheetPoints, type SheetReport, type SheetVerdict } from '../../../shared/sheets';
import type { Logger } from '../../../api/src/core/lib/logger';

// The worker loads this file at start: have the MuPDF child warm before the first upload arrives.
prewarmAnalyzer();

/** Time and memory each analysis may use; tests lower them. */
export const analyzeLimits = { timeoutMs: 60_000, memoryLimitMb: 1536 };

/** How long sheet reports gather before they are written in one statement. */
const SHEET_BATCH_MS = 100;

export default defineTask({
  schema: z.object({ uploadId: z.uuid() }),
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
      await saveVerdict(ctx, uploadId, unreadableVerdict(error instanceof AnalyzerCrashedError ? 'unreadable' : 'unavailable'), []);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }

    async function analyze(dir: string, storageKey: string) {
      const file = await pdfFile(ctx, storageKey, dir);
      if (!file) {
        log.warn('upload file is gone', { uploadId });
        return void (await saveVerdict(ctx, uploadId, unreadableVerdict('unreadable'), []));
      }
      const previewDir = path.join(dir, 'previews');
      fs.mkdirSync(previewDir);
      const writer = new SheetWriter(ctx, log, uploadId, previewDir);
      // An AnalyzerCrashedError (a child that died before the verdict) is retried like any other error.
      const result = await analyzePdf(file, {
        previewDir,
        ...analyzeLimits,
        onVerdict: (verdict, sheets) => writer.verdict(verdict, sheets),
        onSheet: (report, preview) => writer.sheet(report, preview),
      });
      log.debug(`verdict in ${result.verdictMs} ms, report in ${result.elapsedMs} ms`, { uploadId, status: result.verdict.status, pages: result.verdict.pageCount });
      await writer.finish(result.verdict, result.reports, result.sheets.length);
    }
  },
});

/**
 * The file MuPDF reads: the stored file itself when storage is local, else a copy downloaded once into
 * `dir`; null when the upload's file is gone.
 */
async function pdfFile(ctx: AppContext, storageKey: string, dir: string): Promise<string | null> {
  const local = ctx.storage.localPath(storageKey);
  if (local) {
    try {
      await fs.promises.access(local, fs.constants.R_OK);
      return local;
    } catch {
      return null;
    }
  }
  const file = path.join(dir, 'original.pdf');
  try {
    await pipeline(await ctx.storage.get(storageKey), createWriteStream(file));
    return file;
  } catch (error) {
    if (error instanceof StorageNotFoundError) return null;
    throw error;
  }
}

/** Writes the verdict, and only while the upload is still `analyzing` (a second run changes nothing). */
async function saveVerdict(ctx: AppContext, id: string, verdict: SheetVerdict, sheets: SheetPoints[]): Promise<void> {
  await ctx.sql.begin(async (tx) => {
    const updated = await tx`
      update uploads set status = ${verdict.status}, page_count = ${verdict.pageCount}, detected_size = ${verdict.detectedSize},
        actual_size = ${verdict.actualSize}, message = ${verdict.message}, preview_count = 0, analyzed_at = now()
      where id = ${id} and status = 'analyzing'`;
    if (updated.count === 0 || verdict.status !== 'ready') return;
    const rows = sheets.map((s, i) => ({ number: i + 1, width_in: +(s.width / POINTS_PER_INCH).toFixed(3), height_in: +(s.height / POINTS_PER_INCH).toFixed(3) }));
    await tx`
      insert into upload_sheets (upload_id, number, width_in, height_in)
      select ${id}::uuid, v.number, v.width_in, v.height_in
      from jsonb_to_recordset(${tx.json(rows)}::jsonb) as v(number int, width_in numeric, height_in numeric)
      on conflict (upload_id, number) do nothing`;
  });
}

/**
 * Writes what the analysis finds as it finds it: the verdict at once, then sheet reports (with their
 * previews stored first) in batches, one statement each, in order behind the verdict.
 */
class SheetWriter {
  private chain: Promise<void> = Promise.resolve();
  private pending: SheetReport[] = [];
  private previews = new Set<number>();
  private storedPreviews = 0;
  private timer: NodeJS.Timeout | null = null;
  private failed = false;
  private verdictError: unknown = null;

  constructor(
    private readonly ctx: AppContext,
    private readonly log: Logger,
    private readonly uploadId: string,
    private readonly previewDir: string,
  ) {}

  verdict(verdict: SheetVerdict, sheets: SheetPoints[]): void {
    this.then(async () => {
      try {
        await saveVerdict(this.ctx, this.uploadId, verdict, sheets);
      } catch (error) {
        // Nothing was written: the job fails and is retried.
        this.verdictError = error;
        throw error;
      }
    });
  }

  sheet(report: SheetReport, preview: boolean): void {
    this.pending.push(report);
    if (preview) this.previews.add(report.number);
    this.timer ??= setTimeout(() => {
      this.timer = null;
      this.then(() => this.flush());
    }, SHEET_BATCH_MS);
  }

  /** Writes what is left, marks the report done and rejects a set whose every sheet turned out blank. */
  async finish(verdict: SheetVerdict, reports: SheetReport[], pageCount: number): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.then(() => this.flush());
    await this.chain;
    if (this.verdictError) throw this.verdictError;
    if (verdict.status !== 'ready' || this.failed) return;
    const allBlank = reports.length === pageCount && pageCount > 0 && reports.every((r) => r.blank === true);
    // The cheap check before the verdict found something painted; the pixels say it is all white.
    await this.ctx.sql`
      update uploads set sheets_complete = true,
        status = case when ${allBlank} then 'rejected' else status end,
        message = case when ${allBlank} then ${NO_DRAWINGS_MESSAGE} else message end,
        detected_size = case when ${allBlank} then null else detected_size end
      where id = ${this.uploadId} and status = 'ready'`;
  }

  private then(step: () => Promise<void>): void {
    this.chain = this.chain.then(step).catch((error: unknown) => {
      // The verdict may already be out; a lost batch leaves those sheets unknown (null), not a retry.
      this.failed = true;
      this.log.warn('could not write the sheet report', { uploadId: this.uploadId, error });
    });
  }

  private async flush(): Promise<void> {
    const batch = this.pending;
    this.pending = [];
    if (batch.length === 0) return;
    let stored = this.storedPreviews;
    for (const report of batch) {
      if (!this.previews.has(report.number)) continue;
      const file = path.join(this.previewDir, `${report.number}.png`);
      await this.ctx.storage.put(uploadPreviewKey(this.uploadId, report.number), fs.createReadStream(file), { contentType: 'image/png' });
      fs.rmSync(file, { force: true });
      if (report.number === stored + 1) stored = report.number;
    }
    this.storedPreviews = stored;
    const rows = batch.map((r) => ({ ...r, has_preview: this.previews.has(r.number) }));
    await this.ctx.sql.begin(async (tx) => {
      await tx`
        update upload_sheets s set color = v.color, blank = v.blank, low_resolution = v."lowResolution", has_preview = v.has_preview,
          scale_notes = case when jsonb_typeof(v."scaleNotes") = 'array' then array(select jsonb_array_elements_text(v."scaleNotes")) end
        from jsonb_to_recordset(${tx.json(rows)}::jsonb)
          as v(number int, color boolean, blank boolean, "lowResolution" boolean, has_preview boolean, "scaleNotes" jsonb)
        where s.upload_id = ${this.uploadId} and s.number = v.number`;
      await tx`update uploads set preview_count = greatest(preview_count, ${stored}) where id = ${this.uploadId}`;
    });
  }
}
