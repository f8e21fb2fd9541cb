/**
 * The one table of an upload's moves. Every change of its `status` (the verdict the customer polls)
 * and of its sheet report (`sheets_complete`) is looked up here first; the commands in
 * core/uploads/commands/ are the only code that writes them.
 *
 * An upload starts `analyzing`; the analysis gives its verdict once, `ready` or `rejected`. The
 * per-sheet report of a ready upload may still turn it down (every sheet rendered as nothing):
 * ready → rejected, with the report. Rejected is final: the customer uploads a corrected file. A
 * ready upload's sheet report is pending until it is written whole (or gives up): pending → complete,
 * only while the upload is ready; a rejected upload has no report to come.
 */
import type { UploadStatus } from '#shared/sheets';

/** What moves an upload's status: the analysis's verdict, or the per-sheet report that follows it. */
export type UploadMoveCause = 'verdict' | 'report';

/** The status table: FROM status → TO status → the one cause that may make the move; a pair not here is refused. */
export const UPLOAD_MOVES: Readonly<Record<UploadStatus, Partial<Record<UploadStatus, UploadMoveCause>>>> = {
  analyzing: { ready: 'verdict', rejected: 'verdict' },
  ready: { rejected: 'report' },
  rejected: {},
};

/** The answer for one move: allowed, or refused with why (for the log and the tests). */
export type UploadMoveAnswer = { kind: 'move' } | { kind: 'refused'; reason: string };

/** Why a move that is not in the table (or not for this cause) is refused. */
function refusal(from: UploadStatus, to: UploadStatus): string {
  if (to === 'analyzing') return 'An upload is analysed once: it does not go back to analyzing.';
  if (from === 'rejected') return 'This upload was rejected: the customer uploads a corrected file.';
  if (from === to) return `This upload is already ${from}.`;
  if (from === 'analyzing') return 'Only the analysis gives an upload its verdict.';
  // Left: a ready upload turned down by a second verdict.
  return 'This upload already has its verdict: only its sheet report may still turn it down.';
}

/** Looks a status move up in the table. */
export function moveUpload(from: UploadStatus, to: UploadStatus, cause: UploadMoveCause): UploadMoveAnswer {
  return UPLOAD_MOVES[from][to] === cause ? { kind: 'move' } : { kind: 'refused', reason: refusal(from, to) };
}

/** The statuses an upload may move to `to` from for `cause` (for a conditional update's where clause). */
export function uploadSourcesOf(to: UploadStatus, cause: UploadMoveCause): UploadStatus[] {
  return (Object.keys(UPLOAD_MOVES) as UploadStatus[]).filter((from) => UPLOAD_MOVES[from][to] === cause);
}

/** Where an upload's per-sheet report stands: still to come (or running), or written whole (or given up). */
export type SheetReportState = 'pending' | 'complete';

/** The sheet report table: FROM state → TO state → the upload statuses in which the move may happen. */
export const SHEET_REPORT_MOVES: Readonly<Record<SheetReportState, Partial<Record<SheetReportState, readonly UploadStatus[]>>>> = {
  pending: { complete: ['ready'] },
  complete: {},
};

/** Looks a sheet report move up in the table, for an upload in `status`. */
export function moveSheetReport(status: UploadStatus, from: SheetReportState, to: SheetReportState): UploadMoveAnswer {
  if (SHEET_REPORT_MOVES[from][to]?.includes(status)) return { kind: 'move' };
  if (from === 'complete') return { kind: 'refused', reason: 'This sheet report is already complete.' };
  if (to === 'pending') return { kind: 'refused', reason: 'This sheet report is already pending.' };
  return { kind: 'refused', reason: `This upload is ${status}: it has no sheet report to complete.` };
}

/** The upload statuses in which a sheet report may be completed (for a conditional update's where clause). */
export function sheetReportStatuses(): UploadStatus[] {
  return [...(SHEET_REPORT_MOVES.pending.complete ?? [])];
}
