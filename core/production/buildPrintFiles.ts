/**
 * An order's print-ready files, built once when it is paid or placed on account: each package's
 * batches are planned and recorded first, then every batch without a file is built and stored under
 * its own key and recorded. Safe to run twice (recorded batches are not planned again, built ones not
 * built again) and when killed (a batch without its record is built again, over its own key).
 */
import { orderNumberOf } from '#shared/fields';
import { finishingSteps } from '#shared/finishing';
import { HALF_SCALE, isReducedPaper, paperText, type Ink } from '#shared/production';
import { setsText } from '#shared/pricing';
import { sheetRanges } from '#shared/orderText';
import { readyByDateText, type ClockOptions } from '#shared/readyBy';
import { paperFor } from '#shared/sheets';
import type { Queryable } from '../lib/db';
import type { OrderRow } from '../orders/orderRow';
import { filesOf, withOrderFiles } from '../orders/orderFiles';
import { sheetListOf } from '../orders/sheetList';
import { isPrintable } from '../orders/commands/transitions';
import type { Storage } from '../services/storage/types';
import { printFileKey } from '../services/storage/keys';
import { planPrintBatches, recordPrintFile, recordPrintFileMissing, type PrintBatchRow } from './commands/printBatches';
import { packagesOf } from './packages';
import { planBatches, type PlannedSheet } from './plan';
import { buildPrintFile, measureSheets, mupdfComplaints, type SourceFile } from './printFile';
import type { BannerFacts } from './banner';

/** Where the builder reads a stored file of the set (null when it is gone), and how to let go of it. */
export type FileOpener = (file: { uploadId: string | null; fileKey: string }) => Promise<{ file: string; release(): void } | null>;

/** What one run did, for the task's log and the tests. */
export type BuildOutcome = { kind: 'skipped'; reason: string } | { kind: 'files_gone'; message: string } | { kind: 'built'; built: number; batches: number };

const inkText = (ink: Ink) => (ink === 'color' ? 'color' : 'black and white');

/** The sentence the counter reads when an order's files were deleted before its batches were built. */
export function filesGoneMessage(order: Pick<OrderRow, 'id' | 'file_deleted_at'>): string {
  const when = order.file_deleted_at ? ` on ${order.file_deleted_at.toISOString().slice(0, 10)}` : '';
  return `The drawing files of order ${orderNumberOf(order.id)} were deleted${when}: its print files cannot be built again.`;
}

/** Builds what is missing of the order's print files. */
export async function buildPrintFiles(
  deps: { sql: Queryable & { begin<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> }; storage: Storage; open: FileOpener; clock: ClockOptions },
  orderId: string,
): Promise<BuildOutcome> {
  const [order] = await deps.sql<OrderRow[]>`select * from orders where id = ${orderId}`;
  if (!order) return { kind: 'skipped', reason: 'the order is gone' };
  if (!isPrintable(order) || order.status === 'failed') return { kind: 'skipped', reason: 'the order is not to be printed' };
  await withOrderFiles(deps.sql, [order]);

  // First prints and reprints alike: a reprint is built by the same job once the counter asks for it.
  const existing = await deps.sql<PrintBatchRow[]>`select * from print_batches where order_id = ${orderId} order by created_at, id`;
  if (existing.length > 0 && existing.every((b) => b.built_at)) return { kind: 'built', built: 0, batches: existing.length };

  const opened: { release(): void }[] = [];
  try {
    const sources: SourceFile[] = [];
    for (const f of filesOf(order)) {
      const local = order.file_deleted_at ? null : await deps.open({ uploadId: f.uploadId, fileKey: f.fileKey });
      if (!local) {
        const message = filesGoneMessage(order);
        for (const b of existing.filter((row) => !row.built_at)) await recordPrintFileMissing(deps.sql, { batchId: b.id, message });
        return { kind: 'files_gone', message };
      }
      opened.push(local);
      sources.push({ path: local.file, firstPosition: f.firstPosition, pageCount: f.pageCount });
    }

    const printed = order.print_positions ? new Set(order.print_positions) : null;
    const colorOf = (position: number) => order.print_type === 'color' || (order.print_type === 'auto' && order.color_sheets.includes(position));
    let measured: ReturnType<typeof measureSheets>;
    try {
      measured = measureSheets(sources);
    } catch (error) {
      // A file MuPDF cannot open now could not be opened on a retry either: say so and stop.
      const message = `The drawing files of order ${orderNumberOf(order.id)} could not be read, so its print files were not built.`;
      for (const b of existing.filter((row) => !row.built_at)) await recordPrintFileMissing(deps.sql, { batchId: b.id, message });
      return { kind: 'skipped', reason: `${message} (${error instanceof Error ? error.message : String(error)}; MuPDF: ${mupdfComplaints().join(' / ')})` };
    }
    const sheets: PlannedSheet[] = measured
      .filter((s) => !printed || printed.has(s.position))
      .map((s) => {
        const fit = paperFor(s.widthIn, s.heightIn);
        // A sheet no paper takes at 100% was refused at upload; on a paper the customer chose it is scaled.
        return { position: s.position, paper: fit.paper ?? '30x42', color: colorOf(s.position) };
      });
    const names = new Map((await sheetListOf(deps.sql, order)).map((s) => [s.position, s.sheetNumber]));

    const chosen = order.print_size === '24x36' || order.print_size === '30x42';
    const build = async (row: PrintBatchRow, batchText: string) => {
      const numbers = row.positions.map((p) => names.get(p) ?? null);
      const reduced = isReducedPaper(row.paper);
      const batchSets = reduced ? setsText(0, 0, row.sets) : row.half_size ? `${setsText(0, row.sets)} at 50%` : setsText(row.sets, 0);
      const banner: BannerFacts = {
        orderNumber: orderNumberOf(order.id),
        recipient: row.recipient_name,
        jobName: order.job_name,
        setsText: `${batchSets} (order: ${setsText(order.sets, order.half_sets ?? 0, order.reduced_sets ?? 0)})`,
        sheetsText: numbers.every((n) => n) ? numbers.join(', ') : `Sheets ${sheetRanges(row.positions)} of the set`,
        paperText: `${paperText(row.paper)}, ${inkText(row.ink)}${row.half_size ? ', half-size' : ''}${reduced ? ', reduced (not to scale)' : ''}`,
        finishing: finishingSteps(row.finishing),
        dueText: order.ready_by ? `${readyByDateText(order.ready_by, deps.clock)}${order.rush_order ? ' (RUSH)' : ''}` : '—',
        batchText,
        notToScale: reduced,
      };
      const file = buildPrintFile(
        sources,
        {
          paper: row.paper,
          ink: row.ink,
          sets: row.sets,
          positions: row.positions,
          // A reduced set fits every sheet inside its margin. A chosen paper fits each sheet to it (the
          // half-size paper is half of it, so its fit is half too).
          scale: reduced ? 'reduced' : chosen ? 'fit' : row.half_size ? HALF_SCALE : 1,
        },
        banner,
      );
      const key = printFileKey(order.id, row.id);
      await deps.storage.put(key, file.bytes, { contentType: 'application/pdf', contentLength: file.bytes.length });
      await recordPrintFile(deps.sql, { batchId: row.id, fileKey: key, pages: file.pages, bytes: file.bytes.length });
    };

    let built = 0;
    let total = 0;
    for (const pkg of packagesOf(order)) {
      const holds = new Set(pkg.positions);
      const planned = planBatches(
        sheets.filter((s) => holds.has(s.position)),
        {
          printSize: order.print_size,
          sets: pkg.sets,
          halfSets: pkg.halfSets,
          reducedSets: pkg.reducedSets,
          finishing: pkg.finishing,
          halfFinishing: pkg.halfFinishing,
        },
      );
      const rows = await deps.sql.begin((tx) => planPrintBatches(tx, { orderId, pkg, batches: planned }));
      total += rows.length;
      for (const [i, row] of rows.entries()) {
        if (row.built_at) continue;
        await build(row, `Batch ${i + 1} of ${rows.length} for ${pkg.name}`);
        built++;
      }
    }
    for (const row of existing.filter((r) => r.reprint_of && !r.built_at)) {
      await build(row, `Reprint of ${row.positions.length === 1 ? 'one sheet' : `${row.positions.length} sheets`} for ${row.recipient_name}`);
      built++;
      total++;
    }
    return { kind: 'built', built, batches: total };
  } finally {
    for (const o of opened) o.release();
  }
}
