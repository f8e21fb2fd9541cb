/**
 * A sheet's enlarged preview, drawn when a customer first enlarges it (the card's small previews
 * are 360 px, blurry when shown large): the API queues the drawing (commands/largePreview.ts) and
 * answers "being drawn", the worker renders the one sheet with MuPDF and stores it beside the small
 * preview, where the API finds it and retention deletes it with the upload. The stored file is the record: a second run
 * finds it and draws nothing, and a run killed before storing leaves nothing half written.
 */
import { LARGE_PREVIEW_PX } from '#shared/limits';
import type { Queryable } from '../lib/db';
import type { Storage } from '../services/storage/types';
import { uploadLargePreviewKey } from '../services/storage/keys';

/** What one run did, for the task's log and the tests. */
export type LargePreviewOutcome = { kind: 'skipped'; reason: string } | { kind: 'drawn'; key: string; width: number; height: number };

/** Where the drawer reads the upload's PDF (null when it is gone), and how to let go of it. */
export type UploadOpener = (uploadId: string, storageKey: string) => Promise<{ file: string; release(): void } | null>;

/** Draws and stores sheet `page`'s enlarged preview unless there is nothing (more) to draw. */
export async function drawLargePreview(
  deps: { sql: Queryable; storage: Storage; open: UploadOpener },
  input: { uploadId: string; page: number },
): Promise<LargePreviewOutcome> {
  const [upload] = await deps.sql<{ storage_key: string; status: string; preview_count: number; file_deleted_at: Date | null }[]>`
    select storage_key, status, preview_count, file_deleted_at from uploads where id = ${input.uploadId}`;
  if (!upload) return { kind: 'skipped', reason: 'the upload is gone' };
  if (upload.status !== 'ready' || input.page > upload.preview_count) return { kind: 'skipped', reason: 'the sheet has no preview' };
  if (upload.file_deleted_at) return { kind: 'skipped', reason: 'the file was deleted' };
  const key = uploadLargePreviewKey(input.uploadId, input.page);
  if (await deps.storage.stat(key)) return { kind: 'skipped', reason: 'already drawn' };
  const [sheet] = await deps.sql<{ color: boolean | null; color_share: number | null }[]>`
    select color, color_share from upload_sheets where upload_id = ${input.uploadId} and number = ${input.page}`;
  // In grey only when the report saw no color at all: a sheet with a little color keeps it.
  const colored = !sheet || sheet.color !== false || (sheet.color_share ?? 0) > 0;
  const local = await deps.open(input.uploadId, upload.storage_key);
  if (!local) return { kind: 'skipped', reason: 'the file is gone from the store' };
  try {
    const { largePreviewPng } = await import('../services/pdf/largePreview');
    const drawn = largePreviewPng(local.file, input.page, LARGE_PREVIEW_PX, colored);
    await deps.storage.put(key, Buffer.from(drawn.png), { contentType: 'image/png', contentLength: drawn.png.length });
    // Retention may have deleted the upload's folder while this was drawn (it deletes the files, then
    // marks the row): a preview stored after that would outlive them, as nothing deletes it again.
    const [after] = await deps.sql<{ file_deleted_at: Date | null }[]>`select file_deleted_at from uploads where id = ${input.uploadId}`;
    if (!after || after.file_deleted_at || !(await deps.storage.stat(upload.storage_key))) {
      await deps.storage.delete(key);
      return { kind: 'skipped', reason: 'the file was deleted while its preview was drawn' };
    }
    return { kind: 'drawn', key, width: drawn.width, height: drawn.height };
  } finally {
    local.release();
  }
}
