import { describe, expect, it } from 'vitest';
import { shopForFile, type TestShop } from '#test/helpers/shop';
import { buildOrder, buildUpload } from '#test/helpers/factories';
import { ARCH_D, makeDrawingPdf } from '#test/helpers/pdf';
import { addJob } from '#core/lib/db';
import { uploadPreviewKey } from '#core/services/storage/keys';
import PDFDocument from 'pdfkit';
import { analyzeLimits } from './uploads__analyze';

let shop: TestShop;
shopForFile((s) => (shop = s));

async function postPdf(pdf: Buffer) {
  const client = shop.client();
  const form = new FormData();
  form.append('pdf', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'Set.pdf');
  const res = await client.request('POST', '/api/upload-pdf', { body: form });
  expect(res.status).toBe(202);
  return { client, uploadId: res.body.uploadId as string };
}

async function row(id: string) {
  const [r] = await shop.sql`select status, page_count, detected_size, message, preview_count, analyzed_at from uploads where id = ${id}`;
  return r;
}

describe('uploads__analyze', () => {
  it('runs on a real background worker while the client polls', async () => {
    const worker = await shop.startWorker({ concurrency: 2 });
    const { client, uploadId } = await postPdf(await makeDrawingPdf({ pages: 5, size: ARCH_D }));
    const seen: string[] = [];
    for (let i = 0; i < 150; i++) {
      const res = await client.get(`/api/uploads/${uploadId}`);
      seen.push(res.body.status);
      if (res.body.status !== 'analyzing') break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(seen.at(-1)).toBe('ready');
    // The previews follow the verdict: wait for the report to finish.
    for (let i = 0; i < 150 && !(await client.get(`/api/uploads/${uploadId}`)).body.sheetsComplete; i++) await new Promise((r) => setTimeout(r, 100));
    expect(await row(uploadId)).toMatchObject({ status: 'ready', page_count: 5, detected_size: '24x36', preview_count: 5 });
    for (let page = 1; page <= 5; page++) expect(await shop.ctx.storage.stat(uploadPreviewKey(uploadId, page))).not.toBeNull();
    await worker.stop();
  }, 60_000);

  it('is safe to run twice: a decided upload is left alone', async () => {
    const { uploadId } = await postPdf(await makeDrawingPdf({ pages: 2, size: ARCH_D }));
    await shop.runJobs();
    const first = await row(uploadId);
    await addJob(shop.sql, 'uploads__analyze', { uploadId });
    await shop.runJobs();
    expect(await row(uploadId)).toEqual(first);
  });

  it('rejects a PDF whose analysis passes the memory limit', async () => {
    // Earlier uploads' reports first: the lowered limit must apply to this analysis alone.
    await shop.runJobs();
    const saved = { ...analyzeLimits };
    analyzeLimits.memoryLimitMb = 8;
    try {
      const { client, uploadId } = await postPdf(await makeDrawingPdf({ pages: 1, size: ARCH_D }));
      await shop.runJobs();
      const info = (await client.get(`/api/uploads/${uploadId}`)).body;
      expect(info.status).toBe('rejected');
      expect(info.message).toMatch(/needs more memory/);
    } finally {
      Object.assign(analyzeLimits, saved);
    }
  });

  it('rejects an upload whose file has gone missing instead of retrying forever', async () => {
    const { client, uploadId } = await postPdf(await makeDrawingPdf({ pages: 1, size: ARCH_D }));
    await shop.ctx.storage.deletePrefix(`uploads/${uploadId}/`);
    await shop.runJobs();
    expect((await client.get(`/api/uploads/${uploadId}`)).body.status).toBe('rejected');
  });

  it('retries a storage failure, and after the last attempt rejects the upload with a message instead of leaving it analyzing', async () => {
    const { client, uploadId } = await postPdf(await makeDrawingPdf({ pages: 1, size: ARCH_D }));
    await shop.sql`update graphile_worker._private_jobs set max_attempts = 2`;
    // Local storage is read in place: the failure is in finding the file.
    const localPath = shop.ctx.storage.localPath.bind(shop.ctx.storage);
    let calls = 0;
    shop.ctx.storage.localPath = () => {
      calls += 1;
      throw new Error('storage is down');
    };
    try {
      await shop.runJobs();
      expect(calls).toBe(1);
      expect((await client.get(`/api/uploads/${uploadId}`)).body.status).toBe('analyzing');
      await shop.sql`update graphile_worker._private_jobs set run_at = now()`;
      await shop.runJobs();
      expect(calls).toBe(2);
    } finally {
      shop.ctx.storage.localPath = localPath;
    }
    const info = (await client.get(`/api/uploads/${uploadId}`)).body;
    expect(info.status).toBe('rejected');
    expect(info.message).toMatch(/problem on our side/);
  });

  it('writes the ready verdict and every sheet size before the previews, then the per-sheet report', async () => {
    const { client, uploadId } = await postPdf(await makeDrawingPdf({ pages: 3, size: ARCH_D, ink: '#1e3a8a' }));
    // Hold every preview at the storage door until the verdict has been seen.
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const put = shop.ctx.storage.put.bind(shop.ctx.storage);
    shop.ctx.storage.put = async (key, body, options) => {
      if (key.includes('/previews/')) await gate;
      return put(key, body, options);
    };
    try {
      const running = shop.runJobs();
      let info = (await client.get(`/api/uploads/${uploadId}`)).body;
      for (let i = 0; i < 300 && info.status === 'analyzing'; i++) {
        await new Promise((r) => setTimeout(r, 20));
        info = (await client.get(`/api/uploads/${uploadId}`)).body;
      }
      expect(info).toMatchObject({ status: 'ready', pageCount: 3, detectedSize: '24x36', sheetsComplete: false, colorSheetCount: null });
      expect(info.sheets).toHaveLength(3);
      expect(info.sheets[0]).toEqual({
        number: 1,
        widthIn: 36,
        heightIn: 24,
        paper: '24x36',
        sizeName: 'ARCH D',
        color: null,
        colorShare: null,
        blank: null,
        scaleNotes: null,
        lowResolution: null,
        previewUrl: null,
        sheetNumber: null,
        sheetTitle: null,
        printNotes: null,
      });
      expect(await shop.ctx.storage.stat(uploadPreviewKey(uploadId, 1))).toBeNull();
      open();
      await running;
    } finally {
      open();
      shop.ctx.storage.put = put;
    }
    const done = (await client.get(`/api/uploads/${uploadId}`)).body;
    expect(done).toMatchObject({ status: 'ready', sheetsComplete: true, colorSheetCount: 3 });
    expect(done.sheets.map((s: { previewUrl: string | null }) => s.previewUrl)).toEqual([1, 2, 3].map((n) => `/api/uploads/${uploadId}/preview/${n}`));
    const [{ n }] = await shop.sql<{ n: number }[]>`select count(*)::int as n from upload_sheets where upload_id = ${uploadId} and color is not null`;
    expect(n).toBe(3);
  }, 60_000);

  it('reports the sheets past the 50 previews as it reports the ones with previews', async () => {
    // Past the previews a sheet's linework is judged from its content stream (linework.ts): the
    // report must read the same as for the sheets interpreted whole.
    const { client, uploadId } = await postPdf(await makeDrawingPdf({ pages: 54, size: ARCH_D, linework: 40, title: 'FLOOR PLAN  SCALE: 1/8" = 1\'-0"' }));
    await shop.runJobs();
    const done = (await client.get(`/api/uploads/${uploadId}`)).body;
    expect(done).toMatchObject({ status: 'ready', pageCount: 54, sheetsComplete: true, colorSheetCount: 0 });
    const fields = (s: { color: boolean; blank: boolean; scaleNotes: string[]; lowResolution: boolean }) => ({
      color: s.color,
      blank: s.blank,
      scaleNotes: s.scaleNotes,
      lowResolution: s.lowResolution,
    });
    for (const sheet of done.sheets)
      expect(fields(sheet), `sheet ${sheet.number}`).toEqual({ color: false, blank: false, scaleNotes: [`1/8" = 1'-0"`], lowResolution: false });
    expect(done.sheets.map((s: { previewUrl: string | null }) => s.previewUrl !== null)).toEqual(Array.from({ length: 54 }, (_, i) => i < 50));
  }, 60_000);

  it('rejects a set of only blank sheets and flags a blank sheet inside a set', async () => {
    const blank = (pages: number, drawn: number[]) =>
      new Promise<Buffer>((resolve) => {
        const doc = new PDFDocument({ autoFirstPage: false });
        const chunks: Buffer[] = [];
        doc.on('data', (c: Buffer) => chunks.push(c));
        doc.on('end', () => resolve(Buffer.concat(chunks)));
        for (let i = 0; i < pages; i++) {
          doc.addPage({ size: [36 * 72, 24 * 72], margin: 0 });
          if (drawn.includes(i + 1))
            doc
              .lineWidth(2)
              .rect(36, 36, 36 * 72 - 72, 24 * 72 - 72)
              .stroke('#000000');
        }
        doc.end();
      });
    const empty = await postPdf(await blank(2, []));
    const mixed = await postPdf(await blank(3, [1, 3]));
    await shop.runJobs();
    const rejected = (await empty.client.get(`/api/uploads/${empty.uploadId}`)).body;
    expect(rejected).toMatchObject({ status: 'rejected', sheets: [], sheetsComplete: true, colorSheetCount: null });
    expect(rejected.message).toMatch(/^Your PDF has no drawings on it/);
    const kept = (await mixed.client.get(`/api/uploads/${mixed.uploadId}`)).body;
    expect(kept).toMatchObject({ status: 'ready', pageCount: 3, sheetsComplete: true, colorSheetCount: 0 });
    expect(kept.sheets.map((s: { blank: boolean; color: boolean }) => [s.blank, s.color])).toEqual([
      [false, false],
      [true, false],
      [false, false],
    ]);
  }, 60_000);

  it('drops a job whose upload row is gone', async () => {
    await addJob(shop.sql, 'uploads__analyze', { uploadId: '00000000-0000-4000-8000-000000000001' });
    await shop.runJobs();
    const [{ n }] = await shop.sql<{ n: number }[]>`select count(*)::int as n from graphile_worker._private_jobs`;
    expect(n).toBe(0);
  });
});

describe('uploads__cleanup', () => {
  it('deletes uploads older than 24 h that never became orders, files and previews too, and keeps the rest', async () => {
    const old = await buildUpload(shop);
    await shop.ctx.storage.put(uploadPreviewKey(old.id, 1), Buffer.from('png'));
    const ordered = await buildOrder(shop);
    const recent = await buildUpload(shop);
    const dayAgo = new Date(Date.now() - 25 * 3600_000);
    await shop.sql`update uploads set created_at = ${dayAgo} where id in ${shop.sql([old.id, ordered.upload_id as string])}`;

    await addJob(shop.sql, 'uploads__cleanup', {});
    await shop.runJobs();

    const left = await shop.sql<{ id: string }[]>`select id from uploads where id in ${shop.sql([old.id, ordered.upload_id as string, recent.id])}`;
    expect(left.map((r) => r.id).sort()).toEqual([ordered.upload_id, recent.id].sort());
    expect(await shop.ctx.storage.stat(old.storage_key)).toBeNull();
    expect(await shop.ctx.storage.stat(uploadPreviewKey(old.id, 1))).toBeNull();
    expect(await shop.ctx.storage.stat(ordered.file_key as string)).not.toBeNull();
    expect(await shop.ctx.storage.stat(recent.storage_key)).not.toBeNull();
  });

  it('is on the crontab', async () => {
    const fs = await import('node:fs');
    const { CRONTAB_FILE } = await import('../runner');
    expect(fs.readFileSync(CRONTAB_FILE, 'utf8')).toMatch(/^\d+ \* \* \* \* uploads__cleanup/m);
  });
});
