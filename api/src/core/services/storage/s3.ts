/**
 * S3 storage (or any S3-compatible store: MinIO, R2, s3rver) through @aws-sdk/client-s3. Puts stream
 * through @aws-sdk/lib-storage's multipart Upload, so a 50 MB PDF is never held whole in memory: at
 * most `queueSize` parts of `partSize` bytes are buffered at once.
 */
import { Readable, Transform } from 'node:stream';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { assertSafeKey, StorageNotFoundError, type PutOptions, type Storage } from './types';

export type S3Options = {
  bucket: string;
  endpoint?: string;
  region: string;
  forcePathStyle: boolean;
  accessKeyId?: string;
  secretAccessKey?: string;
};

/** S3's minimum part size; parts are buffered in memory, two at a time. */
const PART_SIZE = 5 * 1024 * 1024;
const QUEUE_SIZE = 2;

function isNotFound(error: unknown): boolean {
  if (error instanceof S3ServiceException) return error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata?.httpStatusCode === 404;
  return false;
}

export class S3Storage implements Storage {
  readonly kind = 's3' as const;
  readonly client: S3Client;

  constructor(readonly options: S3Options) {
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle,
      credentials: options.accessKeyId && options.secretAccessKey ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } : undefined,
    });
  }

  async put(key: string, body: Readable | Buffer, options: PutOptions = {}): Promise<{ size: number }> {
    assertSafeKey(key);
    let size = 0;
    const counted = Buffer.isBuffer(body)
      ? body
      : body.pipe(
          new Transform({
            transform(chunk: Buffer, _encoding, callback) {
              size += chunk.length;
              callback(null, chunk);
            },
          }),
        );
    // The source's errors do not cross pipe(): forward them so the upload aborts.
    if (!Buffer.isBuffer(body) && !Buffer.isBuffer(counted)) body.once('error', (error) => counted.destroy(error));
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.options.bucket, Key: key, Body: counted, ContentType: options.contentType ?? 'application/octet-stream' },
      partSize: PART_SIZE,
      queueSize: QUEUE_SIZE,
      // A failed upload removes its parts.
      leavePartsOnError: false,
    });
    await upload.done();
    return { size: Buffer.isBuffer(body) ? body.length : size };
  }

  async get(key: string): Promise<Readable> {
    assertSafeKey(key);
    try {
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.options.bucket, Key: key }));
      if (!(res.Body instanceof Readable)) throw new Error(`S3 returned no stream for ${key}`);
      return res.Body;
    } catch (error) {
      if (isNotFound(error)) throw new StorageNotFoundError(key);
      throw error;
    }
  }

  localPath(_key: string): null {
    return null;
  }

  async stat(key: string): Promise<{ size: number } | null> {
    assertSafeKey(key);
    try {
      const res = await this.client.send(new HeadObjectCommand({ Bucket: this.options.bucket, Key: key }));
      return { size: res.ContentLength ?? 0 };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertSafeKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: key }));
  }

  async deletePrefix(prefix: string): Promise<void> {
    if (!prefix.endsWith('/')) throw new Error('deletePrefix needs a prefix ending in /');
    assertSafeKey(prefix.slice(0, -1));
    // List the first page, delete it, list again: no continuation tokens (some S3-compatible
    // stores cannot make them) and no growing list of keys in memory.
    for (;;) {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.options.bucket, Prefix: prefix, MaxKeys: 1000 }));
      const keys = (page.Contents ?? []).map((o) => o.Key).filter((k): k is string => typeof k === 'string');
      if (keys.length === 0) return;
      const res = await this.client.send(
        new DeleteObjectsCommand({ Bucket: this.options.bucket, Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true } }),
      );
      if (res.Errors && res.Errors.length > 0)
        throw new Error(`S3 could not delete ${res.Errors.length} object(s) under ${prefix}: ${res.Errors[0].Message ?? res.Errors[0].Code}`);
    }
  }
}
