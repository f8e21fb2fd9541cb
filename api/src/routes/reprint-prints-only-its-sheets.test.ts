/**
 * A revision's reprint is worked from what it prints: its name says which sheets, the counter's row
 * lists only the files holding them (the full issue beside them), and the zip holds one PDF of
 * exactly those sheets, so nobody printing from the list or the zip prints the whole issue. The
 * counter's View and Download of a reprint are one PDF of exactly its sheets too, built by the
 * worker once it is paid, with the full issue as its own link.
 */
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { shopForFile, type TestShop } from '#test/helpers/shop';
import type { TestClient } from '#test/helpers/client';
import { makeTitledSetPdf } from '#test/helpers/pdf';
import { inchLine, planSheet } from '#test/helpers/revisions';
import { comparedRevision, orderOfUpload, paidReprint, uploadIssue } from '#test/helpers/revisionKit';
import { adminClient, unzip } from '#test/helpers/adminTestKit';
import { firmOnAccount } from '#test/helpers/onAccount';
import { pdfPageTexts } from '#test/helpers/pdfPages';
import { orderNumberOf } from '#shared/fields';
import { buildPrintedSheets } from '#core/orders/printedSheets';
import { printedSheetsKey } from '#core/services/storage/keys';
import type { OrderJson } from '#shared/orderJson';

let shop: TestShop;
shopForFile((s) => (shop = s));

describe('a reprint of A-102 and A-105 from a three-file new issue', () => {
  let client: TestClient;
  let previousOrderId: string;
  let orderId: string;

  beforeAll(async () => {
    client = shop.client();
    const previous = await uploadIssue(client, makeTitledSetPdf(['A-101', 'A-102', 'A-103', 'A-104'].map((n) => planSheet(n))));
    const files = [
      await uploadIssue(client, makeTitledSetPdf([planSheet('A-101'), planSheet('A-102', inchLine(720, 1440))])),
      await uploadIssue(client, makeTitledSetPdf([planSheet('A-103')])),
      await uploadIssue(client, makeTitledSetPdf([planSheet('A-105')])),
    ];
    await shop.runJobs();
    const previousOrder = await orderOfUpload(shop, previous);
    previousOrderId = previousOrder.id;
    const started = await client.post('/api/revisions', { previousOrderId, uploadIds: files });
    expect(started.status).toBe(202);
    await comparedRevision(shop, client, started.body.revisionId);
    const placed = await client.post('/api/create-payment-intent', {
      revisionId: started.body.revisionId,
      printSize: '24x36',
      printType: 'bw',
      shippingMethod: 'pickup',
      customerEmail: 'grace@example.com',
      customerFirstName: 'Grace',
      customerLastName: 'Hopper',
    });
    expect(placed.status, placed.text).toBe(201);
    orderId = placed.body.orderId;
    const paid = await client.post('/api/payments/demo/confirm', { orderId, cardNumber: '4242 4242 4242 4242' });
    expect(paid.body).toEqual({ status: 'succeeded' });
    await shop.runJobs();
  }, 180_000);

  it('is named by the sheets it prints, not by the first file of the new issue', async () => {
    const order = (await client.get(`/api/orders/${orderId}`)).body as OrderJson;
    expect(order.printPositions).toEqual([2, 4]);
    expect(order.name).toBe(`A-102, A-105 of the revision of #${orderNumberOf(previousOrderId)}`);
  });

  it("lists only the files holding printed sheets on the counter's row, the full issue beside them", async () => {
    const admin = await adminClient(shop);
    const list = await admin.get(`/api/admin/orders?q=${orderNumberOf(orderId)}`);
    const row = list.body.orders.find((o: { id: string }) => o.id === orderId);
    expect(row.printedSheets).toEqual(['A-102', 'A-105']);
    expect(row.fileUrls.map((f: { firstPosition: number }) => f.firstPosition)).toEqual([1, 4]);
    expect(row.fullIssueUrls).toHaveLength(3);
  });

  it('exports one PDF of exactly the printed sheets, and the job ticket', async () => {
    const admin = await adminClient(shop);
    const started = await admin.post('/api/admin/export-files', { orderIds: [orderId], exportFormat: 'zip' });
    expect(started.status).toBe(200);
    await shop.runJobs();
    const zip = await admin.bytes(`/api/admin/export-download/${started.body.exportId}`);
    const entries = await unzip(zip.body);
    const n = orderNumberOf(orderId);
    const names = [...entries.keys()].sort();
    expect(names).toHaveLength(2);
    expect(names).toContain(`${n}-JOB-TICKET.pdf`);
    const drawing = names.find((name) => !name.endsWith('JOB-TICKET.pdf')) as string;
    expect(drawing).toMatch(/A-102, A-105 of the revision of/);
    const pages = await pdfPageTexts(entries.get(drawing)!.data);
    expect(pages).toHaveLength(2);
    expect(pages[0]).toContain('A-102');
    expect(pages[1]).toContain('A-105');
  });
});

describe("a reprint's View and Download: 2 sheets of a 6-sheet issue", () => {
  const numbers = ['S-101', 'S-102', 'S-103', 'S-104', 'S-105', 'S-106'];
  let client: TestClient;
  let previousOrderId: string;
  let orderId: string;

  beforeAll(async () => {
    client = shop.client();
    // S-103 and S-106 change; the other four are the same drawings.
    ({ orderId, previousOrderId } = await paidReprint(shop, client, numbers, ['S-103', 'S-106']));
  }, 180_000);

  it('is built by the worker once paid, and View serves exactly the 2 printed sheets; the full issue all 6', async () => {
    const admin = await adminClient(shop);
    // The payment is reconciled by a job, which queues the build in its transaction.
    await shop.runJobs();
    const row = (await admin.get(`/api/admin/orders?q=${orderNumberOf(orderId)}`)).body.orders.find((o: { id: string }) => o.id === orderId);
    expect(row.printedSheetsReady).toBe(true);
    const view = await admin.bytes(row.pdfUrl);
    expect(view.status).toBe(200);
    expect(view.headers.get('content-type')).toBe('application/pdf');
    expect(view.headers.get('content-disposition')).toMatch(/^inline; filename="S-103, S-106 of the revision of #[0-9A-F]{8}\.pdf"/);
    const pages = await pdfPageTexts(view.body);
    expect(pages).toHaveLength(2);
    expect(pages[0]).toContain('S-103');
    expect(pages[1]).toContain('S-106');
    for (const other of ['S-101', 'S-102', 'S-104', 'S-105']) expect(pages.join('\n')).not.toContain(other);
    const download = await admin.bytes(`${row.pdfUrl}?download=true`);
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; /);
    expect(download.body.equals(view.body)).toBe(true);

    // The full issue is its own link: all 6 sheets.
    expect(row.fullIssueUrls).toHaveLength(1);
    const full = await admin.bytes(row.fullIssueUrls[0].url);
    expect(full.status).toBe(200);
    const fullPages = await pdfPageTexts(full.body);
    expect(fullPages).toHaveLength(6);
    numbers.forEach((n, i) => expect(fullPages[i]).toContain(n));
  });

  it('says "preparing" (409 and a sentence) while it is not built, and asks the worker for it again', async () => {
    const admin = await adminClient(shop);
    // As for a reprint paid before its printed sheets were built: no record, no file, no job.
    await shop.sql`update orders set printed_sheets_key = null where id = ${orderId}`;
    await shop.ctx.storage.delete(printedSheetsKey(orderId));
    const waiting = await admin.get(`/api/admin/pdf/${orderId}`);
    expect(waiting.status, waiting.text).toBe(409);
    expect(waiting.body.message).toBe("The PDF of this reprint's printed sheets is still being prepared. Try again in a minute, or open the full issue.");
    expect(waiting.headers.get('retry-after')).toBe('10');
    const row = (await admin.get(`/api/admin/orders?q=${orderNumberOf(orderId)}`)).body.orders.find((o: { id: string }) => o.id === orderId);
    expect(row.printedSheetsReady).toBe(false);
    // Asking twice queues one job.
    await admin.get(`/api/admin/pdf/${orderId}`);
    const [{ count }] = await shop.sql<{ count: number }[]>`
      select count(*)::int as count from graphile_worker.jobs where task_identifier = 'orders__build_printed_sheets' and key = ${`printed-sheets:${orderId}`}`;
    expect(count).toBe(1);
    await shop.runJobs();
    const view = await admin.bytes(`/api/admin/pdf/${orderId}`);
    expect(view.status).toBe(200);
    expect(await pdfPageTexts(view.body)).toHaveLength(2);
  });

  it('builds it once: a second run keeps what was built', async () => {
    const [before] = await shop.sql<
      { printed_sheets_key: string; updated_at: Date }[]
    >`select printed_sheets_key, updated_at from orders where id = ${orderId}`;
    expect(before.printed_sheets_key).toBe(printedSheetsKey(orderId));
    expect(await buildPrintedSheets({ sql: shop.sql, storage: shop.ctx.storage }, orderId)).toEqual({ kind: 'skipped', reason: 'already built' });
    const [after] = await shop.sql<{ updated_at: Date }[]>`select updated_at from orders where id = ${orderId}`;
    expect(after.updated_at).toEqual(before.updated_at);
  });

  it("leaves an ordinary order's View as it was: its whole file, by its file name", async () => {
    const admin = await adminClient(shop);
    const row = (await admin.get(`/api/admin/orders?q=${orderNumberOf(previousOrderId)}`)).body.orders.find((o: { id: string }) => o.id === previousOrderId);
    expect(row.printedSheets).toBeNull();
    expect(row.printedSheetsReady).toBeNull();
    const view = await admin.bytes(row.pdfUrl);
    expect(view.status).toBe(200);
    expect(view.headers.get('content-disposition')).toMatch(/^inline; filename="Set\.pdf"/);
    expect(await pdfPageTexts(view.body)).toHaveLength(6);
    expect((await admin.get(`/api/admin/pdf/${previousOrderId}?file=2`)).status).toBe(404);
  });

  it('leaves nothing behind when retention deletes the files while it builds', async () => {
    await shop.sql`update orders set printed_sheets_key = null where id = ${orderId}`;
    await shop.ctx.storage.delete(printedSheetsKey(orderId));
    // Retention marks the order's files deleted between the build's reading them and its storing the PDF.
    const storage = shop.ctx.storage;
    const racing = Object.assign(Object.create(storage) as typeof storage, {
      put: async (...args: Parameters<typeof storage.put>) => {
        await shop.sql`update orders set file_deleted_at = now() where id = ${orderId}`;
        return storage.put(...args);
      },
    });
    expect(await buildPrintedSheets({ sql: shop.sql, storage: racing }, orderId)).toEqual({
      kind: 'skipped',
      reason: 'the files were deleted after printing while it was built',
    });
    expect(await storage.stat(printedSheetsKey(orderId))).toBeNull();
    expect((await shop.sql`select printed_sheets_key from orders where id = ${orderId}`)[0].printed_sheets_key).toBeNull();
    // As it was, for the retention below.
    await shop.sql`update orders set file_deleted_at = null where id = ${orderId}`;
    expect(await buildPrintedSheets({ sql: shop.sql, storage }, orderId)).toMatchObject({ kind: 'built' });
  });

  it("goes with the order's files after retention: the key is deleted and View says so", async () => {
    const admin = await adminClient(shop);
    await admin.patch(`/api/orders/${orderId}/status`, { status: 'completed' });
    await shop.sql`update orders set completed_at = now() - interval '30 days' where id = ${orderId}`;
    await shop.runCron('orders__delete_files');
    const [row] = await shop.sql<{ printed_sheets_key: string | null; file_deleted_at: Date | null }[]>`
      select printed_sheets_key, file_deleted_at from orders where id = ${orderId}`;
    expect(row.file_deleted_at).not.toBeNull();
    expect(row.printed_sheets_key).toBeNull();
    expect(fs.existsSync(path.join(shop.dataDir, 'files', printedSheetsKey(orderId)))).toBe(false);
    const view = await admin.get(`/api/admin/pdf/${orderId}`);
    expect(view.status).toBe(404);
    expect(view.body.message).toBe('The file for this order was deleted after printing.');
    // Asked to build again, it builds nothing.
    expect((await buildPrintedSheets({ sql: shop.sql, storage: shop.ctx.storage }, orderId)).kind).toBe('skipped');
  });
});

describe("a reprint placed on the firm's account", () => {
  it('has its printed sheets built as a paid one does', async () => {
    const { owner } = await firmOnAccount(shop, { creditLimitCents: 500_000 });
    const previous = await uploadIssue(owner.client, makeTitledSetPdf([planSheet('K-101'), planSheet('K-102')]));
    const next = await uploadIssue(owner.client, makeTitledSetPdf([planSheet('K-101'), planSheet('K-102', inchLine(720, 1440))]));
    await shop.runJobs();
    const previousOrder = await orderOfUpload(shop, previous);
    await shop.sql`update orders set user_id = ${owner.id} where id = ${previousOrder.id}`;
    const started = await owner.client.post('/api/revisions', { previousOrderId: previousOrder.id, uploadIds: [next] });
    expect(started.status, started.text).toBe(202);
    await comparedRevision(shop, owner.client, started.body.revisionId);
    const placed = await owner.client.post('/api/create-payment-intent', {
      revisionId: started.body.revisionId,
      printSize: '24x36',
      printType: 'bw',
      shippingMethod: 'pickup',
      paymentMethod: 'invoice',
      customerEmail: owner.email,
      customerFirstName: 'Olive',
      customerLastName: 'Builder',
    });
    expect(placed.status, placed.text).toBe(201);
    const orderId: string = placed.body.orderId;
    const [queued] = await shop.sql<{ count: number }[]>`
      select count(*)::int as count from graphile_worker.jobs where key = ${`printed-sheets:${orderId}`}`;
    expect(queued.count).toBe(1);
    await shop.runJobs();
    const admin = await adminClient(shop);
    const view = await admin.bytes(`/api/admin/pdf/${orderId}`);
    expect(view.status).toBe(200);
    const pages = await pdfPageTexts(view.body);
    expect(pages).toHaveLength(1);
    expect(pages[0]).toContain('K-102');
  }, 120_000);
});
