/** An upload's file over its life after the verdict: copied for a reorder, deleted after printing, or gone with its row. */
import type { Queryable } from '../../lib/db';
import type { UploadFileInput } from './receive';

/** A ready upload made from an earlier order's file: the copy's key and what is known of the set already. */
export type CopyReadyUploadInput = UploadFileInput & {
  pageCount: number;
  detectedSize: string;
  actualSize: string | null;
  colorSheets: number[] | null;
  /** The upload the file was copied from: its sheets' sizes come along. */
  sourceUploadId: string | null;
};

/**
 * Records a copy of a file already judged as a new upload, `ready` with its report complete (it is
 * not analysed again), with the sheets' sizes of its source so each sheet prints on its own paper.
 */
export async function copyReadyUpload(db: Queryable, input: CopyReadyUploadInput): Promise<void> {
  await db`
    insert into uploads (id, session_sid, user_id, file_name, file_size, storage_key, status, page_count, detected_size, actual_size, color_sheets, sheets_complete, analyzed_at)
    values (${input.uploadId}, ${input.sessionSid}, ${input.userId}, ${input.fileName}, ${input.fileSize}, ${input.storageKey}, 'ready', ${input.pageCount},
            ${input.detectedSize}, ${input.actualSize}, ${input.colorSheets}, true, now())`;
  if (input.sourceUploadId) {
    await db`
      insert into upload_sheets (upload_id, number, width_in, height_in)
      select ${input.uploadId}::uuid, number, width_in, height_in from upload_sheets where upload_id = ${input.sourceUploadId}`;
  }
}

/** The upload's file and previews were deleted after its order was printed (the retention job); recorded once. */
export async function markUploadFileDeleted(db: Queryable, input: { uploadId: string }): Promise<void> {
  await db`update uploads set file_deleted_at = coalesce(file_deleted_at, now()) where id = ${input.uploadId}`;
}

/** Deletes an upload that never became an order (its files already gone), with its sheets. */
export async function deleteUpload(tx: Queryable, input: { uploadId: string }): Promise<void> {
  await tx`delete from uploads where id = ${input.uploadId}`;
}
