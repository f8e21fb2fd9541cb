/**
 * A sheet's enlarged preview: drawn by the worker when first asked for (202 meanwhile), then served
 * as a PNG of LARGE_PREVIEW_PX on the sheet's long side, in grey for a black and white sheet and in
 * color for a colored one; only to whoever uploaded it, and only for a sheet with a preview.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { shopForFile, type TestShop } from '#test/helpers/shop';
import { makeDrawingPdf } from '#test/helpers/pdf';
import { uploadIssue } from '#test/helpers/revisionKit';
import { LARGE_PREVIEW_PX } from '#shared/limits';
import { drawLargePreview } from '#core/uploads/largePreview';
import { uploadLargePreviewKey, uploadPrefix } from '#core/services/storage/keys';

let shop: TestShop;
shopForFile((s) => (shop = s));

/** A PNG's width, height and color type (0 grey, 2 RGB), from its IHDR chunk. */
function pngHeader(bytes: Buffer): { width: number; height: number; colorType: number } {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20), colorType: bytes[25] };
}

describe('the enlarged preview', () => {
  it('is drawn once asked for, 2400 px on the long side of a 36" x 24" sheet and of a 30" x 42" one, grey for B&W', async () => {
    const client = shop.client();
    const uploadId = await uploadIssue(
      client,
      makeDrawingPdf({
        sheets: [
          { widthIn: 36, heightIn: 24 },
          { widthIn: 30, heightIn: 42 },
        ],
      }),
    );
    await shop.runJobs();

    const first = await client.get(`/api/uploads/${uploadId}/preview/1/large`);
    expect(first.status).toBe(202);
    expect(first.body).toEqual({ status: 'drawing', message: 'The larger preview is being drawn.' });
    expect(first.headers.get('retry-after')).toBe('1');
    // Asking again while it waits queues nothing more.
    await client.get(`/api/uploads/${uploadId}/preview/1/large`);
    const [{ count }] = await shop.sql<{ count: number }[]>`
      select count(*)::int as count from graphile_worker.jobs where task_identifier = 'uploads__render_large_preview'`;
    expect(count).toBe(1);
    await shop.runJobs();

    const large = await client.bytes(`/api/uploads/${uploadId}/preview/1/large`);
    expect(large.status).toBe(200);
    expect(large.headers.get('content-type')).toBe('image/png');
    expect(pngHeader(large.body)).toEqual({ width: LARGE_PREVIEW_PX, height: 1600, colorType: 0 });
    // Far larger than the card's preview it replaces.
    const small = await client.bytes(`/api/uploads/${uploadId}/preview/1`);
    expect(pngHeader(small.body).width).toBe(360);

    expect((await client.get(`/api/uploads/${uploadId}/preview/2/large`)).status).toBe(202);
    await shop.runJobs();
    const portrait = await client.bytes(`/api/uploads/${uploadId}/preview/2/large`);
    expect(pngHeader(portrait.body)).toMatchObject({ width: Math.ceil((LARGE_PREVIEW_PX * 30) / 42), height: LARGE_PREVIEW_PX });

    // Drawn once: a second run keeps it.
    expect(await drawLargePreview({ sql: shop.sql, storage: shop.ctx.storage, open: async () => null }, { uploadId, page: 1 })).toEqual({
      kind: 'skipped',
      reason: 'already drawn',
    });
    expect(await shop.ctx.storage.stat(uploadLargePreviewKey(uploadId, 1))).not.toBeNull();
  });

  it('keeps a colored sheet in color', async () => {
    const client = shop.client();
    const uploadId = await uploadIssue(client, makeDrawingPdf({ size: { widthIn: 36, heightIn: 24 }, ink: '#d01010' }));
    await shop.runJobs();
    await client.get(`/api/uploads/${uploadId}/preview/1/large`);
    await shop.runJobs();
    const large = await client.bytes(`/api/uploads/${uploadId}/preview/1/large`);
    expect(pngHeader(large.body)).toEqual({ width: LARGE_PREVIEW_PX, height: 1600, colorType: 2 });
  });

  it("stores nothing that would outlive the upload's files when retention deletes them while it draws", async () => {
    const client = shop.client();
    const uploadId = await uploadIssue(client, makeDrawingPdf({ pages: 1 }));
    await shop.runJobs();
    const [upload] = await shop.sql<{ storage_key: string }[]>`select storage_key from uploads where id = ${uploadId}`;
    const storage = shop.ctx.storage;
    // Retention deletes the upload's folder between the drawing's reading the file and its storing the PNG.
    const racing = Object.assign(Object.create(storage) as typeof storage, {
      put: async (...args: Parameters<typeof storage.put>) => {
        await storage.deletePrefix(uploadPrefix(uploadId));
        return storage.put(...args);
      },
    });
    const local = path.join(shop.dataDir, 'race.pdf');
    fs.writeFileSync(local, await makeDrawingPdf({ pages: 1 }));
    const outcome = await drawLargePreview({ sql: shop.sql, storage: racing, open: async () => ({ file: local, release: () => {} }) }, { uploadId, page: 1 });
    expect(outcome).toEqual({ kind: 'skipped', reason: 'the file was deleted while its preview was drawn' });
    expect(await storage.stat(uploadLargePreviewKey(uploadId, 1))).toBeNull();
    expect(await storage.stat(upload.storage_key)).toBeNull();
  });

  it("answers 404 for a sheet with no preview and for another browser's upload, and queues nothing", async () => {
    const client = shop.client();
    const uploadId = await uploadIssue(client, makeDrawingPdf({ pages: 1 }));
    await shop.runJobs();
    const none = await client.get(`/api/uploads/${uploadId}/preview/2/large`);
    expect(none.status).toBe(404);
    expect(none.body.message).toBe('That sheet has no preview.');
    expect((await client.get(`/api/uploads/${uploadId}/preview/0/large`)).status).toBe(404);
    const stranger = await shop.client().get(`/api/uploads/${uploadId}/preview/1/large`);
    expect(stranger.status).toBe(404);
    expect(stranger.body.message).toBe('Upload not found.');
    const [{ count }] = await shop.sql<{ count: number }[]>`
      select count(*)::int as count from graphile_worker.jobs where key like ${`large-preview:${uploadId}:%`}`;
    expect(count).toBe(0);
  });
});
