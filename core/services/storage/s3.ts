/**
 * S3 storage (or any S3-compatible store: MinIO, R2, s3rver) through @aws-sdk/client-s3. Puts stream
 * through @aws-sdk/lib-storage's multipart Upload, so a 50 MB PDF is never held whole in memory: at
 * most `queueSize` parts of `partSize` bytes are buffered at once.
 */
import { Readable, Transform } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { assertSafeKey, StorageNotFoundError, type PresignedPost, type PresignedPostLimits, type PutOptions, type Storage } from './types';

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

/**
 * Where the SDK sends a bucket's presigned POSTs, as an origin: the endpoint itself with path-style
 * addressing, else the bucket as a sub-domain of the endpoint or of AWS's regional host (what
 * createPresignedPost builds; s3.test.ts holds the two to each other).
 */
export function bucketOrigin(options: Pick<S3Options, 'bucket' | 'endpoint' | 'region' | 'forcePathStyle'>): string {
  if (!options.endpoint) return `https://${options.bucket}.s3.${options.region}.amazonaws.com`;
  const endpoint = new URL(options.endpoint);
  return options.forcePathStyle ? endpoint.origin : `${endpoint.protocol}//${options.bucket}.${endpoint.host}`;
}

function isNotFound(error: unknown): boolean {
  if (error instanceof S3ServiceException) return error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata?.httpStatusCode === 404;
  return false;
}

export class S3Storage implements Storage {
  readonly kind = 's3' as const;
  readonly client: S3Client;
  readonly directUploadOrigin: string;

  constructor(readonly options: S3Options) {
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle,
      credentials: options.accessKeyId && options.secretAccessKey ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } : undefined,
    });
    this.directUploadOrigin = bucketOrigin(options);
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

  /**
   * A presigned POST for one key: the policy names the key (the server picks it, never the browser),
   * caps the size at `maxBytes` and pins the content type, and expires after `expiresSeconds`.
   */
  async presignedPost(key: string, limits: PresignedPostLimits): Promise<PresignedPost> {
    assertSafeKey(key);
    return createPresignedPost(this.client, {
      Bucket: this.options.bucket,
      Key: key,
      Fields: { 'Content-Type': limits.contentType },
      Conditions: [
        ['content-length-range', 1, limits.maxBytes],
        ['eq', '$Content-Type', limits.contentType],
      ],
      Expires: limits.expiresSeconds,
    });
  }

  async *listFolders(prefix: string): AsyncIterable<string> {
    if (!prefix.endsWith('/')) throw new Error('listFolders needs a prefix ending in /');
    assertSafeKey(prefix.slice(0, -1));
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.options.bucket, Prefix: prefix, Delimiter: '/', MaxKeys: 1000, ContinuationToken: token }),
      );
      for (const common of page.CommonPrefixes ?? []) {
        const name = common.Prefix?.slice(prefix.length, -1);
        if (name) yield name;
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async lastModified(prefix: string): Promise<Date | null> {
    if (!prefix.endsWith('/')) throw new Error('lastModified needs a prefix ending in /');
    assertSafeKey(prefix.slice(0, -1));
    let newest: Date | null = null;
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.options.bucket, Prefix: prefix, MaxKeys: 1000, ContinuationToken: token }));
      for (const object of page.Contents ?? []) if (object.LastModified && (!newest || object.LastModified > newest)) newest = object.LastModified;
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return newest;
  }

  async removeUnfinished(before: Date): Promise<number> {
    let removed = 0;
    let keyMarker: string | undefined;
    let uploadIdMarker: string | undefined;
    do {
      let page;
      try {
        page = await this.client.send(new ListMultipartUploadsCommand({ Bucket: this.options.bucket, KeyMarker: keyMarker, UploadIdMarker: uploadIdMarker }));
      } catch (error) {
        // A store that cannot list unfinished uploads (s3rver) shows none to remove.
        if (error instanceof S3ServiceException && error.name === 'NotImplemented') return removed;
        throw error;
      }
      for (const upload of page.Uploads ?? []) {
        if (!upload.Key || !upload.UploadId || !upload.Initiated || upload.Initiated >= before) continue;
        await this.client.send(new AbortMultipartUploadCommand({ Bucket: this.options.bucket, Key: upload.Key, UploadId: upload.UploadId }));
        removed += 1;
      }
      keyMarker = page.IsTruncated ? page.NextKeyMarker : undefined;
      uploadIdMarker = page.IsTruncated ? page.NextUploadIdMarker : undefined;
    } while (keyMarker);
    return removed;
  }
}
