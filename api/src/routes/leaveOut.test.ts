import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as mupdf from 'mupdf';
import { shopForFile, type TestShop } from '#test/helpers/shop';
import type { TestClient } from '#test/helpers/client';
import { adminClient } from '#test/helpers/adminTestKit';
import { CUSTOMER, pickupBody } from '#test/helpers/checkout';
import { ARCH_D, LETTER, makeDrawingPdf } from '#test/helpers/pdf';
import { leftOutSentence } from '#shared/sheets';
import { addJob } from '#core/lib/db';
import leaveOutTask from '../../../worker/src/tasks/uploads__leave_out';

let shop: TestShop;
shopForFile((s) => (shop = s));

const FILE_NAME = 'A-100 Plans with a letter sheet.pdf';

async function uploadAndAnalyze(client: TestClient, bytes: Buffer, fileName = FILE_NAME) {
  const form = new FormData();
  form.append('pdf', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), fileName);
  const res = await client.request('POST', '/api/upload-pdf', { body: form });
  expect(res.status).toBe(202);
  await shop.runJobs();
  const info = await client.get(`/api/uploads/${res.body.uploadId}`);
  expect(info.status).toBe(200);
  return info.body;
}

/** What a refused request must not have changed: the uploads and the queue. */
async function written(): Promise<{ uploads: number; jobs: number }> {
  const [{ uploads }] = await shop.sql<{ uploads: number }[]>`select count(*)::int as uploads from uploads`;
  const [{ jobs }] = await shop.sql<{ jobs: number }[]>`select count(*)::int as jobs from graphile_worker.jobs`;
  return { uploads, jobs };
}

/** The page sizes of a stored PDF, in inches, as MuPDF reads them. */
function storedPageSizes(key: string): { w: number; h: number }[] {
  const doc = mupdf.Document.openDocument(fs.readFileSync(path.join(shop.dataDir, 'files', key)), 'application/pdf');
  try {
    return Array.from({ length: doc.countPages() }, (_, i) => {
      const [x0, y0, x1, y1] = doc.loadPage(i).getBounds();
      return { w: (x1 - x0) / 72, h: (y1 - y0) / 72 };
    });
  } finally {
    doc.destroy();
  }
}

describe('leaving out a sheet that cannot be printed', () => {
  it('names the unprintable sheet, makes a ready upload without it, once, for the uploader and the admin only', async () => {
    const client = shop.client();
    const pdf = await makeDrawingPdf({ sheets: [ARCH_D, ARCH_D, LETTER, ARCH_D, ARCH_D] });
    const refused = await uploadAndAnalyze(client, pdf);
    expect(refused.status).toBe('rejected');
    expect(refused.message).toContain('Sheet 3 is 8.5" x 11" (Letter), smaller than the smallest sheet we print');
    expect(refused.unprintableSheets).toEqual([
      { page: 3, size: '8.5" x 11"', sizeName: 'Letter', reason: 'smaller than the smallest sheet we print, 17" x 22"' },
    ]);
    const leaveOut = `/api/uploads/${refused.uploadId}/leave-out`;

    // Someone else: the upload is not theirs to see, so it is not there.
    const stranger = shop.client();
    const before = await written();
    const hidden = await stranger.post(leaveOut, { pages: [3] });
    expect(hidden.status).toBe(404);
    expect(hidden.body.message).toBe('Upload not found.');

    // Bad input: a sentence, and nothing written.
    const bad: [unknown, string][] = [
      [{ pages: [2] }, 'Sheet 2 prints as it is: leave out only what we cannot print (sheet 3).'],
      [{ pages: [3, 4] }, 'Sheet 4 prints as it is'],
      [{ pages: [9] }, 'This file has 5 pages: there is no sheet 9 to leave out.'],
      [{ pages: [1, 2, 3, 4, 5] }, 'Leaving out every sheet would leave nothing to print.'],
      [{ pages: [] }, 'Please name at least one sheet to leave out.'],
      [{ pages: [0] }, 'Sheet numbers start at 1.'],
      [{ pages: ['three'] }, 'Pages are sheet numbers'],
      [{}, 'Please name the sheets to leave out'],
    ];
    for (const [body, message] of bad) {
      const res = await client.post(leaveOut, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toContain(message);
    }
    expect(await stranger.post(`/api/uploads/not-an-id/leave-out`, { pages: [3] }).then((r) => r.status)).toBe(404);
    expect(await written()).toEqual(before);

    const made = await client.post(leaveOut, { pages: [3] });
    expect(made.status).toBe(202);
    expect(made.body).toEqual({ uploadId: expect.any(String), fileName: FILE_NAME, status: 'analyzing' });
    expect(made.body.uploadId).not.toBe(refused.uploadId);
    // Asked again (a double click, a retry after a lost answer), by the admin too: the same upload.
    const again = await client.post(leaveOut, { pages: [3] });
    expect(again.status).toBe(202);
    expect(again.body.uploadId).toBe(made.body.uploadId);
    const admin = await adminClient(shop);
    expect((await admin.post(leaveOut, { pages: [3] })).body.uploadId).toBe(made.body.uploadId);

    await shop.runJobs();
    const info = await client.get(`/api/uploads/${made.body.uploadId}`);
    expect(info.status).toBe(200);
    expect(info.body).toMatchObject({
      status: 'ready',
      fileName: FILE_NAME,
      pageCount: 4,
      detectedSize: '24x36',
      sheetsComplete: true,
      leftOut: refused.unprintableSheets,
      leftOutOf: { uploadId: refused.uploadId, fileName: FILE_NAME, message: refused.message },
      unprintableSheets: [],
    });
    expect(info.body.fileSize).toBeGreaterThan(0);
    expect(info.body.sheets.map((s: { paper: string; widthIn: number; heightIn: number }) => [s.paper, s.widthIn, s.heightIn])).toEqual(
      Array.from({ length: 4 }, () => ['24x36', 36, 24]),
    );
    // The sheets kept are the right ones: the third is the file's fourth, A-104.
    expect(info.body.sheets.map((s: { sheetNumber: string | null }) => s.sheetNumber)).toEqual(['A-101', 'A-102', 'A-104', 'A-105']);
    expect(leftOutSentence(info.body.leftOut[0])).toBe('Sheet 3 (8.5" x 11") is left out: smaller than the smallest sheet we print, 17" x 22".');
    const [row] = await shop.sql<{ storage_key: string }[]>`select storage_key from uploads where id = ${made.body.uploadId}`;
    expect(storedPageSizes(row.storage_key)).toEqual(Array.from({ length: 4 }, () => ({ w: 36, h: 24 })));
    // The original is as it was; someone else still sees neither.
    expect((await client.get(`/api/uploads/${refused.uploadId}`)).body.status).toBe('rejected');
    expect((await stranger.get(`/api/uploads/${made.body.uploadId}`)).status).toBe(404);
    // The job run again (a retry after a lost acknowledgement) changes nothing.
    await addJob(shop.sql, 'uploads__leave_out', { uploadId: made.body.uploadId });
    await shop.runJobs();
    expect((await client.get(`/api/uploads/${made.body.uploadId}`)).body).toEqual(info.body);
    // Once made, asking again still answers the same upload, now ready.
    expect((await client.post(leaveOut, { pages: [3] })).body).toEqual({ uploadId: made.body.uploadId, fileName: FILE_NAME, status: 'ready' });

    // Checkout sees a ready upload of 4 sheets, and the order keeps the customer's file name.
    const placed = await client.post('/api/create-payment-intent', pickupBody(made.body.uploadId, { ...CUSTOMER, printSize: 'asDrawn' }));
    expect(placed.status).toBe(201);
    const order = await client.get(`/api/orders/${placed.body.orderId}`);
    expect(order.body).toMatchObject({ fileName: FILE_NAME, pageCount: 4 });
  });

  it('refuses files that leaving sheets out would not help, with a sentence', async () => {
    const client = shop.client();
    const ready = await uploadAndAnalyze(client, await makeDrawingPdf({ pages: 2, size: ARCH_D }));
    expect(ready.status).toBe('ready');
    expect(ready.unprintableSheets).toEqual([]);
    const allLetter = await uploadAndAnalyze(client, await makeDrawingPdf({ pages: 2, size: LETTER }));
    expect(allLetter.status).toBe('rejected');
    // No sheet of it prints: nothing is offered.
    expect(allLetter.unprintableSheets).toEqual([]);
    const notPdf = await uploadAndAnalyze(client, Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2000, 7)]));
    expect(notPdf.status).toBe('rejected');

    const before = await written();
    const readyRes = await client.post(`/api/uploads/${ready.uploadId}/leave-out`, { pages: [1] });
    expect(readyRes.status).toBe(400);
    expect(readyRes.body.message).toBe('This file is ready to print: there is nothing to leave out.');
    const everyRes = await client.post(`/api/uploads/${allLetter.uploadId}/leave-out`, { pages: [1, 2] });
    expect(everyRes.status).toBe(400);
    expect(everyRes.body.message).toContain('Leaving out every sheet would leave nothing to print.');
    const oneRes = await client.post(`/api/uploads/${allLetter.uploadId}/leave-out`, { pages: [1] });
    expect(oneRes.status).toBe(400);
    expect(oneRes.body.message).toContain('was not refused for sheets of a size we cannot print');
    const brokenRes = await client.post(`/api/uploads/${notPdf.uploadId}/leave-out`, { pages: [1] });
    expect(brokenRes.status).toBe(400);
    expect(brokenRes.body.message).toContain('was not refused for sheets of a size we cannot print');
    expect(await written()).toEqual(before);
  });

  it("deletes the new upload's file like any upload's once it is old and never ordered", async () => {
    const client = shop.client();
    const refused = await uploadAndAnalyze(client, await makeDrawingPdf({ sheets: [LETTER, ARCH_D] }));
    expect(refused.unprintableSheets.map((s: { page: number }) => s.page)).toEqual([1]);
    const made = await client.post(`/api/uploads/${refused.uploadId}/leave-out`, { pages: [1] });
    await shop.runJobs();
    expect((await client.get(`/api/uploads/${made.body.uploadId}`)).body).toMatchObject({ status: 'ready', pageCount: 1 });
    const folder = path.join(shop.dataDir, 'files', 'uploads', made.body.uploadId);
    expect(fs.existsSync(folder)).toBe(true);
    await shop.sql`update uploads set created_at = now() - interval '400 days' where id in (${refused.uploadId}, ${made.body.uploadId})`;
    await shop.runCron('uploads__cleanup');
    expect(fs.existsSync(folder)).toBe(false);
    expect(fs.existsSync(path.join(shop.dataDir, 'files', 'uploads', refused.uploadId))).toBe(false);
    const left = await shop.sql`select id from uploads where id in (${refused.uploadId}, ${made.body.uploadId})`;
    expect(left).toHaveLength(0);
  });

  it('refuses the new upload in words, rather than leave it analysing, when the original file is gone', async () => {
    const client = shop.client();
    const refused = await uploadAndAnalyze(client, await makeDrawingPdf({ sheets: [ARCH_D, LETTER] }));
    const made = await client.post(`/api/uploads/${refused.uploadId}/leave-out`, { pages: [2] });
    expect(made.status).toBe(202);
    const [original] = await shop.sql<{ storage_key: string }[]>`select storage_key from uploads where id = ${refused.uploadId}`;
    await shop.ctx.storage.delete(original.storage_key);
    await shop.runJobs();
    const info = (await client.get(`/api/uploads/${made.body.uploadId}`)).body;
    expect(info).toMatchObject({ status: 'rejected', leftOut: refused.unprintableSheets });
    expect(info.message).toContain('because of a problem on our side');
  });

  it('refuses the new upload in words on the last attempt when the file store fails, rather than leave it analysing', async () => {
    const client = shop.client();
    const refused = await uploadAndAnalyze(client, await makeDrawingPdf({ sheets: [ARCH_D, LETTER] }));
    const made = await client.post(`/api/uploads/${refused.uploadId}/leave-out`, { pages: [2] });
    expect(made.status).toBe(202);
    // The store cannot even say whether the new file is there, attempt after attempt.
    const storage = Object.assign(Object.create(shop.ctx.storage) as typeof shop.ctx.storage, {
      stat: async () => {
        throw new Error('the file store is not answering');
      },
    });
    const ctx = Object.assign(Object.create(shop.ctx) as typeof shop.ctx, { storage });
    const lastAttempt = { job: { attempts: 3, max_attempts: 3 } } as unknown as Parameters<typeof leaveOutTask.run>[2];
    await leaveOutTask.run({ uploadId: made.body.uploadId }, ctx, lastAttempt);
    const info = (await client.get(`/api/uploads/${made.body.uploadId}`)).body;
    expect(info).toMatchObject({ status: 'rejected', leftOut: refused.unprintableSheets });
    expect(info.message).toContain('because of a problem on our side');
  });
});
