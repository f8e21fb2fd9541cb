/**
 * Every change of a revision (docs/decisions/029-revisions.md): starting it (the row and its compare
 * job, in the caller's transaction, so the job exists exactly when the revision does), its result
 * (ready with its sheets, or failed), and its expiry. Status moves are looked up in revisionMoves.ts.
 */
import { addJob, type Queryable } from '../lib/db';
import { REPORT_FLAG } from '../services/pdf/analyze';
import { revisionSourcesOf } from './revisionMoves';
import type { RevisionRemovedRow, RevisionSheetRow } from './queries';

export type StartRevisionInput = {
  previousOrderId: string | null;
  previousUploadIds: string[];
  uploadIds: string[];
  sessionSid: string | null;
  userId: string | null;
};

/** Records a revision in `comparing` and enqueues revisions__compare; answers its id. */
export async function startRevision(tx: Queryable, input: StartRevisionInput): Promise<string> {
  const [row] = await tx<{ id: string }[]>`
    insert into revisions (previous_order_id, previous_upload_ids, upload_ids, session_sid, user_id)
    values (${input.previousOrderId}, ${input.previousUploadIds}::uuid[], ${input.uploadIds}::uuid[], ${input.sessionSid}, ${input.userId})
    returning id`;
  // One at a time per worker process, as sheet reports are (they share its MuPDF child).
  await addJob(tx, 'revisions__compare', { revisionId: row.id }, { jobKey: `revisions__compare:${row.id}`, flags: [REPORT_FLAG], maxAttempts: 3 });
  return row.id;
}

/** Ends a comparing revision as failed, with the sentence the customer reads; a revision already ended is left alone. */
export async function failRevision(db: Queryable, input: { revisionId: string; message: string }): Promise<void> {
  await db`
    update revisions set status = 'failed', message = ${input.message}, compared_at = now()
    where id = ${input.revisionId} and status = any(${revisionSourcesOf('failed')}::text[])`;
}

/** The compare's result: every sheet, the previous issue's sheets no new one matched, and a note for the customer. */
export type RecordComparisonInput = {
  revisionId: string;
  sheets: RevisionSheetRow[];
  removed: RevisionRemovedRow[];
  message: string | null;
};

/**
 * Writes the result whole and moves the revision to ready, in the caller's transaction, only while
 * the table allows it (locked and checked, so a second run changes nothing). Answers whether it did.
 */
export async function recordComparison(tx: Queryable, { revisionId, sheets, removed, message }: RecordComparisonInput): Promise<boolean> {
  const [still] = await tx`select 1 from revisions where id = ${revisionId} and status = any(${revisionSourcesOf('ready')}::text[]) for update`;
  if (!still) return false;
  await tx`delete from revision_sheets where revision_id = ${revisionId}`;
  await tx`delete from revision_removed_sheets where revision_id = ${revisionId}`;
  await tx`
    insert into revision_sheets (revision_id, position, sheet_number, sheet_title, change, previous_position, changed_share, boxes, reason, has_overlay)
    select ${revisionId}::uuid, v.position, v.sheet_number, v.sheet_title, v.change, v.previous_position, v.changed_share, coalesce(v.boxes, '[]'::jsonb), v.reason, v.has_overlay
    from jsonb_to_recordset(${tx.json(sheets)}::jsonb) as v(position int, sheet_number text, sheet_title text, change text,
      previous_position int, changed_share real, boxes jsonb, reason text, has_overlay boolean)`;
  await tx`
    insert into revision_removed_sheets (revision_id, previous_position, sheet_number, sheet_title)
    select ${revisionId}::uuid, v.previous_position, v.sheet_number, v.sheet_title
    from jsonb_to_recordset(${tx.json(removed)}::jsonb) as v(previous_position int, sheet_number text, sheet_title text)`;
  await tx`update revisions set status = 'ready', message = ${message}, compared_at = now() where id = ${revisionId}`;
  return true;
}

/** Deletes a revision no order names, with its sheets (its overlays already gone). */
export async function deleteRevision(tx: Queryable, input: { revisionId: string }): Promise<void> {
  await tx`delete from revisions where id = ${input.revisionId}`;
}

/** The revision's overlays were deleted (every order that reprinted it has had its files deleted): its sheets say so. */
export async function markOverlaysDeleted(db: Queryable, input: { revisionId: string }): Promise<void> {
  await db`update revision_sheets set has_overlay = false where revision_id = ${input.revisionId}`;
}
