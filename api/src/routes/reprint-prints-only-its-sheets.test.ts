/**
 * A revision's reprint is worked from what it prints: its name says which sheets, the counter's row
 * lists only the files holding them (the full issue beside them), and the zip holds one PDF of
 * exactly those sheets, so nobody printing from the list or the zip prints the whole issue.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { shopForFile, type TestShop } from '#test/helpers/shop';
import type { TestClient } from '#test/helpers/client';
import { makeTitledSetPdf } from '#test/helpers/pdf';
import { inchLine, planSheet } from '#test/helpers/revisions';
import { comparedRevision, orderOfUpload, uploadIssue } from '#test/helpers/revisionKit';
import { adminClient, unzip } from '#test/helpers/adminTestKit';
import { pdfPageTexts } from '#test/helpers/pdfPages';
import { orderNumberOf } from '#shared/fields';
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
