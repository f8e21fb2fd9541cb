/**
 * With S3 storage the upload's PDF is downloaded once, for the analysis and its report together,
 * and the download is gone when the report is done (never copy what can be read in place,
 * and copy once what cannot); a file made by leaving a sheet out goes to the bucket like any upload.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { shopForFile, type TestShop } from '#test/helpers/shop';
import { ARCH_D, LETTER, makeDrawingPdf } from '#test/helpers/pdf';
import { uploadFileKey } from '#core/services/storage/keys';
import { DOWNLOADS_DIR } from '../pdfJobs';

const BUCKET = 'blueprint-report-test';
let server: S3rver;
let dir: string;
let port: number;
let shop: TestShop;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-s3rver-'));
  server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dir, configureBuckets: [{ name: BUCKET, configs: [] }] });
  ({ port } = await server.run());
});

afterAll(async () => {
  await server?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

shopForFile(
  (s) => (shop = s),
  () => ({ env: { S3_BUCKET: BUCKET, S3_ENDPOINT: `http://127.0.0.1:${port}`, AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' } }),
);

it('downloads an S3 upload once for its verdict and its report, then lets the copy go', async () => {
  expect(shop.ctx.storage.kind).toBe('s3');
  const client = shop.client();
  const form = new FormData();
  form.append('pdf', new Blob([new Uint8Array(await makeDrawingPdf({ pages: 2, size: ARCH_D, ink: '#1e3a8a' }))], { type: 'application/pdf' }), 'Set.pdf');
  const res = await client.request('POST', '/api/upload-pdf', { body: form });
  expect(res.status).toBe(202);
  const uploadId = res.body.uploadId as string;

  const get = shop.ctx.storage.get.bind(shop.ctx.storage);
  const fetched: string[] = [];
  shop.ctx.storage.get = async (key) => {
    fetched.push(key);
    return get(key);
  };
  try {
    await shop.runJobs();
  } finally {
    shop.ctx.storage.get = get;
  }
  const info = (await client.get(`/api/uploads/${uploadId}`)).body;
  expect(info).toMatchObject({ status: 'ready', pageCount: 2, sheetsComplete: true, colorSheetCount: 2 });
  expect(info.sheets.map((s: { previewUrl: string | null }) => s.previewUrl)).toEqual([1, 2].map((n) => `/api/uploads/${uploadId}/preview/${n}`));
  expect(fetched.filter((key) => key === uploadFileKey(uploadId))).toHaveLength(1);
  expect(fs.existsSync(path.join(DOWNLOADS_DIR, `${uploadId}.pdf`))).toBe(false);
  expect((await client.bytes(`/api/uploads/${uploadId}/preview/1`)).status).toBe(200);
}, 60_000);

it('leaves a sheet out of an S3 upload: the new file is written to the bucket and analysed, no download left', async () => {
  const client = shop.client();
  const form = new FormData();
  form.append('pdf', new Blob([new Uint8Array(await makeDrawingPdf({ sheets: [ARCH_D, LETTER, ARCH_D] }))], { type: 'application/pdf' }), 'Mixed.pdf');
  const res = await client.request('POST', '/api/upload-pdf', { body: form });
  await shop.runJobs();
  const refused = (await client.get(`/api/uploads/${res.body.uploadId}`)).body;
  expect(refused.unprintableSheets.map((s: { page: number }) => s.page)).toEqual([2]);
  const made = await client.post(`/api/uploads/${res.body.uploadId}/leave-out`, { pages: [2] });
  expect(made.status).toBe(202);
  await shop.runJobs();
  const info = (await client.get(`/api/uploads/${made.body.uploadId}`)).body;
  expect(info).toMatchObject({ status: 'ready', pageCount: 2, fileName: 'Mixed.pdf', detectedSize: '24x36', sheetsComplete: true });
  expect((await shop.ctx.storage.stat(uploadFileKey(made.body.uploadId)))?.size).toBe(info.fileSize);
  expect(fs.existsSync(path.join(DOWNLOADS_DIR, `${res.body.uploadId}.pdf`))).toBe(false);
  expect(fs.existsSync(path.join(DOWNLOADS_DIR, `${made.body.uploadId}.pdf`))).toBe(false);
}, 60_000);
