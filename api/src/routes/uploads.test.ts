import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import PDFDocument from 'pdfkit';
import * as mupdf from 'mupdf';
import { shopForFile, type TestShop } from '#test/helpers/shop';
import type { TestClient } from '#test/helpers/client';
import { ANSI_D, ARCH_D, ARCH_E1, LETTER, makeDrawingPdf, makeTitledSetPdf } from '#test/helpers/pdf';
import { MAX_UPLOAD_BYTES } from '#shared/limits';
import { canAccessUpload } from '../presenters/upload';

let shop: TestShop;
shopForFile((s) => (shop = s));

async function upload(client: TestClient, bytes: Buffer, fileName = 'A-100 Floor Plans.pdf', type = 'application/pdf') {
  const form = new FormData();
  form.append('pdf', new Blob([new Uint8Array(bytes)], { type }), fileName);
  return client.request('POST', '/api/upload-pdf', { body: form });
}

/** Uploads, runs the analysis job and returns the upload as GET reports it. */
async function uploadAndAnalyze(client: TestClient, bytes: Buffer, fileName?: string) {
  const res = await upload(client, bytes, fileName);
  expect(res.status).toBe(202);
  await shop.runJobs();
  const info = await client.get(`/api/uploads/${res.body.uploadId}`);
  expect(info.status).toBe(200);
  return info.body;
}

/** Files stored under uploads/ in the test shop's local storage. */
function storedFiles(): string[] {
  const root = path.join(shop.dataDir, 'files', 'uploads');
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(root, f)).isFile());
}

/** The folders under uploads/ (one per stored upload). */
function uploadFolders(): string[] {
  const root = path.join(shop.dataDir, 'files', 'uploads');
  return fs.existsSync(root) ? fs.readdirSync(root) : [];
}

/** Writes in progress or left behind (local storage's temp folder). */
function partialFiles(): string[] {
  const dir = path.join(shop.dataDir, 'files', '.partial');
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
}

async function uploadCount(): Promise<number> {
  const [{ n }] = await shop.sql<{ n: number }[]>`select count(*)::int as n from uploads`;
  return n;
}

/** Sets /Rotate on every page (MuPDF's own PDF writer, so the file stays valid). */
function rotate(pdf: Buffer, degrees: number): Buffer {
  const doc = mupdf.Document.openDocument(pdf, 'application/pdf').asPDF();
  if (!doc) throw new Error('not a PDF');
  for (let i = 0; i < doc.countPages(); i++) doc.findPage(i).put('Rotate', degrees);
  return Buffer.from(doc.saveToBuffer('').asUint8Array());
}

function encryptedPdf(): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: [36 * 72, 24 * 72], userPassword: 'secret', ownerPassword: 'owner' });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.text('Locked drawing', 72, 72);
    doc.end();
  });
}

describe('POST /api/upload-pdf', () => {
  it('accepts a 24" x 36" set with 202, then reports it ready with previews', async () => {
    const client = shop.client();
    const pdf = await makeDrawingPdf({ pages: 3, size: ARCH_D, ink: '#1e3a8a' });
    const res = await upload(client, pdf, 'A-100 Floor Plans.pdf');
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ uploadId: expect.any(String), fileName: 'A-100 Floor Plans.pdf', fileSize: pdf.length, status: 'analyzing' });
    expect(res.headers.getSetCookie().join(';')).toMatch(/bp\.session=/);

    const before = await client.get(`/api/uploads/${res.body.uploadId}`);
    expect(before.body).toEqual({
      uploadId: res.body.uploadId,
      status: 'analyzing',
      fileName: 'A-100 Floor Plans.pdf',
      fileSize: pdf.length,
      pageCount: null,
      detectedSize: null,
      actualSize: null,
      message: null,
      sheets: [],
      colorSheetCount: null,
      warnings: [],
      listedSheets: [],
      listedOn: null,
      sheetsComplete: false,
      unprintableSheets: [],
      leftOut: [],
      leftOutOf: null,
    });
    const jobs = await shop.sql`
      select t.identifier, j.payload, j.key, j.max_attempts from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id`;
    expect(jobs).toEqual([
      { identifier: 'uploads__analyze', payload: { uploadId: res.body.uploadId }, key: `uploads__analyze:${res.body.uploadId}`, max_attempts: 3 },
    ]);

    await shop.runJobs();
    const after = await client.get(`/api/uploads/${res.body.uploadId}`);
    // The test helper's sheets are drawn in dark blue: color.
    const sheet = (number: number) => ({
      number,
      widthIn: 36,
      heightIn: 24,
      paper: '24x36',
      sizeName: 'ARCH D',
      color: true,
      colorShare: expect.any(Number),
      blank: false,
      scaleNotes: [],
      lowResolution: false,
      previewUrl: `/api/uploads/${res.body.uploadId}/preview/${number}`,
      // The helper writes … large in each sheet's corner, the set's title beside it.
      sheetNumber: `A-${100 + number}`,
      sheetTitle: 'Test drawing set',
      // Dark lines of 1 pt and more, text in Helvetica: nothing that will not print.
      printNotes: [],
    });
    expect(after.body).toEqual({
      ...before.body,
      status: 'ready',
      pageCount: 3,
      detectedSize: '24x36',
      actualSize: '24" x 36"',
      message: null,
      sheets: [sheet(1), sheet(2), sheet(3)],
      colorSheetCount: 3,
      warnings: [],
      // What sheet 1 lists: its own number only (a set's warnings need an index of two or more it carries).
      listedSheets: ['A-101'],
      listedOn: null,
      sheetsComplete: true,
    });
    // The border and title in dark blue cover a few percent of each sheet.
    for (const s of after.body.sheets) expect(s.colorShare).toBeGreaterThan(0.001);

    const [row] = await shop.sql`select storage_key, sha256, preview_count from uploads where id = ${res.body.uploadId}`;
    expect(row.storage_key).toBe(`uploads/${res.body.uploadId}/original.pdf`);
    expect(row.sha256).toBe(createHash('sha256').update(pdf).digest('hex'));
    expect(row.preview_count).toBe(3);
    const preview = await client.bytes(`/api/uploads/${res.body.uploadId}/preview/1`);
    expect(preview.status).toBe(200);
    expect(preview.headers.get('content-type')).toBe('image/png');
    expect(preview.body.subarray(1, 4).toString()).toBe('PNG');
    expect((await client.bytes(`/api/uploads/${res.body.uploadId}/preview/4`)).status).toBe(404);
    expect((await client.bytes(`/api/uploads/${res.body.uploadId}/preview/0`)).status).toBe(404);
    expect((await client.bytes(`/api/uploads/${res.body.uploadId}/preview/abc`)).status).toBe(404);
  });

  it('accepts 30" x 42" sheets in portrait', async () => {
    const info = await uploadAndAnalyze(shop.client(), await makeDrawingPdf({ pages: 2, size: { widthIn: 30, heightIn: 42 } }));
    expect(info).toMatchObject({ status: 'ready', pageCount: 2, detectedSize: '30x42', actualSize: '30" x 42"' });
  });

  it('accepts 30" x 42" in landscape and sheets within 1/8" of the size', async () => {
    const info = await uploadAndAnalyze(shop.client(), await makeDrawingPdf({ sheets: [ARCH_E1, { widthIn: 42.1, heightIn: 29.9 }] }));
    expect(info).toMatchObject({ status: 'ready', pageCount: 2, detectedSize: '30x42' });
  });

  it('accepts rotated sheets (/Rotate 90) and mixes of rotated and unrotated 24" x 36"', async () => {
    const rotated = rotate(await makeDrawingPdf({ pages: 2, size: { widthIn: 24, heightIn: 36 } }), 90);
    expect(await uploadAndAnalyze(shop.client(), rotated)).toMatchObject({ status: 'ready', pageCount: 2, detectedSize: '24x36', actualSize: '24" x 36"' });
  });

  it('refuses letter sheets, naming the sheet, its size and what we print', async () => {
    const info = await uploadAndAnalyze(shop.client(), await makeDrawingPdf({ pages: 2, size: LETTER }));
    expect(info).toMatchObject({ status: 'rejected', pageCount: 2, detectedSize: null, actualSize: '8.5" x 11"' });
    expect(info.message).toMatch(/^Sheet 1 is 8\.5" x 11" \(Letter\), smaller than the smallest sheet we print, 17" x 22"\. Sheet 2 is /);
  });

  it('accepts ANSI D (22" x 34"), rotated or not, on 24" x 36" paper at 100%', async () => {
    const info = await uploadAndAnalyze(shop.client(), rotate(await makeDrawingPdf({ pages: 1, size: ANSI_D }), 270));
    expect(info).toMatchObject({ status: 'ready', detectedSize: '24x36', actualSize: '22" x 34"' });
    expect(info.sheets[0]).toMatchObject({ paper: '24x36', sizeName: 'ANSI D' });
  });

  it('puts a sheet just past 24" x 36" on 30" x 42" paper', async () => {
    const info = await uploadAndAnalyze(shop.client(), await makeDrawingPdf({ pages: 1, size: { widthIn: 36.25, heightIn: 24 } }));
    expect(info).toMatchObject({ status: 'ready', detectedSize: '30x42', actualSize: '24" x 36.25"' });
    expect(info.sheets[0]).toMatchObject({ paper: '30x42', sizeName: null });
  });

  it('refuses a set with an ARCH E sheet among good ones, naming that sheet', async () => {
    const info = await uploadAndAnalyze(shop.client(), await makeDrawingPdf({ sheets: [ARCH_D, { widthIn: 48, heightIn: 36 }, ARCH_D, ARCH_D] }));
    expect(info).toMatchObject({ status: 'rejected', actualSize: '36" x 48"' });
    expect(info.message).toMatch(/^Sheet 2 is 36" x 48" \(ARCH E\), larger than our largest paper, 30" x 42"\. /);
  });

  it('accepts 24" x 36" mixed with 30" x 42" as a mixed set', async () => {
    const info = await uploadAndAnalyze(shop.client(), await makeDrawingPdf({ sheets: [ARCH_D, ARCH_E1] }));
    expect(info).toMatchObject({ status: 'ready', detectedSize: 'mixed', actualSize: null });
    expect(info.sheets.map((s: { paper: string; sizeName: string | null }) => [s.paper, s.sizeName])).toEqual([
      ['24x36', 'ARCH D'],
      ['30x42', 'ARCH E1'],
    ]);
  });

  it('rejects a corrupt PDF as unreadable', async () => {
    const good = await makeDrawingPdf({ pages: 1, size: ARCH_D });
    const corrupt = Buffer.concat([good.subarray(0, 20), Buffer.alloc(4000, 0x41)]);
    const info = await uploadAndAnalyze(shop.client(), corrupt);
    expect(info).toMatchObject({ status: 'rejected', pageCount: null, actualSize: null });
    expect(info.message).toMatch(/could not read your PDF/);
  });

  it('rejects an encrypted PDF', async () => {
    const info = await uploadAndAnalyze(shop.client(), await encryptedPdf());
    expect(info.status).toBe('rejected');
    expect(info.message).toMatch(/password-protected/);
  });

  it('refuses a file that is not a PDF by its content with 415, whatever its name, keeping nothing: no file, no folder', async () => {
    const rows = await uploadCount();
    const files = storedFiles().length;
    const folders = uploadFolders();
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(5000, 1)]);
    const res = await upload(shop.client(), png, 'plans.pdf');
    expect(res.status).toBe(415);
    expect(res.body.message).toBe('This file is not a PDF. Please upload a PDF file only.');
    const empty = await upload(shop.client(), Buffer.alloc(0), 'empty.pdf');
    expect(empty.status).toBe(415);
    expect(await uploadCount()).toBe(rows);
    expect(storedFiles().length).toBe(files);
    expect(uploadFolders()).toEqual(folders);
    expect(partialFiles()).toEqual([]);
  });

  it('answers 400 without a pdf part, and 415 for a body that is not multipart', async () => {
    const form = new FormData();
    form.append('other', new Blob([new Uint8Array(await makeDrawingPdf({ pages: 1 }))]), 'a.pdf');
    const wrongField = await shop.client().request('POST', '/api/upload-pdf', { body: form });
    expect(wrongField.status).toBe(400);
    expect(wrongField.body.message).toMatch(/choose a PDF/);
    const json = await shop.client().post('/api/upload-pdf', { pdf: 'x' });
    expect([json.status, json.body.message]).toEqual([415, 'Send the PDF as multipart/form-data with one field named "pdf".']);
    const raw = await shop
      .client()
      .request('POST', '/api/upload-pdf', { body: new Uint8Array(await makeDrawingPdf({ pages: 1 })), headers: { 'content-type': 'application/pdf' } });
    expect(raw.status).toBe(415);
  });

  it('takes a file of exactly 50 MB ("at most 50 MB")', async () => {
    const pdf = await makeDrawingPdf({ pages: 1, size: ARCH_D });
    // A PDF padded with blank lines after its end to the byte: still a PDF, and exactly the limit.
    const exact = Buffer.concat([pdf, Buffer.alloc(MAX_UPLOAD_BYTES - pdf.length, 0x0a)]);
    expect(exact.length).toBe(MAX_UPLOAD_BYTES);
    const res = await upload(shop.client(), exact, 'Exactly 50 MB.pdf');
    expect([res.status, res.body.fileSize]).toEqual([202, MAX_UPLOAD_BYTES]);
  }, 60_000);

  it('stops a 51 MB upload with 413 while streaming and leaves no file, no folder and no row', async () => {
    const rows = await uploadCount();
    const files = storedFiles().length;
    const folders = uploadFolders();
    const boundary = '----bp-test-boundary';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="pdf"; filename="huge.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const total = 51 * 1024 * 1024;
    let sent = 0;
    let pulledAfterLimit = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) controller.enqueue(head);
        if (sent >= total) {
          controller.enqueue(tail);
          return controller.close();
        }
        const n = Math.min(256 * 1024, total - sent);
        sent += n;
        if (sent > MAX_UPLOAD_BYTES) pulledAfterLimit += n;
        controller.enqueue(new Uint8Array(n).fill(0x20));
      },
    });
    const res = await fetch(`${shop.url}/api/upload-pdf`, {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect((await res.json()).message).toBe('Your file is larger than 50 MB. Please upload a file smaller than 50MB.');
    expect(sent).toBeGreaterThan(MAX_UPLOAD_BYTES);
    expect(pulledAfterLimit).toBeLessThan(total);
    expect(await uploadCount()).toBe(rows);
    // Give the storage a moment to finish removing the partial file.
    await new Promise((r) => setTimeout(r, 200));
    expect(storedFiles().length).toBe(files);
    expect(uploadFolders()).toEqual(folders);
    expect(partialFiles()).toEqual([]);
  }, 60_000);

  it('refuses a declared Content-Length far over 50 MB before reading the body', async () => {
    const res = await fetch(`${shop.url}/api/upload-pdf`, {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(60 * 1024 * 1024) },
      body: '--x\r\n',
    }).catch((error: Error) => error);
    // The server answers 413 at once; the client may see it or a closed connection.
    if (!(res instanceof Error)) expect(res.status).toBe(413);
    expect(await uploadCount()).toBeGreaterThan(0);
  });

  it('stores the same file name twice under two keys', async () => {
    const client = shop.client();
    const pdf = await makeDrawingPdf({ pages: 1, size: ARCH_D });
    const a = await upload(client, pdf, 'Sheet.pdf');
    const b = await upload(client, pdf, 'Sheet.pdf');
    expect(a.status).toBe(202);
    expect(b.status).toBe(202);
    expect(a.body.uploadId).not.toBe(b.body.uploadId);
    const rows = await shop.sql<{ storage_key: string }[]>`select storage_key from uploads where id in ${shop.sql([a.body.uploadId, b.body.uploadId])}`;
    expect(new Set(rows.map((r) => r.storage_key)).size).toBe(2);
    for (const r of rows) {
      expect(r.storage_key).not.toContain('Sheet');
      expect(await shop.ctx.storage.stat(r.storage_key)).toEqual({ size: pdf.length });
    }
  });

  it('keeps a folder-like or odd file name harmless', async () => {
    const res = await upload(shop.client(), await makeDrawingPdf({ pages: 1 }), '..\\..\\etc/passwd.pdf');
    expect(res.status).toBe(202);
    expect(res.body.fileName).toBe('passwd.pdf');
  });

  it('takes 20 concurrent uploads, each with its own row, key and job', async () => {
    const pdf = await makeDrawingPdf({ pages: 2, size: ARCH_D });
    const clients = Array.from({ length: 20 }, () => shop.client());
    const results = await Promise.all(clients.map((c, i) => upload(c, pdf, `Set ${i}.pdf`)));
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(202));
    const ids = results.map((r) => r.body.uploadId as string);
    expect(new Set(ids).size).toBe(20);
    const rows = await shop.sql<{ storage_key: string; session_sid: string }[]>`select storage_key, session_sid from uploads where id in ${shop.sql(ids)}`;
    expect(new Set(rows.map((r) => r.storage_key)).size).toBe(20);
    expect(new Set(rows.map((r) => r.session_sid)).size).toBe(20);
    await shop.runJobs();
    const infos = await Promise.all(clients.map((c, i) => c.get(`/api/uploads/${ids[i]}`)));
    expect(infos.map((r) => r.body.status)).toEqual(Array(20).fill('ready'));
  }, 120_000);
});

describe('the sheet report in the upload JSON', () => {
  it('gives each sheet its number, title and color share, and warns of a duplicate and a missing sheet', async () => {
    const pdf = await makeTitledSetPdf([
      {
        number: 'G0.0',
        title: 'COVER SHEET',
        index: ['SHEET INDEX', 'G0.0 COVER SHEET', 'A-101 FIRST FLOOR PLAN', 'A-102 SECOND FLOOR PLAN', 'A-201 ELEVATIONS'],
      },
      // A thin red revision cloud stand-in: a 0.6 pt red rectangle.
      { number: 'A-101', title: 'FIRST FLOOR PLAN', draw: (doc) => doc.lineWidth(0.6).rect(600, 500, 300, 200).stroke('#ff0000') },
      { number: 'A-102', title: 'SECOND FLOOR PLAN' },
      { number: 'A-101', title: 'FIRST FLOOR PLAN' },
    ]);
    const info = await uploadAndAnalyze(shop.client(), pdf, 'Set.pdf');
    expect(info).toMatchObject({ status: 'ready', sheetsComplete: true, colorSheetCount: 1 });
    expect(info.sheets.map((s: { sheetNumber: string; sheetTitle: string; color: boolean }) => [s.sheetNumber, s.sheetTitle, s.color])).toEqual([
      ['G0.0', 'COVER SHEET', false],
      ['A-101', 'FIRST FLOOR PLAN', true],
      ['A-102', 'SECOND FLOOR PLAN', false],
      ['A-101', 'FIRST FLOOR PLAN', false],
    ]);
    expect(info.sheets[1].colorShare).toBeGreaterThan(0);
    expect(info.sheets[1].colorShare).toBeLessThan(0.01);
    expect(info.sheets[0].colorShare).toBe(0);
    expect(info.warnings).toEqual([
      {
        kind: 'duplicate_sheet',
        sheetNumber: 'A-101',
        positions: [2, 4],
        message: 'Sheet number A-101 appears on both sheets 2 and 4: check that the same sheet was not included twice.',
      },
      {
        kind: 'missing_sheet',
        sheetNumber: 'A-201',
        positions: [],
        message: 'Sheet A-201 is listed in the drawing index on the first sheet, but no sheet in the set carries that number: it may be missing.',
      },
    ]);
  }, 60_000);
});

describe('GET /api/uploads/{id}', () => {
  it('is 404 for another browser session, an unknown id and a malformed id', async () => {
    const owner = shop.client();
    const res = await upload(owner, await makeDrawingPdf({ pages: 1 }));
    await shop.runJobs();
    const stranger = shop.client();
    expect((await stranger.get(`/api/uploads/${res.body.uploadId}`)).status).toBe(404);
    expect((await stranger.bytes(`/api/uploads/${res.body.uploadId}/preview/1`)).status).toBe(404);
    // A stranger with a session of their own sees nothing either.
    await upload(stranger, await makeDrawingPdf({ pages: 1 }));
    expect((await stranger.get(`/api/uploads/${res.body.uploadId}`)).status).toBe(404);
    expect((await owner.get('/api/uploads/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    const malformed = await owner.get('/api/uploads/not-a-uuid');
    expect(malformed.status).toBe(404);
    expect(malformed.body.message).toBe('Upload not found.');
    expect((await owner.get(`/api/uploads/${res.body.uploadId}`)).status).toBe(200);
    expect((await owner.bytes(`/api/uploads/${res.body.uploadId}/preview/1`)).status).toBe(200);
  });

  it('lets the admin and the uploading account see an upload, nobody else', () => {
    const row = { session_sid: 'sid-1', user_id: 'user-1' };
    const req = (shop: { sid?: string | null; userId?: string | null; adminUsername?: string | null }) =>
      ({ shop: { sid: null, userId: null, adminUsername: null, ...shop } }) as unknown as Parameters<typeof canAccessUpload>[0];
    expect(canAccessUpload(req({ sid: 'sid-1' }), row)).toBe(true);
    expect(canAccessUpload(req({ adminUsername: 'admin' }), row)).toBe(true);
    expect(canAccessUpload(req({ sid: 'sid-2', userId: 'user-1' }), row)).toBe(true);
    expect(canAccessUpload(req({ sid: 'sid-2' }), row)).toBe(false);
    expect(canAccessUpload(req({ sid: 'sid-2', userId: 'user-2' }), { session_sid: 'sid-1', user_id: null })).toBe(false);
    expect(canAccessUpload(req({}), { session_sid: null, user_id: null })).toBe(false);
  });
});

describe('POST /api/uploads without S3', () => {
  it('sends the browser to the multipart upload, and still refuses a file over 50 MB up front', async () => {
    const client = shop.client();
    const res = await client.post('/api/uploads', { fileName: 'A-100.pdf', fileSize: 1234 });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ method: 'multipart', url: '/api/upload-pdf' });
    const large = await client.post('/api/uploads', { fileName: 'A-100.pdf', fileSize: MAX_UPLOAD_BYTES + 1 });
    expect(large.status).toBe(413);
    expect(large.body.message).toBe('Your file is larger than 50 MB. Please upload a file smaller than 50MB.');
    expect((await client.post('/api/uploads', { fileName: '', fileSize: 10 })).status).toBe(400);
    expect((await client.post('/api/uploads', { fileName: 'a.pdf', fileSize: -1 })).status).toBe(400);
    // Nothing to complete: there are no direct uploads here.
    expect((await client.post(`/api/uploads/${crypto.randomUUID()}/complete`, {})).status).toBe(404);
  });
});
