/** The storage interface and its types; adapters implement it, index.ts picks one. */
import type { Readable } from 'node:stream';

export type PutOptions = { contentType?: string; contentLength?: number };

/** What a browser needs to send one file straight to the store: the form's action and its fields. */
export type PresignedPost = { url: string; fields: Record<string, string> };

/** The limits a presigned POST's policy holds the browser to. */
export type PresignedPostLimits = { maxBytes: number; contentType: string; expiresSeconds: number };

export interface Storage {
  readonly kind: 'local' | 's3';
  /** The origin a browser sends presigned POSTs to (the page's CSP must allow it), or null without them. */
  readonly directUploadOrigin: string | null;
  /** Writes `body` under `key`, replacing what was there; resolves with the stored size. */
  put(key: string, body: Readable | Buffer, options?: PutOptions): Promise<{ size: number }>;
  /** A stream of the stored bytes; rejects with StorageNotFoundError when the key is absent. */
  get(key: string): Promise<Readable>;
  /**
   * A path the object can be read at where it is stored, or null when it is not a local file (S3):
   * readers that need a file (MuPDF) then read it in place instead of copying it.
   */
  localPath(key: string): string | null;
  /** Size of a stored object, or null when absent. */
  stat(key: string): Promise<{ size: number } | null>;
  /** Deletes one object; deleting what is absent is not an error. */
  delete(key: string): Promise<void>;
  /** Deletes every object whose key starts with `prefix` (which must end with '/'). */
  deletePrefix(prefix: string): Promise<void>;
  /**
   * A presigned POST for `key` whose policy enforces `limits`, or null when the store cannot take a
   * browser's upload directly (local files: the web process takes the upload in itself).
   */
  presignedPost(key: string, limits: PresignedPostLimits): Promise<PresignedPost | null>;
  /** The names of the folders directly under `prefix` (which must end with '/'): `uploads/` gives upload ids. */
  listFolders(prefix: string): AsyncIterable<string>;
  /**
   * When anything under `prefix` (ending with '/') was last written, or null when nothing is there.
   * A local folder counts itself, so an empty folder has an age too.
   */
  lastModified(prefix: string): Promise<Date | null>;
  /**
   * Removes writes that never finished and were started before `before`: local temp files, S3
   * multipart uploads never completed (what a process killed mid-upload leaves). Resolves with how many.
   */
  removeUnfinished(before: Date): Promise<number>;
}

/** Thrown by `get` for a key that does not exist. */
export class StorageNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`No stored object at ${key}`);
    this.name = 'StorageNotFoundError';
  }
}

/** Keys are relative, '/'-separated, without '..' or leading '/': safe as file paths and S3 keys. */
export function assertSafeKey(key: string): void {
  if (!/^[A-Za-z0-9][A-Za-z0-9._\-/]*$/.test(key) || key.split('/').some((part) => part === '..' || part === '.' || part === '')) {
    throw new Error(`Unsafe storage key: ${JSON.stringify(key)}`);
  }
}
