/**
 * How fast the web process takes in upload bytes, all uploads together. Unthrottled, a few uploads on
 * a fast link (or a LAN, or loopback at 300 MB/s) keep the process's one event loop and the machine's
 * cores busy receiving, and every other request waits behind them (measured: the API's p99 went to 7×
 * while 4 clients uploaded 50 MB each). A token bucket shared by every upload in the process holds
 * the intake to a rate far above what a customer's connection sends, so a real upload is never
 * slowed, while reading stops (and TCP pushes back on the sender) when bytes arrive faster.
 */
import { PassThrough, Transform, type TransformCallback } from 'node:stream';
import { TokenBucket } from 'limiter';

/** Bytes in one go: about 50 ms at the rate, never below one socket read (64 KiB). */
function burstBytes(bytesPerSecond: number): number {
  return Math.max(64 * 1024, Math.round(bytesPerSecond / 20));
}

export type UploadIntake = { through(): Transform };

/** One process-wide intake; `megabytesPerSecond` 0 means unthrottled. */
export function uploadIntake(megabytesPerSecond: number): UploadIntake {
  if (megabytesPerSecond <= 0) return { through: () => new PassThrough() };
  const rate = megabytesPerSecond * 1024 * 1024;
  const burst = burstBytes(rate);
  const bucket = new TokenBucket({ bucketSize: burst, tokensPerInterval: rate, interval: 'second' });
  return {
    through: () =>
      new Transform({
        transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
          void (async () => {
            for (let at = 0; at < chunk.length; at += burst) await bucket.removeTokens(Math.min(burst, chunk.length - at));
            done(null, chunk);
          })().catch((error: unknown) => done(error as Error));
        },
      }),
  };
}
