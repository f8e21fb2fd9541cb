/**
 * Uploads with S3 (s3rver): the browser's way (POST /api/uploads, a presigned POST straight to the
 * bucket, POST /api/uploads/{id}/complete) and what the analysis does with a file no route looked at.
 * POST /api/upload-pdf keeps working here too (worker/src/tasks/uploads.s3.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopForFile, type TestShop } from '#test/helpers/shop';
import { startTestS3, type TestS3 } from '#test/helpers/s3rver';
import type { TestClient } from '#test/helpers/client';
import { ARCH_D, makeDrawingPdf } from '#test/helpers/pdf';
import { uploadFileKey } from '#core/services/storage/keys';
import { MAX_UPLOAD_BYTES } from '#shared/limits';

let s3: TestS3;
let shop: TestShop;
beforeAll(async () => {
  s3 = await startTestS3();
});
afterAll(async () => {
  await s3?.close();
});
shopForFile(
  (s) => (shop = s),
  () => ({ env: s3.env }),
);

type Started = { method: 'presigned'; uploadId: string; url: string; fields: Record<string, string>; completeUrl: string };

async function start(client: TestClient, fileName: string, fileSize: number): Promise<Started> {
  const res = await client.post('/api/uploads', { fileName, fileSize });
  expect(res.status).toBe(201);
  return res.body as Started;
}

/** Sends the file to the bucket as a browser's form does: the policy's fields, then the file. */
async function sendToBucket(started: Started, bytes: Buffer, fileName: string): Promise<number> {
  const form = new FormData();
  for (const [name, value] of Object.entries(started.fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), fileName);
  const res = await fetch(started.url, { method: 'POST', body: form });
  return res.status;
}

describe('POST /api/uploads with S3', () => {
  it('hands out a presigned POST for a key the server picked, and the CSP lets the page send it', async () => {
    const client = shop.client();
    const res = await client.post('/api/uploads', { fileName: 'A-100 Floor Plans.pdf', fileSize: 4096 });
    expect(res.status).toBe(201);
    const started = res.body as Started;
    expect(started.method).toBe('presigned');
    expect(started.fields.key).toBe(uploadFileKey(started.uploadId));
    expect(started.fields['Content-Type']).toBe('application/pdf');
    expect(started.url).toBe(`${s3.endpoint}/${s3.bucket}`);
    expect(started.completeUrl).toBe(`/api/uploads/${started.uploadId}/complete`);
    const policy = JSON.parse(Buffer.from(started.fields.Policy, 'base64').toString('utf8')) as { conditions: unknown[] };
    expect(policy.conditions).toContainEqual(['content-length-range', 1, MAX_UPLOAD_BYTES]);
    expect(policy.conditions).toContainEqual(['eq', '$Content-Type', 'application/pdf']);
    const [intent] = await shop.sql`select file_name, file_size from upload_intents where id = ${started.uploadId}`;
    expect(intent).toMatchObject({ file_name: 'A-100 Floor Plans.pdf', file_size: 4096 });
    const csp = (await client.get('/api/config')).headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(new RegExp(`connect-src [^;]*${s3.endpoint.replace(/[.]/g, '\\.')}`));
  });

  it('refuses a file over 50 MB before handing anything out', async () => {
    const res = await shop.client().post('/api/uploads', { fileName: 'huge.pdf', fileSize: MAX_UPLOAD_BYTES + 1 });
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('Your file is larger than 50 MB. Please upload a file smaller than 50MB.');
  });

  it('takes a PDF sent straight to the bucket, once complete, to the same verdict as the multipart upload', async () => {
    const client = shop.client();
    const pdf = await makeDrawingPdf({ pages: 2, size: ARCH_D });
    const started = await start(client, 'S-201 Framing.pdf', pdf.length);
    // Not there yet: nothing to complete.
    expect((await client.post(started.completeUrl, {})).status).toBe(409);
    expect(await sendToBucket(started, pdf, 'S-201 Framing.pdf')).toBe(204);
    // Only the session that started it may complete it.
    expect((await shop.client().post(started.completeUrl, {})).status).toBe(404);
    const done = await client.post(started.completeUrl, {});
    expect(done.status).toBe(202);
    expect(done.body).toEqual({ uploadId: started.uploadId, fileName: 'S-201 Framing.pdf', fileSize: pdf.length, status: 'analyzing' });
    // A retry after a lost answer gets the same answer, and no second job.
    expect((await client.post(started.completeUrl, {})).body).toEqual(done.body);
    expect(await shop.sql`select 1 from upload_intents where id = ${started.uploadId}`).toHaveLength(0);
    await shop.runJobs();
    const info = await client.get(`/api/uploads/${started.uploadId}`);
    expect(info.body).toMatchObject({ status: 'ready', pageCount: 2, detectedSize: '24x36', fileName: 'S-201 Framing.pdf' });
    // Completed again once analysed, it says where the upload stands, not "analyzing".
    expect((await client.post(started.completeUrl, {})).body).toEqual({ ...done.body, status: 'ready' });
  }, 60_000);

  it('rejects a file that is not a PDF by its content in the analysis, with the 415 words', async () => {
    const client = shop.client();
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(5000, 1)]);
    const started = await start(client, 'plans.pdf', png.length);
    expect(await sendToBucket(started, png, 'plans.pdf')).toBe(204);
    expect((await client.post(started.completeUrl, {})).status).toBe(202);
    await shop.runJobs();
    const info = await client.get(`/api/uploads/${started.uploadId}`);
    expect(info.body).toMatchObject({ status: 'rejected', message: 'This file is not a PDF. Please upload a PDF file only.', sheets: [] });
  }, 60_000);

  it('lets a guest who signs in while the file goes up complete it under the new session', async () => {
    const client = shop.client();
    const pdf = await makeDrawingPdf({ pages: 1, size: ARCH_D });
    const started = await start(client, 'A-102.pdf', pdf.length);
    const email = `guest-${started.uploadId.slice(0, 8)}@example.com`;
    expect((await shop.client().post('/api/auth/register', { email, password: 'correct horse', firstName: 'Ada', lastName: 'Lovelace' })).status).toBe(201);
    expect((await client.post('/api/auth/login', { email, password: 'correct horse' })).status).toBe(200);
    expect(await sendToBucket(started, pdf, 'A-102.pdf')).toBe(204);
    expect((await client.post(started.completeUrl, {})).status).toBe(202);
  }, 60_000);

  it('refuses and removes an object over 50 MB that a store let in despite the policy', async () => {
    const client = shop.client();
    const started = await start(client, 'big.pdf', 1000);
    // s3rver does not enforce the policy's size cap: put the oversized object as such a store would.
    const key = uploadFileKey(started.uploadId);
    await shop.ctx.storage.put(key, Buffer.alloc(MAX_UPLOAD_BYTES + 1, 0x20));
    const res = await client.post(started.completeUrl, {});
    expect(res.status).toBe(413);
    expect(await shop.ctx.storage.stat(key)).toBeNull();
    expect(await shop.sql`select 1 from upload_intents where id = ${started.uploadId}`).toHaveLength(0);
    expect(await shop.sql`select 1 from uploads where id = ${started.uploadId}`).toHaveLength(0);
  }, 60_000);

  it('leaves no object behind when POST /api/upload-pdf refuses a non-PDF', async () => {
    const before: string[] = [];
    for await (const id of shop.ctx.storage.listFolders('uploads/')) before.push(id);
    const form = new FormData();
    form.append('pdf', new Blob([new Uint8Array(Buffer.alloc(3000, 0x41))], { type: 'application/pdf' }), 'a.pdf');
    const res = await shop.client().request('POST', '/api/upload-pdf', { body: form });
    expect(res.status).toBe(415);
    const after: string[] = [];
    for await (const id of shop.ctx.storage.listFolders('uploads/')) after.push(id);
    expect(after.sort()).toEqual(before.sort());
  });
});
