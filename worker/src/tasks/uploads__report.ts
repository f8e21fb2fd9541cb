/**
 * The per-sheet report of a ready upload (docs/decisions/012-sheet-report-after-ready.md), enqueued by `uploads__analyze` with its verdict
 * (one at a time per worker process, see REPORT_FLAG): MuPDF (the same warm child) renders each sheet for color and
 * blank, reads its scale notes, sheet number and title and image resolutions, and renders previews of the first sheets;
 * results are written to `upload_sheets` in batches as they come, previews stored first, and
 * `uploads.sheets_complete` marks the end. A set whose every sheet renders as nothing is turned
 * down after all. Safe to run twice: a complete report is left alone, and writing a sheet again
 * writes the same values.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineTask } from '../task';
import { analyzeLimits, uploadPdfFile } from '../pdfJobs';
import { analyzePdf } from '#core/services/pdf/analyze';
import { uploadPreviewKey } from '#core/services/storage/keys';
import type { AppContext } from '#core/context';
import type { Logger } from '#core/lib/logger';
import { completeSheetReport, recordSheetReports } from '#core/uploads/commands/sheetReport';
import { moveSheetReport } from '#core/uploads/uploadMoves';
import type { SheetReport, UploadStatus } from '#shared/sheets';

/** How long sheet reports gather before they are written in one statement. */
const SHEET_BATCH_MS = 100;

export default defineTask({
  name: 'uploads__report',
  async run({ uploadId }, ctx, helpers) {
    const log = ctx.log.child('uploads__report');
    const [upload] = await ctx.sql<{ status: UploadStatus; storage_key: string; sheets_complete: boolean }[]>`
      select status, storage_key, sheets_complete from uploads where id = ${uploadId}`;
    // A complete report, or an upload with none to come (the table says when one may complete), is left alone.
    if (!upload || moveSheetReport(upload.status, upload.sheets_complete ? 'complete' : 'pending', 'complete').kind === 'refused') return;

    const pdf = await uploadPdfFile(ctx, uploadId, upload.storage_key);
    if (!pdf) {
      log.warn('upload file is gone before its report', { uploadId });
      return await markComplete(ctx, uploadId);
    }
    const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'bp-report-'));
    try {
      const writer = new SheetWriter(ctx, log, uploadId, dir);
      const result = await analyzePdf(pdf.file, { previewDir: dir, ...analyzeLimits, onSheet: (report, preview) => writer.sheet(report, preview) });
      log.debug(`report in ${result.elapsedMs} ms`, { uploadId, sheets: result.reports.length, complete: result.reportComplete });
      // A report cut short (a limit, or a crash of the shared child) keeps what it has: the rest stays unknown.
      if (!result.reportComplete) log.warn('report cut short', { uploadId, sheets: result.reports.length });
      await writer.finish(result.reports, result.sheets.length);
      pdf.release();
    } catch (error) {
      if (helpers.job.attempts < helpers.job.max_attempts) throw error;
      // The price stands; the sheets not reported stay unknown.
      log.warn('report failed on its last attempt', { uploadId, error });
      pdf.release();
      await markComplete(ctx, uploadId);
    } finally {
      await fs.promises.rm(dir, { recursive: true, force: true });
    }
  },
});

async function markComplete(ctx: AppContext, uploadId: string): Promise<void> {
  await completeSheetReport(ctx.sql, { uploadId, allBlank: false });
}

/**
 * Writes sheet reports as they come: in batches, one statement each, previews stored first, in order.
 */
class SheetWriter {
  private chain: Promise<void> = Promise.resolve();
  private pending: SheetReport[] = [];
  private previews = new Set<number>();
  private storedPreviews = 0;
  private timer: NodeJS.Timeout | null = null;
  private error: unknown = null;

  constructor(
    private readonly ctx: AppContext,
    private readonly log: Logger,
    private readonly uploadId: string,
    private readonly previewDir: string,
  ) {}

  sheet(report: SheetReport, preview: boolean): void {
    this.pending.push(report);
    if (preview) this.previews.add(report.number);
    this.timer ??= setTimeout(() => {
      this.timer = null;
      this.then(() => this.flush());
    }, SHEET_BATCH_MS);
  }

  /** Writes what is left, marks the report done and turns down a set whose every sheet turned out blank. */
  async finish(reports: SheetReport[], pageCount: number): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.then(() => this.flush());
    await this.chain;
    // A lost batch is worth a retry of the whole report (writing a sheet twice is harmless).
    if (this.error) throw this.error;
    const allBlank = reports.length === pageCount && pageCount > 0 && reports.every((r) => r.blank === true);
    // The cheap check before the verdict found something painted; the pixels say every sheet is white.
    await completeSheetReport(this.ctx.sql, { uploadId: this.uploadId, allBlank });
  }

  private then(step: () => Promise<void>): void {
    this.chain = this.chain.then(step).catch((error: unknown) => {
      this.error ??= error;
      this.log.warn('could not write the sheet report', { uploadId: this.uploadId, error });
    });
  }

  private async flush(): Promise<void> {
    const batch = this.pending;
    this.pending = [];
    if (batch.length === 0 || this.error) return;
    let stored = this.storedPreviews;
    for (const report of batch) {
      if (!this.previews.has(report.number)) continue;
      const file = path.join(this.previewDir, `${report.number}.png`);
      await this.ctx.storage.put(uploadPreviewKey(this.uploadId, report.number), fs.createReadStream(file), { contentType: 'image/png' });
      await fs.promises.rm(file, { force: true });
      if (report.number === stored + 1) stored = report.number;
    }
    this.storedPreviews = stored;
    const rows = batch.map((r) => ({ ...r, has_preview: this.previews.has(r.number) }));
    await this.ctx.sql.begin((tx) => recordSheetReports(tx, { uploadId: this.uploadId, reports: rows, previewCount: stored }));
  }
}
