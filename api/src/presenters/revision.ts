/** Turns a revision's rows into its JSON (shared/revisions.ts): camelCase, overlay links, no internals. */
import type { Holder } from '#core/revisions/holders';
import { orderNumberOf } from '#shared/fields';
import type { RevisionJson, RevisionStatus } from '#shared/revisions';
import type { RevisionRemovedRow, RevisionSheetRow } from '#core/revisions/queries';

export type RevisionRow = {
  id: string;
  status: RevisionStatus;
  previous_order_id: string | null;
  message: string | null;
  user_id: string | null;
  session_sid: string | null;
};
export type { RevisionRemovedRow, RevisionSheetRow };

/** The overlay's path; `token` (an order's access token the page was opened with) rides along so an <img> can load it. */
export function overlayPath(revisionId: string, position: number, token: string | null): string {
  const query = token ? `?token=${encodeURIComponent(token)}` : '';
  return `/api/revisions/${revisionId}/sheets/${position}/overlay.png${query}`;
}

/** The revision's JSON; sheets and removed sheets only once it is ready. */
export function presentRevision(
  row: RevisionRow,
  sheets: RevisionSheetRow[],
  removed: RevisionRemovedRow[],
  token: string | null,
  holders: readonly Holder[] = [],
): RevisionJson {
  const ready = row.status === 'ready';
  return {
    revisionId: row.id,
    status: row.status,
    previousOrderNumber: row.previous_order_id ? orderNumberOf(row.previous_order_id) : null,
    sheets: ready
      ? sheets.map((s) => ({
          position: s.position,
          sheetNumber: s.sheet_number,
          sheetTitle: s.sheet_title,
          change: s.change,
          previousPosition: s.previous_position,
          changedShare: s.changed_share,
          boxes: s.boxes,
          overlayUrl: s.has_overlay ? overlayPath(row.id, s.position, token) : null,
          reason: s.reason,
        }))
      : [],
    removed: ready ? removed.map((r) => ({ sheetNumber: r.sheet_number, sheetTitle: r.sheet_title ?? null, previousPosition: r.previous_position })) : [],
    message: row.message,
    holders: ready
      ? holders.map((h) => ({ name: h.package.name, company: h.package.company, holds: h.heldSheetNumbers, receives: h.receivesSheetNumbers }))
      : [],
  };
}
