/**
 * The one table of a zip export's moves. Every change of its `status` is looked up here first; the
 * commands in commands/ are the only code that writes it.
 *
 * An export is requested `processing` and built by `exports__build`: it becomes `completed` when its
 * zip is stored, or `failed` when none of its orders has a file left or its last attempt failed (an
 * earlier attempt that fails leaves it processing, for the retry). Completed and failed are final:
 * the counter requests a new export. Every export is deleted EXPORT_TTL_HOURS after it was
 * requested, whatever its status (`exports__delete_expired`): deletion is not a status.
 */

/** An export's statuses, as the database's check allows them. */
export const EXPORT_STATUSES = ['processing', 'completed', 'failed'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

/** The table: FROM status → the statuses it may move to. */
export const EXPORT_MOVES: Readonly<Record<ExportStatus, readonly ExportStatus[]>> = {
  processing: ['completed', 'failed'],
  completed: [],
  failed: [],
};

/** True when an export may move from `from` to `to`. */
export function canMoveExport(from: ExportStatus, to: ExportStatus): boolean {
  return EXPORT_MOVES[from].includes(to);
}

/** The statuses an export may move to `to` from (for a conditional update's where clause). */
export function exportSourcesOf(to: ExportStatus): ExportStatus[] {
  return EXPORT_STATUSES.filter((from) => canMoveExport(from, to));
}
