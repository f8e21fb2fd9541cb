/**
 * Starting a revision: the row and its compare job, in the caller's transaction, so the job exists
 * exactly when the revision does (docs/decisions/029-revisions.md).
 */
import { addJob, type Queryable } from '../lib/db';
import { REPORT_FLAG } from '../services/pdf/analyze';

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
