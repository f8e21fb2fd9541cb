/**
 * Writes the PDF of an upload made by leaving sheets out of a refused file (core/uploads/commands/
 * leaveOut.ts): the original file without those pages, made by MuPDF in the warm child process
 * (core/services/pdf/analyze.ts `keepPdfPages`, with its time and memory limits), stored under the
 * new upload's key; then the new upload is analysed as any upload (uploads__analyze). Safe to run
 * twice: a file already stored is not written again, and an upload no longer `analyzing` is left alone.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineTask } from '../task';
import { analyzeLimits, uploadPdfFile } from '../pdfJobs';
import { AnalyzerCrashedError, keepPdfPages } from '#core/services/pdf/analyze';
import { recordVerdict } from '#core/uploads/commands/analysis';
import { recordLeftOutFile } from '#core/uploads/commands/leaveOut';
import type { AppContext } from '#core/context';
import { unreadableVerdict, type UnprintableSheet, type UnreadableReason, type UploadStatus } from '#shared/sheets';

type Made = { status: UploadStatus; storage_key: string; left_out_of: string | null; left_out: UnprintableSheet[] | null };

export default defineTask({
  name: 'uploads__leave_out',
  async run({ uploadId }, ctx, helpers) {
    const log = ctx.log.child('uploads__leave_out');
    const [made] = await ctx.sql<Made[]>`select status, storage_key, left_out_of, left_out from uploads where id = ${uploadId}`;
    if (!made) return log.warn('upload row is gone', { uploadId });
    if (made.status !== 'analyzing') return;
    const refuse = (reason: UnreadableReason) => ctx.sql.begin((tx) => recordVerdict(tx, { uploadId, verdict: unreadableVerdict(reason), sheets: [] }));

    try {
      const stored = await ctx.storage.stat(made.storage_key);
      if (stored) return void (await ctx.sql.begin((tx) => recordLeftOutFile(tx, { uploadId, fileSize: stored.size })));

      const [original] = made.left_out_of
        ? await ctx.sql<{ id: string; storage_key: string; page_count: number | null }[]>`
            select id, storage_key, page_count from uploads where id = ${made.left_out_of}`
        : [];
      if (!original?.page_count) {
        // Our copy is gone, not the customer's file at fault: said as a problem on our side.
        log.warn('the file sheets were to be left out of is gone', { uploadId });
        return void (await refuse('unavailable'));
      }
      const leftOut = new Set((made.left_out ?? []).map((s) => s.page));
      const keep = Array.from({ length: original.page_count }, (_, i) => i).filter((i) => !leftOut.has(i + 1));

      const size = await writeKept(ctx, original, keep, made.storage_key);
      if (typeof size === 'string') return void (await refuse(size));
      await ctx.sql.begin((tx) => recordLeftOutFile(tx, { uploadId, fileSize: size }));
    } catch (error) {
      // Retries are for storage or process hiccups; after the last one the customer must not be left
      // waiting on an upload that stays analysing for ever, whichever step failed.
      if (helpers.job.attempts < helpers.job.max_attempts) throw error;
      log.warn('leaving sheets out failed on its last attempt', { uploadId, error });
      await refuse(error instanceof AnalyzerCrashedError ? 'crashed' : 'unavailable');
    }
  },
});

/** The original's pages `keep` (0-based) stored under `key`: the stored size, or why it could not be made. */
async function writeKept(ctx: AppContext, original: { id: string; storage_key: string }, keep: number[], key: string): Promise<number | UnreadableReason> {
  const pdf = await uploadPdfFile(ctx, original.id, original.storage_key);
  if (!pdf) return 'unavailable';
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'bp-leave-out-'));
  try {
    const out = path.join(dir, 'kept.pdf');
    const kept = await keepPdfPages(pdf.file, keep, out, analyzeLimits);
    if ('failed' in kept) return kept.failed;
    const { size } = await ctx.storage.put(key, fs.createReadStream(out), { contentType: 'application/pdf' });
    return size;
  } finally {
    pdf.release();
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}
