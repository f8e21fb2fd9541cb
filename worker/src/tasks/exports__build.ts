/**
 * Builds a zip export: the selected orders' PDFs (every file of each set; for a revision's reprint one
 * PDF of exactly the sheets it prints), each order's job ticket beside them, streamed one at a time through archiver (store,
 * not deflate: PDFs are compressed already) straight into storage, so memory stays flat whatever
 * the size. processed/total are written as it goes for the page that polls. A retry after a crash
 * rebuilds the zip from scratch (storage writes are atomic, so no half zip is ever served).
 */
import { ZipArchive } from 'archiver';
import type { Readable } from 'node:stream';
import { defineTask } from '../task';
import { orderNumberOf } from '#shared/fields';
import { shopFacts } from '#shared/shop';
import { StorageNotFoundError } from '#core/services/storage/index';
import { exportKeyOf, exportPrefix } from '#core/services/storage/keys';
import { renderJobTicket } from '#core/services/tickets/jobTicket';
import { sheetListOf } from '#core/orders/sheetList';
import { revisionPrintOf } from '#core/revisions/reprint';
import type { OrderRow } from '#core/orders/orderRow';
import { filesOf, orderNameOf, withOrderFiles } from '#core/orders/orderFiles';
import { filesHolding, printedPagesPdf, type SetFileBytes } from '#core/services/pdf/printedPages';
import { exportById } from '#core/exports/queries';
import { completeExport, failExport, recordExportProgress, startExportBuild } from '#core/exports/commands/exports';

type FileRow = OrderRow;

/** Progress is written at most this often (and always at the end). */
const PROGRESS_EVERY_MS = 250;

/** A file name safe inside a zip on every OS, unique within the archive. */
export function entryName(orderId: string, fileName: string, taken: Set<string>): string {
  const base =
    fileName
      .replace(/[\0-\x1f\x7f<>:"/\\|?*]/g, '_')
      .replace(/^\.+/, '')
      .trim()
      .slice(0, 150) || 'drawing.pdf';
  const withPdf = /\.pdf$/i.test(base) ? base : `${base}.pdf`;
  let name = `${orderNumberOf(orderId)}-${withPdf}`;
  for (let i = 2; taken.has(name.toLowerCase()); i++) name = `${orderNumberOf(orderId)}-${i}-${withPdf}`;
  taken.add(name.toLowerCase());
  return name;
}

/** The job ticket's name beside the drawing: `1A2B3C4D-JOB-TICKET.pdf`, unique within the archive. */
export function ticketEntryName(orderId: string, taken: Set<string>): string {
  let name = `${orderNumberOf(orderId)}-JOB-TICKET.pdf`;
  for (let i = 2; taken.has(name.toLowerCase()); i++) name = `${orderNumberOf(orderId)}-JOB-TICKET-${i}.pdf`;
  taken.add(name.toLowerCase());
  return name;
}

/** Resolves when archiver has written the entry just appended; rejects on an archive error. */
function entryWritten(archive: ZipArchive): Promise<void> {
  return new Promise((resolve, reject) => {
    const onEntry = () => {
      archive.off('error', onError);
      resolve();
    };
    const onError = (error: Error) => {
      archive.off('entry', onEntry);
      reject(error);
    };
    archive.once('entry', onEntry);
    archive.once('error', onError);
  });
}

export default defineTask({
  name: 'exports__build',
  async run({ exportId }, ctx, helpers) {
    const log = ctx.log.child('exports');
    const exp = await exportById(ctx.sql, exportId);
    if (!exp) return log.warn('export row is gone', { exportId });
    if (exp.status !== 'processing') return;
    const orders = await ctx.sql<FileRow[]>`
      select * from orders
      where id = any(${exp.order_ids}::uuid[]) and payment_status <> 'unpaid' order by created_at, id`;
    await withOrderFiles(ctx.sql, orders);
    const files = orders.filter((o) => o.file_key !== null && o.file_deleted_at === null);
    if (files.length === 0) {
      await failExport(ctx.sql, { exportId, reason: 'nothing to export' });
      return;
    }
    await startExportBuild(ctx.sql, { exportId, totalFiles: files.length });

    const key = exportKeyOf(exportId);
    // A previous attempt killed mid-write may have left a temp file behind: start from a clean folder.
    await ctx.storage.deletePrefix(exportPrefix(exportId));
    const archive = new ZipArchive({ store: true });
    const stored = ctx.storage.put(key, archive, { contentType: 'application/zip' });
    // If the write fails, stop feeding the archive; the error surfaces from `stored` below.
    stored.catch(() => archive.abort());
    const shop = shopFacts(ctx.env);
    const taken = new Set<string>();
    const missing: string[] = [];
    let processed = 0;
    let lastWrite = Date.now();
    try {
      for (const file of files) {
        // Every file of the order's drawing set, in print order, then its one ticket; a revision's
        // reprint instead gets one PDF of exactly the sheets it prints.
        let found = 0;
        if (file.print_positions) {
          const holding = filesHolding(filesOf(file), file.print_positions);
          const read: SetFileBytes[] = [];
          for (const setFile of holding) {
            let source: Readable | null = null;
            try {
              if (setFile.fileKey) source = await ctx.storage.get(setFile.fileKey);
            } catch (error) {
              if (!(error instanceof StorageNotFoundError)) throw error;
            }
            if (!source) missing.push(`${orderNumberOf(file.id)} ${setFile.fileName}`);
            else read.push({ ...setFile, bytes: Buffer.concat(await source.toArray()) });
          }
          if (read.length === holding.length && read.length > 0) {
            const written = entryWritten(archive);
            archive.append(await printedPagesPdf(read, file.print_positions), {
              name: entryName(file.id, orderNameOf(file), taken),
              store: true,
              date: new Date(),
            });
            await written;
            found = 1;
          }
        }
        for (const setFile of file.print_positions ? [] : filesOf(file)) {
          let source: Readable | null = null;
          try {
            if (setFile.fileKey) source = await ctx.storage.get(setFile.fileKey);
          } catch (error) {
            if (!(error instanceof StorageNotFoundError)) throw error;
          }
          if (!source) {
            missing.push(`${orderNumberOf(file.id)} ${setFile.fileName}`);
            continue;
          }
          const written = entryWritten(archive);
          archive.append(source, { name: entryName(file.id, setFile.fileName, taken), store: true, date: new Date() });
          await written;
          found += 1;
        }
        if (found > 0) {
          const ticketWritten = entryWritten(archive);
          archive.append(await renderJobTicket(file, shop, await sheetListOf(ctx.sql, file), await revisionPrintOf(ctx.sql, file)), {
            name: ticketEntryName(file.id, taken),
            store: true,
            date: new Date(),
          });
          await ticketWritten;
        }
        processed += 1;
        if (Date.now() - lastWrite >= PROGRESS_EVERY_MS) {
          lastWrite = Date.now();
          await recordExportProgress(ctx.sql, { exportId, processedFiles: processed });
        }
      }
      if (missing.length > 0) archive.append(`These files were missing from storage:\n${missing.join('\n')}\n`, { name: 'MISSING-FILES.txt' });
      await archive.finalize();
      const { size } = await stored;
      await completeExport(ctx.sql, { exportId, processedFiles: processed, key, byteSize: size });
      log.info('export completed', { exportId, files: processed, bytes: size });
    } catch (error) {
      archive.abort();
      await stored.catch(() => {});
      const lastAttempt = helpers.job.attempts >= helpers.job.max_attempts;
      log.warn('export failed', { exportId, attempt: helpers.job.attempts, error });
      if (lastAttempt) {
        await failExport(ctx.sql, { exportId, reason: 'last attempt failed' });
        return;
      }
      throw error;
    }
  },
});
