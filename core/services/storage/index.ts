/**
 * File storage behind one interface: local files under DATA_DIR/files by default, S3 (or any
 * S3-compatible store) when S3_BUCKET is set. The choice is made once, at boot.
 */
import path from 'node:path';
import type { Env } from '#shared/env';
import { LocalStorage } from './local';
import type { Storage } from './types';

export * from './types';

/** Picks the storage adapter from the environment; the AWS SDK is loaded only when S3 is chosen. */
export async function createStorage(env: Env): Promise<Storage> {
  if (env.S3_BUCKET) {
    const { S3Storage } = await import('./s3');
    return new S3Storage({
      bucket: env.S3_BUCKET,
      endpoint: env.S3_ENDPOINT,
      region: env.S3_REGION,
      forcePathStyle: env.S3_FORCE_PATH_STYLE || Boolean(env.S3_ENDPOINT),
      accessKeyId: env.AWS_ACCESS_KEY_ID,
      secretAccessKey: env.AWS_SECRET_ACCESS_KEY,
    });
  }
  return new LocalStorage(path.resolve(env.DATA_DIR, 'files'));
}
