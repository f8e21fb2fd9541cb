import { describe, expect, it } from 'vitest';
import { shopForFile, type TestShop } from '#test/helpers/shop';
import { makeTitledSetPdf, rewrittenByMupdf } from '#test/helpers/pdf';
import { inchLine, planSheet } from '#test/helpers/revisions';
import { startRevision } from '#core/revisions/commands';
import { NOTHING_IN_COMMON_MESSAGE } from '#core/revisions/plan';
import { revisionOverlayKey } from '#core/services/storage/keys';

let shop: TestShop;
shopForFile((s) => (shop = s));

/** Uploads a PDF through the API and lets the worker analyse and report it. */
async function upload(pdf: Buffer | Promise<Buffer>): Promise<string> {
  const form = new FormData();
  form.append('pdf', new Blob([new Uint8Array(await pdf)], { type: 'application/pdf' }), 'Set.pdf');
  const res = await shop.client().request('POST', '/api/upload-pdf', { body: form });
  expect(res.status).toBe(202);
  return res.body.uploadId as string;
}

async function compare(previousUploadIds: string[], uploadIds: string[]) {
  await shop.runJobs();
  const revisionId = await startRevision(shop.sql, { previousOrderId: null, previousUploadIds, uploadIds, sessionSid: null, userId: null });
  await shop.runJobs();
  const [revision] = await shop.sql<{ status: string; message: string | null }[]>`select status, message from revisions where id = ${revisionId}`;
  const sheets = await shop.sql`select * from revision_sheets where revision_id = ${revisionId} order by position`;
  const removed = await shop.sql`select * from revision_removed_sheets where revision_id = ${revisionId} order by previous_position`;
  return { revisionId, revision, sheets, removed };
}

describe('revisions__compare', () => {
  it('pairs sheets by number across files: changed, the same drawing by another producer, removed, new', async () => {
    const previous = await upload(makeTitledSetPdf(['A-101', 'A-102', 'A-103', 'A-104'].map((n) => planSheet(n))));
    const first = await upload(makeTitledSetPdf([planSheet('A-101'), planSheet('A-102', inchLine(720, 1440))]));
    const second = await upload(rewrittenByMupdf(await makeTitledSetPdf([planSheet('A-103')])));
    const third = await upload(makeTitledSetPdf([planSheet('A-105')]));
    const { revisionId, revision, sheets, removed } = await compare([previous], [first, second, third]);
    expect(revision).toEqual({ status: 'ready', message: null });
    expect(sheets.map((s) => [s.position, s.sheet_number, s.change, s.previous_position])).toEqual([
      [1, 'A-101', 'unchanged', 1],
      [2, 'A-102', 'changed', 2],
      [3, 'A-103', 'unchanged', 3],
      [4, 'A-105', 'new', null],
    ]);
    expect(sheets[1].boxes).toHaveLength(1);
    expect(sheets[1].boxes[0].xIn).toBeCloseTo(10, 0);
    expect(sheets[1].boxes[0].yIn).toBeCloseTo(20, 0);
    expect(sheets[1].has_overlay).toBe(true);
    expect(removed.map((r) => [r.previous_position, r.sheet_number])).toEqual([[4, 'A-104']]);
    expect(await shop.ctx.storage.stat(revisionOverlayKey(revisionId, 2, false))).not.toBeNull();
    expect(await shop.ctx.storage.stat(revisionOverlayKey(revisionId, 2, true))).not.toBeNull();
    expect(await shop.ctx.storage.stat(revisionOverlayKey(revisionId, 1, false))).toBeNull();
  }, 120_000);

  it('says all unchanged for a set compared with itself, and is safe to run twice', async () => {
    const set = await upload(makeTitledSetPdf([planSheet('A-101'), planSheet('A-102')]));
    const { revisionId, sheets } = await compare([set], [set]);
    expect(sheets.map((s) => s.change)).toEqual(['unchanged', 'unchanged']);
    await shop.sql`select graphile_worker.add_job('revisions__compare', json_build_object('revisionId', ${revisionId}::text))`;
    await shop.runJobs();
    expect((await shop.sql`select change from revision_sheets where revision_id = ${revisionId}`).length).toBe(2);
  }, 60_000);

  it('says all new, with a message, when no sheet is in common; a sheet of another size is changed for that reason', async () => {
    const previous = await upload(makeTitledSetPdf([planSheet('S-201'), planSheet('S-202')]));
    const next = await upload(makeTitledSetPdf([planSheet('M-101')]));
    const none = await compare([previous], [next]);
    expect(none.revision).toEqual({ status: 'ready', message: NOTHING_IN_COMMON_MESSAGE });
    expect(none.sheets.map((s) => s.change)).toEqual(['new']);
    expect(none.removed).toHaveLength(2);

    const { makeDrawingPdf, ARCH_D, ARCH_E1 } = await import('#test/helpers/pdf');
    const small = await upload(makeDrawingPdf({ sheets: [ARCH_D] }));
    const large = await upload(makeDrawingPdf({ sheets: [ARCH_E1] }));
    const resized = await compare([small], [large]);
    expect(resized.sheets.map((s) => [s.change, s.reason])).toEqual([['changed', 'size changed']]);
  }, 60_000);

  it('notes a change in the title block alone', async () => {
    const previous = await upload(makeTitledSetPdf([{ ...planSheet('A-101'), title: 'FLOOR PLAN' }]));
    const next = await upload(makeTitledSetPdf([{ ...planSheet('A-101'), title: 'FLOOR PLAN REV 1' }]));
    const { sheets } = await compare([previous], [next]);
    expect(sheets.map((s) => [s.change, s.reason])).toEqual([['changed', 'title block only']]);
  }, 60_000);

  it('fails with the offer to upload the previous issue when its file is gone', async () => {
    const previous = await upload(makeTitledSetPdf([planSheet('A-101')]));
    const next = await upload(makeTitledSetPdf([planSheet('A-101', inchLine(100, 100))]));
    await shop.runJobs();
    await shop.ctx.storage.deletePrefix(`uploads/${previous}/`);
    const { revision } = await compare([previous], [next]);
    expect(revision.status).toBe('failed');
    expect(revision.message).toMatch(/upload the set you printed then/);
  }, 60_000);
});
