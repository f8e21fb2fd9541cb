import { beforeAll, describe, expect, it } from 'vitest';
import { shopForFile, type TestShop } from '#test/helpers/shop';
import type { TestClient } from '#test/helpers/client';
import { makeTitledSetPdf } from '#test/helpers/pdf';
import { inchLine, planSheet } from '#test/helpers/revisions';
import { comparedRevision, uploadIssue } from '#test/helpers/revisionKit';
import { ADDRESSES, CUSTOMER } from '#test/helpers/checkout';
import { adminClient } from '#test/helpers/adminTestKit';
import { PRICE_PER_PAGE_CENTS } from '#shared/pricing';
import { NOTHING_TO_PRINT_MESSAGE } from '#core/revisions/reprint';
import { HOLDERS_NEED_REVISION } from '#core/checkout/packages';
import type { OrderJson } from '#shared/orderJson';
import type { RevisionJson } from '#shared/revisions';
import { pdfText } from '#test/helpers/pdfText';
import { mkdir, writeFile } from 'node:fs/promises';

/** A PDF's text with runs of spaces made one. */
const textOf = async (bytes: Buffer) => (await pdfText(bytes)).replace(/[ \t]+/g, ' ');

let shop: TestShop;
shopForFile((s) => (shop = s));

const BW = PRICE_PER_PAGE_CENTS['24x36'].bw;
const PA = { street1: '1 Penn Sq', street2: '', city: 'Philadelphia', state: 'PA', zipCode: '19107' };
const ORDER = { printSize: '24x36', printType: 'bw', ...CUSTOMER };
const FOLD_STAPLE = { fold: 'title_out', bind: 'staple_left', holes: 0 };
/** The published prices of an 11" x 17" B&W sheet and of folding one (cents). */
const REDUCED_BW = 99;
const FOLD = 50;

/** Pays an unpaid order with the test card and reconciles it. */
async function pay(client: TestClient, orderId: string) {
  expect((await client.post('/api/payments/demo/confirm', { orderId, cardNumber: '4242 4242 4242 4242' })).body).toEqual({ status: 'succeeded' });
  await shop.runJobs();
}

describe('every holder of the set gets the next issue', () => {
  let client: TestClient;
  let firstOrderId: string;
  let revisionId: string;

  beforeAll(async () => {
    client = shop.client();
    const first = await uploadIssue(client, makeTitledSetPdf(['A-101', 'A-102', 'S-101', 'S-102', 'E-101', 'E-102'].map((n) => planSheet(n))));
    const next = await uploadIssue(
      client,
      makeTitledSetPdf([
        planSheet('A-101'),
        planSheet('A-102', inchLine(720, 1440)),
        planSheet('S-101', inchLine(900, 1440)),
        planSheet('S-102'),
        planSheet('S-103'),
        planSheet('E-101'),
        planSheet('E-102'),
      ]),
    );
    await shop.runJobs();
    const placed = await client.post('/api/create-payment-intent', {
      uploadId: first,
      ...ORDER,
      recipients: [
        { name: 'Owner', company: 'Client Co', delivery: 'pickup' },
        // Their set folded and stapled, with a reduced set: the reprint's sheets come folded and reduced, not stapled.
        { name: 'Keystone Steel', delivery: 'shipping', address: PA, sheets: ['S'], finishing: FOLD_STAPLE, reducedSets: 1 },
        { name: 'Volt Electric', delivery: 'shipping', address: ADDRESSES.NJ, sheets: ['E'], sets: 0, halfSets: 1 },
      ],
    });
    expect(placed.status).toBe(201);
    firstOrderId = placed.body.orderId;
    await pay(client, firstOrderId);
    const admin = await adminClient(shop);
    const labels = await admin.post(`/api/admin/generate-label/${firstOrderId}`);
    expect(labels.body.labels).toHaveLength(2);
    const started = await client.post('/api/revisions', { previousOrderId: firstOrderId, uploadIds: [next] });
    expect(started.status).toBe(202);
    revisionId = started.body.revisionId;
    const revision = await comparedRevision(shop, client, revisionId);
    expect(revision.sheets.map((s) => [s.sheetNumber, s.change])).toEqual([
      ['A-101', 'unchanged'],
      ['A-102', 'changed'],
      ['S-101', 'changed'],
      ['S-102', 'unchanged'],
      ['S-103', 'new'],
      ['E-101', 'unchanged'],
      ['E-102', 'unchanged'],
    ]);
  }, 180_000);

  it('shows what each holder held and what the reprint would send them', async () => {
    const revision = (await client.get(`/api/revisions/${revisionId}`)).body as RevisionJson;
    expect(revision.holders).toEqual([
      { name: 'Owner', company: 'Client Co', holds: ['A-101', 'A-102', 'S-101', 'S-102', 'E-101', 'E-102'], receives: ['A-102', 'S-101', 'S-103'] },
      { name: 'Keystone Steel', company: null, holds: ['S-101', 'S-102'], receives: ['S-101', 'S-103'] },
      { name: 'Volt Electric', company: null, holds: ['E-101', 'E-102'], receives: [] },
    ]);
  });

  it('charges each holder for their changed and new sheets, and the holder with nothing nothing', async () => {
    const rates = await client.post('/api/shipping-rates', { revisionId, printSize: '24x36', printType: 'bw', recipients: 'holders' });
    expect(rates.status).toBe(200);
    expect(rates.body.recipients.map((r: { name: string; sheetNumbers: string[] }) => [r.name, r.sheetNumbers])).toEqual([
      ['Owner', ['A-102', 'S-101', 'S-103']],
      ['Keystone Steel', ['S-101', 'S-103']],
    ]);
    const placed = await client.post('/api/create-payment-intent', { revisionId, ...ORDER, recipients: 'holders' });
    expect(placed.status).toBe(201);
    const [owner, steel] = placed.body.amounts.recipients;
    expect(placed.body.amounts.recipients).toHaveLength(2);
    expect(owner).toMatchObject({ name: 'Owner', sheetNumbers: ['A-102', 'S-101', 'S-103'], subtotal: (3 * BW) / 100, shippingCost: 0, taxState: 'NJ' });
    expect(steel).toMatchObject({
      name: 'Keystone Steel',
      sheetNumbers: ['S-101', 'S-103'],
      subtotal: (2 * BW + 2 * REDUCED_BW + 2 * FOLD) / 100,
      taxState: 'PA',
      reducedSets: 1,
      finishing: { fold: 'title_out', bind: 'none', holes: 0 },
    });
    expect(steel.shippingCost).toBeGreaterThan(0);
    expect(placed.body.amounts.total).toBeCloseTo(owner.total + steel.total, 2);
    const order = (await client.get(`/api/orders/${placed.body.orderId}`)).body as OrderJson;
    expect(order.recipients.map((r) => [r.name, r.positions, r.finishing.bind, r.reducedSets])).toEqual([
      ['Owner', [2, 3, 5], 'none', 0],
      ['Keystone Steel', [3, 5], 'none', 1],
    ]);
    expect(order.printPositions).toEqual([2, 3, 5]);
    expect(order.revisionOf?.orderId).toBe(firstOrderId);

    // The ticket's packing lists carry each holder's own slip sheets.
    await pay(client, placed.body.orderId);
    const admin = await adminClient(shop);
    const ticket = await admin.bytes(`/api/admin/job-ticket/${placed.body.orderId}`);
    expect(ticket.status).toBe(200);
    await mkdir('test-results', { recursive: true });
    await writeFile('test-results/holders-job-ticket.pdf', ticket.body);
    const text = await textOf(ticket.body);
    expect(text).toContain('2 packages (1 shipped, 1 picked up): see the packing lists');
    const [, lists] = text.split('PACKING LISTS');
    const [ownerList, steelList] = lists.split('2 of 2: Keystone Steel');
    expect(ownerList).toContain('1 of 2: Owner');
    expect(ownerList).toContain('1 set of 3 sheets: A-102, S-101, S-103');
    expect(ownerList).toContain('A-102 — replace');
    expect(ownerList).toContain('S-103 — insert after S-102');
    expect(steelList).toContain('1 set + 1 reduced 11" x 17" set of 2 sheets: S-101, S-103');
    expect(steelList).toContain('Finishing: Full-size sets: fold to 9" x 12", title block facing out on the front');
    expect(steelList).not.toContain('staple');
    expect(ownerList).not.toContain('Finishing');
    expect(steelList).toContain('S-101 — replace');
    expect(steelList).not.toContain('A-102');
    expect(steelList).toContain('Ship');
    expect(steelList).toContain('Philadelphia, PA 19107');
  });

  it('lists the recipients on the receipt with what each gets and pays', async () => {
    const receipt = await client.bytes(`/api/orders/${firstOrderId}/receipt`);
    expect(receipt.status).toBe(200);
    await mkdir('test-results', { recursive: true });
    await writeFile('test-results/recipients-receipt.pdf', receipt.body);
    const text = await textOf(receipt.body);
    expect(text).toContain('Recipients');
    expect(text).toContain('1. Owner (Client Co)');
    expect(text).toContain('Pickup at the counter');
    expect(text).toContain('2. Keystone Steel');
    expect(text).toContain('1 set + 1 reduced 11" x 17" set of 2 sheets: S-101, S-102');
    expect(text).toContain('Finishing: Full-size sets: fold to 9" x 12", title block facing out on the front; staple on the left edge');
    expect(text).toContain('3. Volt Electric');
    expect(text).toContain('1 half-size set of 2 sheets: E-101, E-102');
    expect(text).toMatch(/tax \(PA\) \$/);
  });

  it('reaches the holders of the reprint with the next issue', async () => {
    const placed = await client.post('/api/create-payment-intent', { revisionId, ...ORDER, recipients: 'holders' });
    await pay(client, placed.body.orderId);
    const third = await uploadIssue(
      client,
      makeTitledSetPdf([
        planSheet('A-101'),
        planSheet('A-102', inchLine(720, 1440)),
        planSheet('S-101', inchLine(900, 1440)),
        planSheet('S-102'),
        planSheet('S-103', inchLine(600, 1200)),
        planSheet('E-101'),
        planSheet('E-102', inchLine(600, 1200)),
      ]),
    );
    await shop.runJobs();
    const started = await client.post('/api/revisions', { previousOrderId: placed.body.orderId, uploadIds: [third] });
    expect(started.status).toBe(202);
    const revision = await comparedRevision(shop, client, started.body.revisionId);
    expect(revision.sheets.filter((s) => s.change !== 'unchanged').map((s) => s.sheetNumber)).toEqual(['S-103', 'E-102']);
    // The steel sub now holds S-103 (sent with the last issue); the electrician, who got nothing, is no holder of the reprint.
    expect(revision.holders).toEqual([
      { name: 'Owner', company: 'Client Co', holds: ['A-101', 'A-102', 'S-101', 'S-102', 'S-103', 'E-101', 'E-102'], receives: ['S-103', 'E-102'] },
      { name: 'Keystone Steel', company: null, holds: ['S-101', 'S-102', 'S-103'], receives: ['S-103'] },
    ]);
  }, 120_000);

  it('refuses "holders" without a revision, and nothing to send', async () => {
    const before = (await shop.sql<{ n: number }[]>`select count(*)::int as n from orders`)[0].n;
    const [upload] = await shop.sql<{ id: string }[]>`select upload_id as id from orders where id = ${firstOrderId}`;
    const noRevision = await client.post('/api/create-payment-intent', { uploadId: upload.id, ...ORDER, recipients: 'holders' });
    expect(noRevision.status).toBe(400);
    expect(noRevision.body.message).toBe(HOLDERS_NEED_REVISION);
    // A-101 did not change: printing it alone sends no holder anything.
    const nothing = await client.post('/api/create-payment-intent', { revisionId, ...ORDER, printPositions: [1], recipients: 'holders' });
    expect(nothing.status).toBe(400);
    expect(nothing.body.message).toBe(NOTHING_TO_PRINT_MESSAGE);
    const stranger = await shop.client().post('/api/create-payment-intent', { revisionId, ...ORDER, recipients: 'holders' });
    expect(stranger.status).toBe(404);
    expect((await shop.sql<{ n: number }[]>`select count(*)::int as n from orders`)[0].n).toBe(before);
  });
});
