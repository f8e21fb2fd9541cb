/** What the worker's MuPDF jobs (uploads__analyze, uploads__report) share: their limits and where they read an upload's PDF. */
import fs from 'node:fs';
import path from 'node:path';
import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import type { AppContext } from '../../api/src/core/context';
import { StorageNotFoundError } from '../../api/src/core/services/storage/index';

/** Time and memory each analysis and each report may use; tests lower them. */
export const analyzeLimits = { timeoutMs: 60_000, memoryLimitMb: 1536 };

/**
 * The file MuPDF reads: the stored file itself when storage is local, else a copy downloaded once into
 * `dir`; null when the upload's file is gone.
 */
export async function uploadPdfFile(ctx: AppContext, storageKey: string, dir: string): Promise<string | null> {
  const local = ctx.storage.localPath(storageKey);
  if (local) {
    try {
      await fs.promises.access(local, fs.constants.R_OK);
      return local;
    } catch {
      return null;
    }
  }
  const file = path.join(dir, 'original.pdf');
  try {
    await pipeline(await ctx.storage.get(storageKey), createWriteStream(file));
    return file;
  } catch (error) {
    if (error instanceof StorageNotFoundError) return null;
    throw error;
  }
}

