/**
 * Local-disk storage under one root folder. Writes go to a temp file in the root's `.partial/`
 * folder (no key can start with a dot) and are renamed into place when whole, so a refused or
 * interrupted write leaves neither a half file nor an empty folder where keys live; a process killed
 * mid-write leaves only its temp file, which `removeUnfinished` sweeps.
 */
import type { Dirent } from 'node:fs';
import fs, { type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertSafeKey, StorageNotFoundError, type Storage, type PutOptions } from './types';

const WRITE_BLOCK = 1024 * 1024;

/**
 * A file written in blocks of about `size` bytes, each one `writev` of the chunks as they came (no
 * copy): a 50 MB upload is ~50 hand-offs to libuv's thread pool instead of ~800 (an upload arrives
 * in 64 KB reads, one at a time when it is paced), each of which costs the event loop time that
 * other requests wait for.
 */
function blockFile(file: string, size: number): Writable {
  let handle: FileHandle | null = null;
  let held: Buffer[] = [];
  let length = 0;
  const writeHeld = async () => {
    const chunks = held;
    held = [];
    length = 0;
    handle ??= await fs.open(file, 'w');
    if (chunks.length > 0) await handle.writev(chunks);
  };
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      held.push(chunk);
      length += chunk.length;
      if (length < size) return done();
      writeHeld().then(() => done(), done);
    },
    final(done) {
      writeHeld()
        .then(() => handle?.close())
        .then(() => done(), done);
    },
    destroy(error, done) {
      const open = handle;
      handle = null;
      if (!open) return done(error);
      open.close().then(
        () => done(error),
        () => done(error),
      );
    },
  });
}

/** Where unfinished writes live, beside the keys' folders. */
const PARTIAL_DIR = '.partial';

export class LocalStorage implements Storage {
  readonly kind = 'local' as const;
  readonly directUploadOrigin = null;
  constructor(private readonly root: string) {}

  /** The folder that holds writes in progress. */
  get partialDir(): string {
    return path.join(this.root, PARTIAL_DIR);
  }

  private pathOf(key: string): string {
    assertSafeKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  async put(key: string, body: Readable | Buffer, _options?: PutOptions): Promise<{ size: number }> {
    const target = this.pathOf(key);
    await fs.mkdir(this.partialDir, { recursive: true });
    const temp = path.join(this.partialDir, randomUUID());
    try {
      await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, blockFile(temp, WRITE_BLOCK));
      await this.moveIntoPlace(temp, target);
    } catch (error) {
      await fs.rm(temp, { force: true });
      throw error;
    }
    const { size } = await fs.stat(target);
    return { size };
  }

  /** Renames a finished temp file to its key's path, making the folders it needs. */
  private async moveIntoPlace(temp: string, target: string): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      await fs.mkdir(path.dirname(target), { recursive: true });
      try {
        return await fs.rename(temp, target);
      } catch (error) {
        // A sweep may remove the new, still empty folder between mkdir and rename: make it again.
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || attempt > 0) throw error;
      }
    }
  }

  async get(key: string): Promise<Readable> {
    const file = this.pathOf(key);
    try {
      const handle = await fs.open(file, 'r');
      // The stream owns the FileHandle: passing only its fd let the handle's GC close it a second time (EBADF).
      return handle.createReadStream({ autoClose: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new StorageNotFoundError(key);
      throw error;
    }
  }

  localPath(key: string): string {
    return this.pathOf(key);
  }

  async stat(key: string): Promise<{ size: number } | null> {
    try {
      const { size } = await fs.stat(this.pathOf(key));
      return { size };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.pathOf(key), { force: true });
  }

  async deletePrefix(prefix: string): Promise<void> {
    if (!prefix.endsWith('/')) throw new Error('deletePrefix needs a prefix ending in /');
    const dir = this.pathOf(prefix.slice(0, -1));
    await fs.rm(dir, { recursive: true, force: true });
  }

  /** Local files have no way in for a browser but the web process. */
  async presignedPost(): Promise<null> {
    return null;
  }

  async *listFolders(prefix: string): AsyncIterable<string> {
    if (!prefix.endsWith('/')) throw new Error('listFolders needs a prefix ending in /');
    const dir = this.pathOf(prefix.slice(0, -1));
    let entries: Dirent[];
    try {
      entries = await fs.readdir(dir, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const entry of entries) if (entry.isDirectory()) yield entry.name;
  }

  async lastModified(prefix: string): Promise<Date | null> {
    if (!prefix.endsWith('/')) throw new Error('lastModified needs a prefix ending in /');
    return newestUnder(this.pathOf(prefix.slice(0, -1)));
  }

  async removeUnfinished(before: Date): Promise<number> {
    let names: string[];
    try {
      names = await fs.readdir(this.partialDir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
      throw error;
    }
    let removed = 0;
    for (const name of names) {
      const file = path.join(this.partialDir, name);
      const stat = await fs.stat(file).catch(() => null);
      if (!stat || stat.mtime >= before) continue;
      await fs.rm(file, { recursive: true, force: true });
      removed += 1;
    }
    return removed;
  }
}

/** The newest modification time of a folder, its files and its sub-folders; null when it is absent. */
async function newestUnder(dir: string): Promise<Date | null> {
  let stat;
  try {
    stat = await fs.stat(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  let newest = stat.mtime;
  if (!stat.isDirectory()) return newest;
  for (const name of await fs.readdir(dir).catch(() => [])) {
    const inner = await newestUnder(path.join(dir, name));
    if (inner && inner > newest) newest = inner;
  }
  return newest;
}
