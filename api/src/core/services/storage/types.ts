/** The storage interface and its types; adapters implement it, index.ts picks one. */
import type { Readable } from 'node:stream';

export type PutOptions = { contentType?: string; contentLength?: number };

export interface Storage {
  readonly kind: 'local' | 's3';
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
