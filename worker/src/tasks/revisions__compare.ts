/**
 * Compares a revision with the issue printed before, sheet by sheet (docs/decisions/029-revisions.md):
 * sheets paired by number or position (core/revisions/plan.ts), each pair rendered in grey and compared
 * in the MuPDF child's report threads, the changed sheets' overlays stored, and every result written
 * in one transaction with the revision's `ready`. Waits (re-enqueued, not retried) while a file's sheet
 * report is still running. Safe to run twice: a revision no longer `comparing` is left alone, and the
 * rows are written whole.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineTask } from '../task';
import { analyzeLimits, REPORT_FLAG, uploadPdfFile, type UploadPdfFile } from '../pdfJobs';
import { addJob } from '#core/lib/db';
import { compareSheetPairs } from '#core/services/pdf/analyze';
import { COMPARE_DPI, type PairResult, type SheetPair } from '#core/services/pdf/sheetCompare';
import { revisionOverlayKey } from '#core/services/storage/keys';
import { onlyInTitleBlock, planRevision, PREVIOUS_FILES_GONE_MESSAGE, type PlannedSheet } from '#core/revisions/plan';
import { setSheetsOf } from '#core/uploads/sets';
import { failRevision, recordComparison } from '#core/revisions/commands';
import type { RevisionSheetRow } from '#core/revisions/queries';
import { moveRevision } from '#core/revisions/revisionMoves';
import type { RevisionStatus } from '#shared/revisions';
import type { AppContext } from '#core/context';

/** A revision waits this long for its files' sheet reports before it gives up. */
export const REPORT_WAIT_MS = 15 * 60_000;
/** How often a waiting revision looks again. */
const WAIT_STEP_MS = 2000;
/** Time each compared pair may take in the child, on top of a minute. */
const MS_PER_PAIR = 3000;

type RevisionRow = { status: RevisionStatus; previous_upload_ids: string[]; upload_ids: string[]; created_at: Date };
type UploadState = { id: string; status: string; sheets_complete: boolean; storage_key: string; file_deleted_at: Date | null };

const COULD_NOT_COMPARE = 'We could not compare these sets. Please try again, or order the sheets you need.';

export default defineTask({
  name: 'revisions__compare',
  async run({ revisionId }, ctx, helpers) {
    const log = ctx.log.child('revisions__compare');
    const [revision] = await ctx.sql<RevisionRow[]>`
      select status, previous_upload_ids, upload_ids, created_at from revisions where id = ${revisionId}`;
    // A revision already compared (a second run) is left alone: the table lets only a comparing one end.
    if (!revision || moveRevision(revision.status, 'ready').kind === 'refused') return;
    const fail = (message: string) => failRevision(ctx.sql, { revisionId, message });

    const ids = [...new Set([...revision.previous_upload_ids, ...revision.upload_ids])];
    const uploads = await ctx.sql<UploadState[]>`
      select id, status, sheets_complete, storage_key, file_deleted_at from uploads where id = any(${ids}::uuid[])`;
    const byId = new Map(uploads.map((u) => [u.id, u]));
    const previousGone = revision.previous_upload_ids.some((id) => !byId.get(id) || byId.get(id)?.file_deleted_at);
    if (previousGone) return await fail(PREVIOUS_FILES_GONE_MESSAGE);
    if (ids.some((id) => byId.get(id)?.status === 'rejected' || !byId.get(id)))
      return await fail('One of these files cannot be printed, so it cannot be compared.');
    if (uploads.some((u) => !u.sheets_complete)) {
      if (Date.now() - revision.created_at.getTime() > REPORT_WAIT_MS) return await fail(COULD_NOT_COMPARE);
      await addJob(
        ctx.sql,
        'revisions__compare',
        { revisionId },
        { jobKey: `revisions__compare:${revisionId}`, flags: [REPORT_FLAG], maxAttempts: 3, runAt: new Date(Date.now() + WAIT_STEP_MS) },
      );
      return;
    }

    const plan = planRevision(await setSheetsOf(ctx.sql, revision.previous_upload_ids), await setSheetsOf(ctx.sql, revision.upload_ids));
    const toCompare = plan.sheets.filter((s) => s.decided === null);
    const files = new Map<string, UploadPdfFile>();
    const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'bp-revision-'));
    try {
      for (const id of new Set(toCompare.flatMap((s) => [s.sheet.uploadId, s.previous?.uploadId ?? s.sheet.uploadId]))) {
        const upload = byId.get(id) as UploadState;
        const file = await uploadPdfFile(ctx, id, upload.storage_key);
        if (!file) return await fail(revision.previous_upload_ids.includes(id) ? PREVIOUS_FILES_GONE_MESSAGE : COULD_NOT_COMPARE);
        files.set(id, file);
      }
      const pairs = toCompare.map((s): SheetPair => ({
        position: s.sheet.position,
        before: { file: (files.get(s.previous?.uploadId ?? '') as UploadPdfFile).file, page: (s.previous?.number ?? 1) - 1 },
        after: { file: (files.get(s.sheet.uploadId) as UploadPdfFile).file, page: s.sheet.number - 1 },
      }));
      const started = Date.now();
      const { results, limit } = await compareSheetPairs(pairs, {
        dir,
        dpi: COMPARE_DPI,
        memoryLimitMb: analyzeLimits.memoryLimitMb,
        timeoutMs: analyzeLimits.timeoutMs + MS_PER_PAIR * pairs.length,
      });
      log.debug(`compared ${pairs.length} pairs in ${Date.now() - started} ms`, { revisionId });
      if (limit) return await fail(COULD_NOT_COMPARE);
      for (const result of results) {
        if (!result.overlay) continue;
        for (const large of [false, true]) {
          const file = path.join(dir, `${result.position}${large ? '-large' : ''}.png`);
          await ctx.storage.put(revisionOverlayKey(revisionId, result.position, large), fs.createReadStream(file), { contentType: 'image/png' });
        }
      }
      await writeResults(ctx, revisionId, plan.sheets, new Map(results.map((r) => [r.position, r])), plan.removed, plan.message);
    } catch (error) {
      if (helpers.job.attempts < helpers.job.max_attempts) throw error;
      log.warn('compare failed on its last attempt', { revisionId, error });
      await fail(COULD_NOT_COMPARE);
    } finally {
      await fs.promises.rm(dir, { recursive: true, force: true });
    }
  },
});

/** One sheet's row from its plan and, when it was compared, its result. */
function sheetRow(planned: PlannedSheet, result: PairResult | undefined): RevisionSheetRow {
  const { sheet, previous, decided } = planned;
  const base = { position: sheet.position, sheet_number: sheet.sheetNumber, sheet_title: sheet.sheetTitle, previous_position: previous?.position ?? null };
  if (decided) {
    const share = decided.change === 'new' ? null : decided.change === 'changed' ? 1 : 0;
    return { ...base, change: decided.change, changed_share: share, boxes: [], reason: decided.reason, has_overlay: false };
  }
  // A pair the child did not answer for, or could not render: changed, so it is printed and looked at.
  if (!result || result.failed) return { ...base, change: 'changed', changed_share: null, boxes: [], reason: 'could not be compared', has_overlay: false };
  const changed = result.boxes.length > 0;
  const reason = changed && onlyInTitleBlock(result.boxes, sheet.widthIn, sheet.heightIn) ? 'title block only' : null;
  return { ...base, change: changed ? 'changed' : 'unchanged', changed_share: result.changedShare, boxes: result.boxes, reason, has_overlay: result.overlay };
}

async function writeResults(
  ctx: AppContext,
  revisionId: string,
  planned: PlannedSheet[],
  results: Map<number, PairResult>,
  removed: { position: number; sheetNumber: string | null; sheetTitle?: string | null }[],
  message: string | null,
): Promise<void> {
  const rows = planned.map((p) => sheetRow(p, results.get(p.sheet.position)));
  const gone = removed.map((s) => ({ previous_position: s.position, sheet_number: s.sheetNumber, sheet_title: s.sheetTitle ?? null }));
  await ctx.sql.begin((tx) => recordComparison(tx, { revisionId, sheets: rows, removed: gone, message }));
}
