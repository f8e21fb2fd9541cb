/** Sending stored files over HTTP: safe file-name headers, and streaming with a 404 a person can read. */
import type { Response } from 'express';
import { notFound } from '#core/lib/errors';
import { StorageNotFoundError, type Storage } from '#core/services/storage/index';

/**
 * A Content-Disposition value that is safe whatever the name holds: an ASCII fallback with quotes,
 * backslashes and control characters replaced, and the exact name in RFC 5987 `filename*`.
 */
export function contentDisposition(type: 'inline' | 'attachment', fileName: string): string {
  const cleaned =
    fileName
      .replace(/[\r\n\t\0-\x1f\x7f]/g, '')
      .replace(/[/\\]/g, '_')
      .trim() || 'file.pdf';
  const ascii = cleaned.replace(/[^\x20-\x7e]/g, '_').replace(/["%;]/g, '_');
  const encoded = encodeURIComponent(cleaned).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** Streams a stored file; a missing object is a 404 for a person, not a 500. */
export async function sendStoredFile(storage: Storage, res: Response, key: string, headers: Record<string, string>, missing: string): Promise<void> {
  const stat = await storage.stat(key);
  if (!stat) throw notFound(missing);
  let stream;
  try {
    stream = await storage.get(key);
  } catch (error) {
    if (error instanceof StorageNotFoundError) throw notFound(missing);
    throw error;
  }
  res.set({ ...headers, 'Content-Length': String(stat.size), 'Cache-Control': 'private, no-store' });
  await new Promise<void>((resolve, reject) => {
    stream.on('error', reject);
    res.on('close', () => {
      stream.destroy();
      resolve();
    });
    stream.pipe(res);
  }).catch((error) => {
    if (!res.headersSent) throw error;
    res.destroy();
  });
}
