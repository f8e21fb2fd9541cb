import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import S3rver from 's3rver';
import { parseEnv } from '#shared/env';
import { createStorage, StorageNotFoundError } from './index';
import { bucketOrigin, S3Storage } from './s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { S3Client } from '@aws-sdk/client-s3';

// A real S3-compatible server on 127.0.0.1, started by the test (s3rver does not check signatures).
let server: S3rver;
let storage: S3Storage;
let dir: string;
const BUCKET = 'blueprint-test';

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-s3rver-'));
  server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dir, configureBuckets: [{ name: BUCKET, configs: [] }] });
  const { port } = await server.run();
  const env = parseEnv({ S3_BUCKET: BUCKET, S3_ENDPOINT: `http://127.0.0.1:${port}`, AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' });
  const chosen = await createStorage(env);
  expect(chosen).toBeInstanceOf(S3Storage);
  storage = chosen as S3Storage;
});

afterAll(async () => {
  storage?.client.destroy();
  await server?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A stream of `size` random bytes in 64 kB chunks, produced lazily (never whole in memory). */
function randomStream(size: number): { stream: Readable; digest: () => Buffer } {
  const chunks: Buffer[] = [];
  let sent = 0;
  const stream = new Readable({
    read() {
      if (sent >= size) return void this.push(null);
      const chunk = randomBytes(Math.min(65536, size - sent));
      sent += chunk.length;
      chunks.push(chunk.subarray(0, 16));
      this.push(chunk);
    },
  });
  return { stream, digest: () => Buffer.concat(chunks) };
}

describe('S3 storage against s3rver', () => {
  it('is chosen from S3_BUCKET with path-style addressing for an endpoint', () => {
    expect(storage.options.forcePathStyle).toBe(true);
    expect(storage.kind).toBe('s3');
  });

  it('puts a buffer and reads it back, with its size', async () => {
    const body = Buffer.from('%PDF-1.7 small object');
    expect(await storage.put('uploads/a/original.pdf', body, { contentType: 'application/pdf' })).toEqual({ size: body.length });
    expect((await buffer(await storage.get('uploads/a/original.pdf'))).toString()).toBe(body.toString());
    expect(await storage.stat('uploads/a/original.pdf')).toEqual({ size: body.length });
  });

  it('streams a 12 MB body as a multipart upload and reads back the same bytes', async () => {
    const size = 12 * 1024 * 1024 + 123;
    const source = randomBytes(size);
    const result = await storage.put('uploads/big/original.pdf', Readable.from(chunksOf(source, 64 * 1024)));
    expect(result.size).toBe(size);
    expect(await storage.stat('uploads/big/original.pdf')).toEqual({ size });
    const back = await buffer(await storage.get('uploads/big/original.pdf'));
    expect(back.equals(source)).toBe(true);
  });

  it('leaves nothing behind when the source stream fails midway', async () => {
    const { stream } = randomStream(8 * 1024 * 1024);
    let read = 0;
    stream.on('data', (c: Buffer) => {
      read += c.length;
      if (read > 6 * 1024 * 1024) stream.destroy(new Error('client went away'));
    });
    await expect(storage.put('uploads/broken/original.pdf', stream)).rejects.toThrow();
    expect(await storage.stat('uploads/broken/original.pdf')).toBeNull();
  });

  it('answers a missing key with StorageNotFoundError and null', async () => {
    await expect(storage.get('uploads/none/original.pdf')).rejects.toBeInstanceOf(StorageNotFoundError);
    expect(await storage.stat('uploads/none/original.pdf')).toBeNull();
    await storage.delete('uploads/none/original.pdf');
  });

  it('deletes one object, and every object under a prefix', async () => {
    await storage.put('uploads/gone/original.pdf', Buffer.from('x'));
    await storage.delete('uploads/gone/original.pdf');
    expect(await storage.stat('uploads/gone/original.pdf')).toBeNull();

    const keys = Array.from({ length: 300 }, (_, i) => `uploads/many/previews/${i + 1}.png`);
    for (let i = 0; i < keys.length; i += 50) await Promise.all(keys.slice(i, i + 50).map((k) => storage.put(k, Buffer.from(k))));
    await storage.put('uploads/manyother/original.pdf', Buffer.from('keep me'));
    await storage.deletePrefix('uploads/many/');
    expect(await storage.stat(keys[0])).toBeNull();
    expect(await storage.stat(keys[299])).toBeNull();
    expect(await storage.stat('uploads/manyother/original.pdf')).toEqual({ size: 7 });
  }, 120_000);

  it('refuses unsafe keys', async () => {
    await expect(storage.put('../etc/passwd', Buffer.from('x'))).rejects.toThrow(/Unsafe/);
    await expect(storage.deletePrefix('uploads')).rejects.toThrow(/prefix/);
  });
});

describe('presigned POST (browser uploads straight to the bucket)', () => {
  const limits = { maxBytes: 50 * 1024 * 1024, contentType: 'application/pdf', expiresSeconds: 600 };

  it('signs a policy that names the key, caps the size and pins the content type', async () => {
    const post = await storage.presignedPost('uploads/p1/original.pdf', limits);
    expect(post).not.toBeNull();
    expect(new URL(post!.url).origin).toBe(storage.directUploadOrigin);
    expect(post!.fields).toMatchObject({ key: 'uploads/p1/original.pdf', 'Content-Type': 'application/pdf' });
    const policy = JSON.parse(Buffer.from(post!.fields.Policy, 'base64').toString('utf8')) as { expiration: string; conditions: unknown[] };
    expect(policy.conditions).toContainEqual({ key: 'uploads/p1/original.pdf' });
    expect(policy.conditions).toContainEqual(['content-length-range', 1, limits.maxBytes]);
    expect(policy.conditions).toContainEqual(['eq', '$Content-Type', 'application/pdf']);
    const expiresIn = new Date(policy.expiration).getTime() - Date.now();
    expect(expiresIn).toBeGreaterThan(590_000);
    expect(expiresIn).toBeLessThanOrEqual(600_000);
    await expect(storage.presignedPost('../x', limits)).rejects.toThrow(/Unsafe/);
  });

  it('is taken by s3rver as a browser sends it (fields, then the file), which stores the object', async () => {
    const post = (await storage.presignedPost('uploads/p2/original.pdf', limits))!;
    const form = new FormData();
    for (const [name, value] of Object.entries(post.fields)) form.append(name, value);
    form.append('file', new Blob([Buffer.from('%PDF-1.7 sent by a browser')], { type: 'application/pdf' }), 'A-100.pdf');
    const res = await fetch(post.url, { method: 'POST', body: form });
    expect(res.status).toBe(204);
    expect((await buffer(await storage.get('uploads/p2/original.pdf'))).toString()).toBe('%PDF-1.7 sent by a browser');
  });

  it('has the origin the SDK posts to, for AWS itself and for other endpoints', async () => {
    const cases = [
      { bucket: 'shop-files', region: 'us-east-1', forcePathStyle: false },
      { bucket: 'shop-files', region: 'eu-west-2', forcePathStyle: false },
      { bucket: 'shop-files', region: 'us-east-1', endpoint: 'http://127.0.0.1:9000', forcePathStyle: true },
      { bucket: 'shop-files', region: 'auto', endpoint: 'https://account.r2.cloudflarestorage.com', forcePathStyle: false },
    ];
    for (const options of cases) {
      const client = new S3Client({ ...options, credentials: { accessKeyId: 'a', secretAccessKey: 'b' } });
      const post = await createPresignedPost(client, { Bucket: options.bucket, Key: 'uploads/x/original.pdf' });
      expect(bucketOrigin(options)).toBe(new URL(post.url).origin);
      client.destroy();
    }
  });
});

describe('what the orphan sweep asks of S3', () => {
  // s3rver answers every folder in one page whatever MaxKeys says, so paging is not tried here.
  it('lists upload folders, and when each was last written', async () => {
    const ids = Array.from({ length: 60 }, (_, i) => `sweep${String(i).padStart(4, '0')}`);
    for (let i = 0; i < ids.length; i += 20) await Promise.all(ids.slice(i, i + 20).map((id) => storage.put(`sweep/${id}/original.pdf`, Buffer.from(id))));
    await storage.put('sweep/sweep0000/previews/1.png', Buffer.from('png'));
    const listed: string[] = [];
    for await (const name of storage.listFolders('sweep/')) listed.push(name);
    expect(listed.sort()).toEqual(ids);
    const written = await storage.lastModified('sweep/sweep0000/');
    expect(written).toBeInstanceOf(Date);
    expect(Math.abs(written!.getTime() - Date.now())).toBeLessThan(120_000);
    expect(await storage.lastModified('sweep/none/')).toBeNull();
    await storage.deletePrefix('sweep/');
  }, 60_000);

  it('finds no unfinished uploads to remove on a store that cannot list them (s3rver)', async () => {
    expect(await storage.removeUnfinished(new Date())).toBe(0);
  });
});

function* chunksOf(buf: Buffer, size: number) {
  for (let i = 0; i < buf.length; i += size) yield buf.subarray(i, i + size);
}
