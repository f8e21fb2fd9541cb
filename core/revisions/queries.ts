/** Reads of revisions the HTTP side needs: the order a revision compares with, the uploads it names, and its sheets. */
import type { Queryable } from '../lib/db';
import type { OrderRow } from '../orders/orderRow';
import type { ChangeReason, RevisionBox, SheetChange } from '#shared/revisions';

/** One sheet of the new issue as compared: what changed against the sheet it was matched with. */
export type RevisionSheetRow = {
  position: number;
  sheet_number: string | null;
  sheet_title: string | null;
  change: SheetChange;
  previous_position: number | null;
  changed_share: number | null;
  boxes: RevisionBox[];
  reason: ChangeReason | null;
  has_overlay: boolean;
};

/** A sheet of the previous issue that no sheet of the new one matched. */
export type RevisionRemovedRow = { previous_position: number; sheet_number: string | null; sheet_title?: string | null };

/** The order a new revision would compare with, or undefined; whoever asks checks who may see it. */
export async function previousOrderOf(db: Queryable, orderId: string): Promise<OrderRow | undefined> {
  const [order] = await db<OrderRow[]>`select * from orders where id = ${orderId}`;
  return order;
}

/** Who may name uploads in a revision: this browser's session, or the account signed in. */
export type UploadOwner = { sid: string | null; userId: string | null };

/** The uploads among `ids` that belong to `who`, with their verdicts (in no particular order). */
export async function ownedUploadVerdicts(db: Queryable, ids: string[], who: UploadOwner): Promise<{ id: string; status: string; message: string | null }[]> {
  return await db<{ id: string; status: string; message: string | null }[]>`
    select id, status, message from uploads
    where id = any(${ids}::uuid[]) and ((${who.sid}::text is not null and session_sid = ${who.sid}) or (${who.userId}::uuid is not null and user_id = ${who.userId}))`;
}

/** A revision's compared sheets, in position order. */
export async function revisionSheetsOf(db: Queryable, revisionId: string): Promise<RevisionSheetRow[]> {
  return await db<RevisionSheetRow[]>`
    select position, sheet_number, sheet_title, change, previous_position, changed_share, boxes, reason, has_overlay
    from revision_sheets where revision_id = ${revisionId} order by position`;
}

/** The previous issue's sheets that no new sheet matched, in their old order. */
export async function removedSheetsOf(db: Queryable, revisionId: string): Promise<RevisionRemovedRow[]> {
  return await db<RevisionRemovedRow[]>`
    select previous_position, sheet_number, sheet_title from revision_removed_sheets where revision_id = ${revisionId} order by previous_position`;
}

/** True when the revision's sheet at `position` has its overlay images stored. */
export async function hasOverlay(db: Queryable, revisionId: string, position: number): Promise<boolean> {
  const [sheet] = await db<{ has_overlay: boolean }[]>`
    select has_overlay from revision_sheets where revision_id = ${revisionId} and position = ${position}`;
  return sheet?.has_overlay === true;
}
