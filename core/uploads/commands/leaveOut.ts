/**
 * Leaving out of a refused file the sheets no paper takes: a new upload of the same file without
 * them, recorded `analyzing` with the job that writes its PDF (uploads__leave_out, MuPDF in the
 * worker), which then hands it to the analysis as any upload. One per refused upload, however often
 * asked; the original stays as it was.
 */
import { addJob, type Queryable } from '../../lib/db';
import { badRequest } from '../../lib/errors';
import { sheetPagesText, type UnprintableSheet, type UploadStatus } from '#shared/sheets';

/** The refused upload, the pages asked to be left out, and the new upload's id and key (used only when it is made now). */
export type LeaveOutInput = { uploadId: string; pages: number[]; newUploadId: string; storageKey: string };

/** The upload made without those sheets (made now, or before). */
export type LeaveOutResult = { uploadId: string; fileName: string; status: UploadStatus; created: boolean };

type Original = {
  status: UploadStatus;
  session_sid: string | null;
  user_id: string | null;
  file_name: string;
  page_count: number | null;
  message: string | null;
  unprintable_sheets: UnprintableSheet[] | null;
};

/** Why `pages` cannot be left out of `upload`, in a sentence, or null when they can. */
export function leaveOutRefusal(upload: Pick<Original, 'status' | 'page_count' | 'unprintable_sheets'>, pages: readonly number[]): string | null {
  if (upload.status === 'ready') return 'This file is ready to print: there is nothing to leave out.';
  if (upload.status === 'analyzing') return 'This file is still being checked. Please wait for its verdict.';
  const count = upload.page_count ?? 0;
  const outside = pages.find((p) => p > count);
  if (count > 0 && outside !== undefined) return `This file has ${count} ${count === 1 ? 'page' : 'pages'}: there is no sheet ${outside} to leave out.`;
  if (count > 0 && new Set(pages).size >= count) return 'Leaving out every sheet would leave nothing to print. Please upload a file with sheets we print.';
  const unprintable = (upload.unprintable_sheets ?? []).map((s) => s.page);
  if (unprintable.length === 0) {
    return 'This file was not refused for sheets of a size we cannot print, so leaving sheets out would not help. Please upload a corrected file.';
  }
  const printable = pages.filter((p) => !unprintable.includes(p));
  if (printable.length > 0) {
    const one = printable.length === 1;
    return `${cap(sheetPagesText(printable))} ${one ? 'prints as it is' : 'print as they are'}: leave out only what we cannot print (${sheetPagesText(unprintable)}).`;
  }
  const kept = unprintable.filter((p) => !pages.includes(p));
  if (kept.length > 0) {
    return `${cap(sheetPagesText(kept))} cannot be printed either: leave out every sheet we cannot print (${sheetPagesText(unprintable)}).`;
  }
  return null;
}

const cap = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Records the upload of `uploadId`'s file without `pages` (which must be exactly its unprintable
 * sheets: 400 otherwise, nothing written), for the same browser session and account, under the
 * customer's file name, with its job; or answers the one made before.
 */
export async function leaveOutSheets(tx: Queryable, input: LeaveOutInput): Promise<LeaveOutResult> {
  // Locked, so two requests at once make one upload: the second waits, then finds the first's.
  const [original] = await tx<Original[]>`
    select status, session_sid, user_id, file_name, page_count, message, unprintable_sheets
    from uploads where id = ${input.uploadId} for update`;
  if (!original) throw badRequest('That upload is gone. Please upload the file again.');
  const refusal = leaveOutRefusal(original, input.pages);
  if (refusal) throw badRequest(refusal);
  const [made] = await tx<{ id: string; file_name: string; status: UploadStatus }[]>`
    select id, file_name, status from uploads where left_out_of = ${input.uploadId}`;
  if (made) return { uploadId: made.id, fileName: made.file_name, status: made.status, created: false };
  const leftOut = (original.unprintable_sheets ?? []).filter((s) => input.pages.includes(s.page));
  // Its size is known once the worker has written it; 0 until then.
  await tx`
    insert into uploads (id, session_sid, user_id, file_name, file_size, storage_key, left_out_of, left_out, left_out_message)
    values (${input.newUploadId}, ${original.session_sid}, ${original.user_id}, ${original.file_name}, 0, ${input.storageKey},
            ${input.uploadId}, ${tx.json(leftOut)}, ${original.message})`;
  await addJob(tx, 'uploads__leave_out', { uploadId: input.newUploadId }, { jobKey: `uploads__leave_out:${input.newUploadId}`, maxAttempts: 3 });
  return { uploadId: input.newUploadId, fileName: original.file_name, status: 'analyzing', created: true };
}

/**
 * The left-out upload's PDF is stored (`fileSize` bytes): its size recorded and its analysis
 * enqueued, as for any upload received. Only while it is still analysing (a second run changes nothing).
 */
export async function recordLeftOutFile(tx: Queryable, input: { uploadId: string; fileSize: number }): Promise<void> {
  const updated = await tx`update uploads set file_size = ${input.fileSize} where id = ${input.uploadId} and status = 'analyzing'`;
  if (updated.count === 0) return;
  await addJob(tx, 'uploads__analyze', { uploadId: input.uploadId }, { jobKey: `uploads__analyze:${input.uploadId}`, maxAttempts: 3 });
}
