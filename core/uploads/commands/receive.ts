/**
 * Receiving a file: the `uploads` row and its analysis job in the caller's transaction (so the job
 * exists exactly when the row does), and the presigned upload's intent that comes before it.
 */
import { addJob, type Queryable } from '../../lib/db';

/** An upload's file: whose it is, what it is called, and where it is stored. */
export type UploadFileInput = {
  uploadId: string;
  sessionSid: string;
  userId: string | null;
  fileName: string;
  fileSize: number;
  storageKey: string;
};

/** A stored PDF to record: who sent it, and where it is. */
export type RecordUploadInput = UploadFileInput & {
  /** Known when the bytes came through the API; null for a presigned upload straight to the bucket. */
  sha256: string | null;
};

/** Records an upload in `analyzing` and enqueues uploads__analyze. */
export async function recordUpload(tx: Queryable, input: RecordUploadInput): Promise<void> {
  await tx`
    insert into uploads (id, session_sid, user_id, file_name, file_size, storage_key, sha256)
    values (${input.uploadId}, ${input.sessionSid}, ${input.userId}, ${input.fileName}, ${input.fileSize}, ${input.storageKey}, ${input.sha256})`;
  await addJob(tx, 'uploads__analyze', { uploadId: input.uploadId }, { jobKey: `uploads__analyze:${input.uploadId}`, maxAttempts: 3 });
}

/** A presigned upload handed out: the key the server chose, for whom, and the size the browser declared. */
export type OpenUploadIntentInput = UploadFileInput;

/** Records the intent of a presigned upload, until the browser says the file is there (or the sweep removes it). */
export async function openUploadIntent(db: Queryable, input: OpenUploadIntentInput): Promise<void> {
  await db`
    insert into upload_intents (id, session_sid, user_id, file_name, file_size, storage_key)
    values (${input.uploadId}, ${input.sessionSid}, ${input.userId}, ${input.fileName}, ${input.fileSize}, ${input.storageKey})`;
}

/**
 * Moves a presigned upload's intent to an `uploads` row with its analysis job, `fileSize` being what
 * the store holds. Answers false when the intent is gone (another request completed it meanwhile).
 */
export async function completeUploadIntent(tx: Queryable, input: { uploadId: string; fileSize: number }): Promise<boolean> {
  const [intent] = await tx<{ session_sid: string; user_id: string | null; file_name: string; storage_key: string }[]>`
    delete from upload_intents where id = ${input.uploadId} returning session_sid, user_id, file_name, storage_key`;
  if (!intent) return false;
  await recordUpload(tx, {
    uploadId: input.uploadId,
    sessionSid: intent.session_sid,
    userId: intent.user_id,
    fileName: intent.file_name,
    fileSize: input.fileSize,
    storageKey: intent.storage_key,
    sha256: null,
  });
  return true;
}

/**
 * Drops a presigned upload's intent (its object is already deleted): one found too large, or one
 * never completed (`createdBefore`: only while it is still that old, so a fresh one is never taken).
 */
export async function dropUploadIntent(db: Queryable, input: { uploadId: string; createdBefore?: Date }): Promise<void> {
  if (input.createdBefore) await db`delete from upload_intents where id = ${input.uploadId} and created_at < ${input.createdBefore}`;
  else await db`delete from upload_intents where id = ${input.uploadId}`;
}
