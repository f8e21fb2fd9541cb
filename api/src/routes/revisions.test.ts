import pngjs from 'pngjs';
import { describe, expect, it } from 'vitest';
import { shopForFile, type TestShop } from '#test/helpers/shop';
import { pickupBody } from '#test/helpers/checkout';
import { makeTitledSetPdf, rewrittenByMupdf } from '#test/helpers/pdf';
import { inchLine, planSheet } from '#test/helpers/revisions';
import { comparedRevision, orderOfUpload, uploadIssue } from '#test/helpers/revisionKit';
import { NOTHING_IN_COMMON_MESSAGE, PREVIOUS_FILES_GONE_MESSAGE } from '#core/revisions/plan';
import { orderNumberOf } from '#shared/fields';

let shop: TestShop;
shopForFile((s) => (shop = s));

describe('revisions', () => {
  it('compares a new issue of three files with the order printed before: changed, unchanged, removed, new, with the overlay', async () => {
    const client = shop.client();
    const previous = await uploadIssue(client, makeTitledSetPdf(['A-101', 'A-102', 'A-103', 'A-104'].map((n) => planSheet(n))));
    const files = [
      await uploadIssue(client, makeTitledSetPdf([planSheet('A-101'), planSheet('A-102', inchLine(720, 1440))])),
      await uploadIssue(client, rewrittenByMupdf(await makeTitledSetPdf([planSheet('A-103')]))),
      await uploadIssue(client, makeTitledSetPdf([planSheet('A-105')])),
    ];
    await shop.runJobs();
    const order = await orderOfUpload(shop, previous);

    const started = await client.post('/api/revisions', { previousOrderId: order.id, uploadIds: files });
    expect(started.status).toBe(202);
    expect(started.body).toEqual({ revisionId: expect.any(String), status: 'comparing' });
    const comparing = await client.get(`/api/revisions/${started.body.revisionId}`);
    expect(comparing.body).toMatchObject({ status: 'comparing', sheets: [], removed: [] });

    const revision = await comparedRevision(shop, client, started.body.revisionId);
    expect(revision).toMatchObject({ revisionId: started.body.revisionId, status: 'ready', previousOrderNumber: orderNumberOf(order.id), message: null });
    expect(revision.sheets.map((s) => [s.position, s.sheetNumber, s.change, s.previousPosition])).toEqual([
      [1, 'A-101', 'unchanged', 1],
      [2, 'A-102', 'changed', 2],
      [3, 'A-103', 'unchanged', 3],
      [4, 'A-105', 'new', null],
    ]);
    // The removed sheet keeps its title, so the customer sees which sheet went by name.
    expect(revision.removed).toEqual([{ sheetNumber: 'A-104', sheetTitle: 'FLOOR PLAN', previousPosition: 4 }]);
    const changed = revision.sheets[1];
    expect(changed.sheetTitle).toBe('FLOOR PLAN');
    expect(changed.boxes).toHaveLength(1);
    const [box] = changed.boxes;
    expect(box.xIn).toBeGreaterThan(9.9);
    expect(box.xIn + box.widthIn).toBeLessThan(11.1);
    expect(box.yIn + box.heightIn / 2).toBeCloseTo(20, 1);
    expect(revision.sheets.filter((s) => s.overlayUrl !== null).map((s) => s.position)).toEqual([2]);

    for (const url of [changed.overlayUrl as string, `${changed.overlayUrl}?size=large`]) {
      const png = await client.bytes(url);
      expect(png.status).toBe(200);
      expect(png.headers.get('content-type')).toBe('image/png');
      const image = pngjs.PNG.sync.read(png.body);
      let blue = 0;
      for (let p = 0; p < image.data.length; p += 4) if (image.data[p + 2] > 200 && image.data[p] < 60) blue++;
      expect(blue).toBeGreaterThan(10);
    }
  }, 120_000);

  it('compares with every file of a previous order placed as a set of several files, in print order', async () => {
    const client = shop.client();
    const printed = [
      await uploadIssue(client, makeTitledSetPdf([planSheet('A-201'), planSheet('A-202')])),
      await uploadIssue(client, makeTitledSetPdf([planSheet('A-203')])),
    ];
    await shop.runJobs();
    const { uploadId: _one, ...body } = pickupBody('');
    const placed = await client.post('/api/create-payment-intent', { ...body, uploadIds: printed, printSize: 'asDrawn' });
    expect(placed.status).toBe(201);
    const files = [await uploadIssue(client, makeTitledSetPdf([planSheet('A-201'), planSheet('A-202'), planSheet('A-203', inchLine(720, 1440))]))];
    await shop.runJobs();

    const started = await client.post('/api/revisions', { previousOrderId: placed.body.orderId, uploadIds: files });
    expect(started.status).toBe(202);
    const revision = await comparedRevision(shop, client, started.body.revisionId);
    expect(revision.sheets.map((s) => [s.sheetNumber, s.change, s.previousPosition])).toEqual([
      ['A-201', 'unchanged', 1],
      ['A-202', 'unchanged', 2],
      ['A-203', 'changed', 3],
    ]);
    expect(revision.removed).toEqual([]);
  }, 120_000);

  it('shows a revision only to whoever may see the previous order: another browser gets 404, the order link may read it', async () => {
    const owner = shop.client();
    const previous = await uploadIssue(owner, makeTitledSetPdf([planSheet('A-101')]));
    const next = await uploadIssue(owner, makeTitledSetPdf([planSheet('A-101', inchLine(300, 300))]));
    await shop.runJobs();
    const order = await orderOfUpload(shop, previous);

    const stranger = shop.client();
    const strangerUpload = await uploadIssue(stranger, makeTitledSetPdf([planSheet('A-101')]));
    const refused = await stranger.post('/api/revisions', { previousOrderId: order.id, uploadIds: [strangerUpload] });
    expect(refused.status).toBe(404);
    // Someone else's upload as the new issue is nobody's either.
    expect((await owner.post('/api/revisions', { previousOrderId: order.id, uploadIds: [strangerUpload] })).status).toBe(404);

    const { body } = await owner.post('/api/revisions', { previousOrderId: order.id, uploadIds: [next] });
    const revision = await comparedRevision(shop, owner, body.revisionId);
    expect(revision.sheets[0].change).toBe('changed');
    expect((await stranger.get(`/api/revisions/${body.revisionId}`)).status).toBe(404);
    expect((await stranger.bytes(revision.sheets[0].overlayUrl as string)).status).toBe(404);

    const token = `?token=${encodeURIComponent(order.access_token)}`;
    const byLink = await comparedRevision(shop, stranger, body.revisionId, token);
    expect(byLink.sheets[0].overlayUrl).toContain(token);
    expect((await stranger.bytes(byLink.sheets[0].overlayUrl as string)).status).toBe(200);
  }, 60_000);

  it('answers 409 when the previous order`s files are gone, and compares with the previous issue uploaded again', async () => {
    const client = shop.client();
    const pdf = await makeTitledSetPdf([planSheet('A-101'), planSheet('A-102')]);
    const previous = await uploadIssue(client, pdf);
    const next = await uploadIssue(client, makeTitledSetPdf([planSheet('A-101'), planSheet('A-102', inchLine(1000, 1000))]));
    await shop.runJobs();
    const order = await orderOfUpload(shop, previous);
    await shop.ctx.storage.deletePrefix(`uploads/${previous}/`);
    const gone = await client.post('/api/revisions', { previousOrderId: order.id, uploadIds: [next] });
    expect(gone.status).toBe(409);
    expect(gone.body.message).toBe(PREVIOUS_FILES_GONE_MESSAGE);

    const again = await uploadIssue(client, pdf);
    const started = await client.post('/api/revisions', { previousUploadIds: [again], uploadIds: [next] });
    expect(started.status).toBe(202);
    const revision = await comparedRevision(shop, client, started.body.revisionId);
    expect(revision.previousOrderNumber).toBeNull();
    expect(revision.sheets.map((s) => s.change)).toEqual(['unchanged', 'changed']);
  }, 60_000);

  it('says all unchanged for a set against itself, and all new with a message when no sheet is in common', async () => {
    const client = shop.client();
    const set = await uploadIssue(client, makeTitledSetPdf([planSheet('A-101'), planSheet('A-102')]));
    const other = await uploadIssue(client, makeTitledSetPdf([planSheet('S-501')]));
    await shop.runJobs();
    const order = await orderOfUpload(shop, set);
    const self = await client.post('/api/revisions', { previousOrderId: order.id, uploadIds: [set] });
    expect((await comparedRevision(shop, client, self.body.revisionId)).sheets.map((s) => s.change)).toEqual(['unchanged', 'unchanged']);

    const none = await client.post('/api/revisions', { previousOrderId: order.id, uploadIds: [other] });
    const revision = await comparedRevision(shop, client, none.body.revisionId);
    expect(revision.sheets.map((s) => s.change)).toEqual(['new']);
    expect(revision.removed.map((r) => r.sheetNumber)).toEqual(['A-101', 'A-102']);
    expect(revision.message).toBe(NOTHING_IN_COMMON_MESSAGE);
  }, 60_000);

  it('refuses bad requests: no files, both kinds of previous issue, a repeated file, a malformed id', async () => {
    const client = shop.client();
    const set = await uploadIssue(client, makeTitledSetPdf([planSheet('A-101')]));
    const order = await orderOfUpload(shop, set);
    for (const body of [
      {},
      { previousOrderId: order.id },
      { previousOrderId: order.id, uploadIds: [] },
      { previousOrderId: order.id, uploadIds: [set, set] },
      { previousOrderId: order.id, previousUploadIds: [set], uploadIds: [set] },
      { previousOrderId: 'nope', uploadIds: [set] },
    ]) {
      expect((await client.post('/api/revisions', body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await client.get('/api/revisions/not-a-uuid')).status).toBe(404);
    expect((await client.get(`/api/revisions/${order.id}`)).status).toBe(404);
  }, 60_000);
});
