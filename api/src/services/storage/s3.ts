/** S3 storage. Placeholder until the upload issue implements it with @aws-sdk/client-s3. */
import type { Readable } from 'node:stream';
import type { Storage } from './index';

export type S3Options = {
  bucket: string;
  endpoint?: string;
  region: string;
  forcePathStyle: boolean;
  accessKeyId?: string;
  secretAccessKey?: string;
};

export class S3Storage implements Storage {
  readonly kind = 's3' as const;
  constructor(readonly options: S3Options) {}
  put(_key: string, _body: Readable | Buffer): Promise<{ size: number }> {
    throw new Error('S3 storage is not implemented yet');
  }
  get(_key: string): Promise<Readable> {
    throw new Error('S3 storage is not implemented yet');
  }
  stat(_key: string): Promise<{ size: number } | null> {
    throw new Error('S3 storage is not implemented yet');
  }
  delete(_key: string): Promise<void> {
    throw new Error('S3 storage is not implemented yet');
  }
  deletePrefix(_prefix: string): Promise<void> {
    throw new Error('S3 storage is not implemented yet');
  }
}
