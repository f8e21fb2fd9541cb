import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { OffThreadSha256 } from './offThreadHash';

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe('OffThreadSha256', () => {
  it('hashes bytes fed in odd-sized chunks across 1 MB blocks, several hashes at once', async () => {
    const files = [randomBytes(3.5 * 1024 * 1024 + 17), randomBytes(1024 * 1024), randomBytes(10), Buffer.alloc(0)];
    const hashes = files.map(() => new OffThreadSha256());
    // Interleave the files' chunks as concurrent uploads would.
    for (let offset = 0; offset < files[0].length; offset += 65_521) {
      files.forEach((file, i) => {
        if (offset < file.length) hashes[i].update(file.subarray(offset, offset + 65_521));
      });
    }
    expect(await Promise.all(hashes.map((h) => h.digest()))).toEqual(files.map(sha256));
  });

  it('forgets an aborted hash and keeps serving the next one', async () => {
    const dropped = new OffThreadSha256();
    dropped.update(randomBytes(2 * 1024 * 1024));
    dropped.abort();
    const next = new OffThreadSha256();
    const bytes = randomBytes(1500);
    next.update(bytes);
    expect(await next.digest()).toBe(sha256(bytes));
  });
});
