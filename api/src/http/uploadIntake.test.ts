/**
 * The upload intake: bytes pass through unchanged and in order, at no more than the rate
 * for all streams together, and without a limit when the rate is 0.
 */
import { createHash, randomBytes } from 'node:crypto';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { uploadIntake, type UploadIntake } from './uploadIntake';

const MB = 1024 * 1024;

/** Sends `bytes` through one intake stream in 64 KB chunks; resolves to the SHA-256 of what came out. */
async function send(intake: UploadIntake, bytes: Buffer): Promise<string> {
  const chunks = Array.from({ length: Math.ceil(bytes.length / (64 * 1024)) }, (_, i) => bytes.subarray(i * 64 * 1024, (i + 1) * 64 * 1024));
  const hash = createHash('sha256');
  await pipeline(
    Readable.from(chunks),
    intake.through(),
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        done();
      },
    }),
  );
  return hash.digest('hex');
}

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe('upload intake', () => {
  it('passes every byte through in order', async () => {
    const bytes = randomBytes(3 * MB + 123);
    expect(await send(uploadIntake(64), bytes)).toBe(sha(bytes));
    expect(await send(uploadIntake(0), bytes)).toBe(sha(bytes));
  });

  it('holds all uploads together to the rate', async () => {
    // 8 MB/s shared by two 2 MB streams: 4 MB take about half a second (less the first burst).
    const intake = uploadIntake(8);
    const started = performance.now();
    await Promise.all([send(intake, randomBytes(2 * MB)), send(intake, randomBytes(2 * MB))]);
    const seconds = (performance.now() - started) / 1000;
    expect(seconds).toBeGreaterThan(0.4);
    expect(seconds).toBeLessThan(3);
  });

  it('does not hold anything back at rate 0', async () => {
    const started = performance.now();
    await send(uploadIntake(0), randomBytes(16 * MB));
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
