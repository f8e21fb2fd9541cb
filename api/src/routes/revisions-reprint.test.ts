import { beforeAll, describe, expect, it } from 'vitest';
import { shopForFile, type TestShop } from '#test/helpers/shop';
import type { TestClient } from '#test/helpers/client';
import { makeTitledSetPdf, rewrittenByMupdf } from '#test/helpers/pdf';
import { inchLine, planSheet } from '#test/helpers/revisions';
import { comparedRevision, orderOfUpload, uploadIssue } from '#test/helpers/revisionKit';
import { mkdir, writeFile } from 'node:fs/promises';
import { NOTHING_TO_PRINT_MESSAGE, revisionPrintOf } from '#core/revisions/reprint';
import type { OrderRow } from '#core/orders/orderRow';
import { withOrderFiles } from '#core/orders/orderFiles';
import { sheetListOf } from '#core/orders/sheetList';
import { renderJobTicket } from '#core/services/tickets/jobTicket';
import { renderReceipt } from '#core/services/receipts/index';
import { orderConfirmationEmail } from '#core/emails/orderConfirmation';
import { statusEmail } from '#core/emails/status-change';
import { pdfText } from '#test/helpers/pdfText';
import { DEFAULT_SHOP } from '#shared/shop';
import { presentAdminOrder } from '../presenters/adminOrder';
import { orderNumberOf } from '#shared/fields';
import { PRICE_PER_PAGE_CENTS } from '#shared/pricing';
import type { OrderJson } from '#shared/orderJson';

let shop: TestShop;
shopForFile((s) => (shop = s));

/** A pickup checkout of a revision's reprint (the files come from the revision). */
const reprintBody = (revisionId: string, extra: Record<string, unknown> = {}) => ({
  revisionId,
  printSize: '24x36',
  printType: 'bw',
  shippingMethod: 'pickup',
  customerEmail: '',
  customerFirstName: '',
  customerLastName: '',
  ...extra,
});

const BW = PRICE_PER_PAGE_CENTS['24x36'].bw;

describe('reprinting a revision', () => {
  let client: TestClient;
  let previousOrder: Awaited<ReturnType<typeof orderOfUpload>>;
  let files: string[];
  let revisionId: string;

  beforeAll(async () => {
    client = shop.client();
    const previous = await uploadIssue(client, makeTitledSetPdf(['A-101', 'A-102', 'A-103', 'A-104'].map((n) => planSheet(n))));
    files = [
      await uploadIssue(client, makeTitledSetPdf([planSheet('A-101'), planSheet('A-102', inchLine(720, 1440))])),
      await uploadIssue(client, rewrittenByMupdf(await makeTitledSetPdf([planSheet('A-103')]))),
      await uploadIssue(client, makeTitledSetPdf([planSheet('A-105')])),
    ];
    await shop.runJobs();
    previousOrder = await orderOfUpload(shop, previous);
    const started = await client.post('/api/revisions', { previousOrderId: previousOrder.id, uploadIds: files });
    revisionId = started.body.revisionId;
    const revision = await comparedRevision(shop, client, revisionId);
    expect(revision.sheets.map((s) => [s.sheetNumber, s.change])).toEqual([
      ['A-101', 'unchanged'],
      ['A-102', 'changed'],
      ['A-103', 'unchanged'],
      ['A-105', 'new'],
    ]);
    expect(revision.removed.map((r) => r.sheetNumber)).toEqual(['A-104']);
  }, 120_000);

  it('prices the default selection (changed and new) as 2 sheets and records the revision on the order', async () => {
    const placed = await client.post('/api/create-payment-intent', reprintBody(revisionId));
    expect(placed.status).toBe(201);
    expect(placed.body.amounts.lines).toEqual([{ description: expect.any(String), quantity: 2, unitPrice: BW / 100, amount: (2 * BW) / 100 }]);
    expect(placed.body.amounts.subtotal).toBe((2 * BW) / 100);
    const order = (await client.get(`/api/orders/${placed.body.orderId}`)).body as OrderJson;
    expect(order.pageCount).toBe(2);
    expect(order.printPositions).toEqual([2, 4]);
    expect(order.revisionOf).toEqual({ orderId: previousOrder.id, orderNumber: orderNumberOf(previousOrder.id) });
    expect(order.files.map((f) => f.uploadId)).toEqual(files);

    // The receipt, the emails and the counter's ticket say what it revises and what it reprints.
    const [row] = await shop.sql<OrderRow[]>`select * from orders where id = ${order.id}`;
    await withOrderFiles(shop.sql, [row]);
    const revision = await revisionPrintOf(shop.sql, row);
    const sentence = `Revision of order #${orderNumberOf(previousOrder.id)} — sheets A-102, A-105 reprinted`;
    const receipt = (await pdfText(await renderReceipt(row, DEFAULT_SHOP, await sheetListOf(shop.sql, row), revision))).replace(/\s+/g, ' ');
    expect(receipt).toContain(sentence);
    const mail = { appUrl: 'http://shop.test', supportEmail: 'help@shop.test', supportPhone: '555-0100' };
    expect(orderConfirmationEmail(row, { ...mail, revision }).text).toContain(sentence);
    expect(statusEmail(shop.ctx.env, { ...row, status: 'processing' }, revision).text).toContain(sentence);

    // The counter's row links to the order it revises, by its number in the admin search.
    expect(presentAdminOrder(row)).toMatchObject({ revisionOfUrl: `/admin?q=${orderNumberOf(previousOrder.id)}`, printPositions: [2, 4] });

    const ticketPdf = await renderJobTicket(row, DEFAULT_SHOP, await sheetListOf(shop.sql, row), revision);
    await mkdir('test-results', { recursive: true });
    await writeFile('test-results/revision-job-ticket.pdf', ticketPdf);
    const ticket = (await pdfText(ticketPdf)).replace(/[ \t]+/g, ' ');
    expect(ticket).toContain(sentence);
    expect(ticket).toContain('A-102 — replace');
    expect(ticket).toContain('A-105 — insert after A-103');
    expect(ticket).toContain('A-104 — remove');
    // Only the printed sheets: the ticket counts 2 and lists, not the unchanged ones.
    expect(ticket).toMatch(/1 set of 2 sheets/);
    expect(ticket).not.toContain('A-101');
    expect(ticket).not.toMatch(/A-103 FLOOR/);
  });

  it('prints the positions chosen, with color only among them, and the same files when sent', async () => {
    const chosen = await client.post('/api/create-payment-intent', reprintBody(revisionId, { printPositions: [4, 1, 2], uploadIds: files }));
    expect(chosen.status).toBe(201);
    expect(chosen.body.amounts.subtotal).toBe((3 * BW) / 100);
    const order = (await client.get(`/api/orders/${chosen.body.orderId}`)).body as OrderJson;
    expect(order.printPositions).toEqual([1, 2, 4]);

    const color = await client.post('/api/create-payment-intent', reprintBody(revisionId, { printType: 'auto', printPositions: [2, 4], colorSheets: [4] }));
    expect(color.status).toBe(201);
    expect([color.body.amounts.colorSheetCount, color.body.amounts.bwSheetCount]).toEqual([1, 1]);
    const outside = await client.post('/api/create-payment-intent', reprintBody(revisionId, { printType: 'auto', printPositions: [2, 4], colorSheets: [3] }));
    expect(outside.status).toBe(400);
  });

  it('ships the printed sheets alone: the rates and the checkout count the same tube', async () => {
    const toAddress = { street1: '1 Main St', street2: '', city: 'Albany', state: 'NY', zipCode: '12207' };
    const rates = await client.post('/api/shipping-rates', { toAddress, printSize: '24x36', printType: 'bw', revisionId, printPositions: [2, 4] });
    expect(rates.status).toBe(200);
    const [quote] = await shop.sql<{ page_count: number }[]>`select page_count from shipping_quotes where id = ${rates.body[0].rateId}`;
    expect(quote.page_count).toBe(2);
    const shipped = await client.post(
      '/api/create-payment-intent',
      reprintBody(revisionId, { printPositions: [2, 4], shippingMethod: 'shipping', rateId: rates.body[0].rateId, shippingAddress: toAddress }),
    );
    expect(shipped.status).toBe(201);
    expect(shipped.body.amounts.subtotal).toBe((2 * BW) / 100);
  });

  it('refuses printing nothing, other files, positions outside the issue, and printPositions without a revision', async () => {
    const nothing = await client.post('/api/create-payment-intent', reprintBody(revisionId, { printPositions: [] }));
    expect(nothing.status).toBe(400);
    expect(nothing.body.message).toBe(NOTHING_TO_PRINT_MESSAGE);
    const mismatch = await client.post('/api/create-payment-intent', reprintBody(revisionId, { uploadIds: [files[0], files[1]] }));
    expect(mismatch.status).toBe(400);
    const reordered = await client.post('/api/create-payment-intent', reprintBody(revisionId, { uploadIds: [files[1], files[0], files[2]] }));
    expect(reordered.status).toBe(400);
    expect((await client.post('/api/create-payment-intent', reprintBody(revisionId, { printPositions: [5] }))).status).toBe(400);
    const noRevision = await client.post('/api/create-payment-intent', {
      ...reprintBody(revisionId, { uploadIds: files, printPositions: [2] }),
      revisionId: undefined,
    });
    expect(noRevision.status).toBe(400);
  });

  it('answers 404 to another browser, and lets the previous order`s link reprint it', async () => {
    const stranger = shop.client();
    const refused = await stranger.post('/api/create-payment-intent', reprintBody(revisionId));
    expect(refused.status).toBe(404);
    const byLink = await stranger.post(`/api/create-payment-intent?token=${encodeURIComponent(previousOrder.access_token)}`, reprintBody(revisionId));
    expect(byLink.status).toBe(201);
  });

  it('says "Nothing to print" for a set compared with itself', async () => {
    const started = await client.post('/api/revisions', { previousOrderId: previousOrder.id, uploadIds: [files[0]] });
    await comparedRevision(shop, client, started.body.revisionId);
    const same = await client.post('/api/revisions', { previousUploadIds: [files[2]], uploadIds: [files[2]] });
    await comparedRevision(shop, client, same.body.revisionId);
    const nothing = await client.post('/api/create-payment-intent', reprintBody(same.body.revisionId));
    expect(nothing.status).toBe(400);
    expect(nothing.body.message).toBe(NOTHING_TO_PRINT_MESSAGE);
  });
});
