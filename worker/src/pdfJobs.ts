/** What the worker's MuPDF jobs (uploads__analyze, uploads__report) share: their limits and where they read an upload's PDF. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import type { AppContext } from '#core/context';
import { StorageNotFoundError } from '#core/services/storage/index';

export { REPORT_FLAG } from '#core/services/pdf/analyze';

/** Time and memory each analysis and each report may use; tests lower them. */
export const analyzeLimits = { timeoutMs: 60_000, memoryLimitMb: 1536 };

/** Where S3 uploads are downloaded to, one file per upload, shared by its analysis and its report. */
export const DOWNLOADS_DIR = path.join(os.tmpdir(), 'bp-upload-downloads');
/** A download left behind by a worker that died is removed after this long. */
const STALE_DOWNLOAD_MS = 3600_000;

/** An upload's PDF as a file MuPDF can read, and how to let go of it. */
export type UploadPdfFile = { file: string; release(): void };

/**
 * The file MuPDF reads: the stored file itself when storage is local (read in place, never copied);
 * for S3 one download per upload, kept for its report (which usually runs on the same worker right
 * after) until `release()`. Null when the upload's file is gone.
 */
export async function uploadPdfFile(ctx: AppContext, uploadId: string, storageKey: string): Promise<UploadPdfFile | null> {
  const local = ctx.storage.localPath(storageKey);
  if (local) {
    try {
      await fs.promises.access(local, fs.constants.R_OK);
      return { file: local, release: () => {} };
    } catch {
      return null;
    }
  }
  await fs.promises.mkdir(DOWNLOADS_DIR, { recursive: true });
  const file = path.join(DOWNLOADS_DIR, `${uploadId}.pdf`);
  const release = () => fs.rmSync(file, { force: true });
  const [stored, kept] = await Promise.all([ctx.storage.stat(storageKey), fs.promises.stat(file).catch(() => null)]);
  if (!stored) return null;
  if (kept && kept.size === stored.size) return { file, release };
  removeStaleDownloads();
  const partial = `${file}.${process.pid}.partial`;
  try {
    await pipeline(await ctx.storage.get(storageKey), createWriteStream(partial));
    await fs.promises.rename(partial, file);
    return { file, release };
  } catch (error) {
    fs.rmSync(partial, { force: true });
    if (error instanceof StorageNotFoundError) return null;
    throw error;
  }
}

function removeStaleDownloads(): void {
  try {
    for (const name of fs.readdirSync(DOWNLOADS_DIR)) {
      const file = path.join(DOWNLOADS_DIR, name);
      if (Date.now() - fs.statSync(file).mtimeMs > STALE_DOWNLOAD_MS) fs.rmSync(file, { force: true });
    }
  } catch {
    // Only housekeeping.
  }
}
