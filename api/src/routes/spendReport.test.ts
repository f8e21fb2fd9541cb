/**
 * The month's spend through the API: which orders a month holds (placed by card or on account, on
 * the counter's calendar; not unpaid, cancelled, refunded or another firm's), the CSV as a
 * spreadsheet reads it (BOM, RFC 4180, totals per project and for the month, formulas shown as
 * text), the PDF as poppler draws it, and who may read it (owners; a member 403, an outsider 404).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { shopForFile, type TestShop } from '#test/helpers/shop';
import { buildOrder } from '#test/helpers/factories';
import { firmOnAccount, signedInPerson, type FirmPerson } from '#test/helpers/onAccount';
import { pdfText } from '#test/helpers/pdfText';
import { renderPngs } from '#test/helpers/pdfPages';
import { formatCents } from '#shared/money';
import { shopDay } from '#shared/clock';
import type { OrderRow } from '#core/orders/orderRow';

let shop: TestShop;
shopForFile((s) => (shop = s));

/** Where the drawn report is kept, to be looked at. */
const DOCS = path.resolve('test-results/spend-report');
beforeAll(() => fs.mkdirSync(DOCS, { recursive: true }));

const HYPERLINK = '=HYPERLINK("http://evil.example/x","Click me")';
const MONTH = '2026-03';

/** A project of the firm, written as the project command writes it. */
async function project(firmId: string, code: string, name: string): Promise<string> {
  const [row] = await shop.sql<{ id: string }[]>`insert into firm_projects (firm_id, code, name) values (${firmId}, ${code}, ${name}) returning id`;
  return row.id;
}

/** An order of the firm as checkout leaves it, placed at `placedAt` by card or on account (an invoice issued then). */
async function firmOrder(
  firmId: string,
  o: {
    by: FirmPerson;
    placedAt: string;
    project?: { id: string; code: string; name: string };
    costCode?: string;
    po?: string;
    pages?: number;
    onAccount?: boolean;
    paymentStatus?: OrderRow['payment_status'];
    status?: OrderRow['status'];
  },
): Promise<OrderRow> {
  const paymentStatus = o.paymentStatus ?? (o.onAccount ? 'invoiced' : 'paid');
  const order = await buildOrder(shop, { userId: o.by.id, pages: o.pages ?? 3, paymentStatus, status: o.status, createdAt: new Date(o.placedAt) });
  await shop.sql`
    update orders set firm_id = ${firmId}, project_id = ${o.project?.id ?? null}, project_code = ${o.project?.code ?? null},
      project_name = ${o.project?.name ?? null}, cost_code = ${o.costCode ?? null}, po_number = ${o.po ?? null}, placed_by_user_id = ${o.by.id},
      paid_at = ${o.onAccount || paymentStatus === 'unpaid' ? null : o.placedAt}
    where id = ${order.id}`;
  if (o.onAccount) {
    await shop.sql`
      insert into invoices (firm_id, order_id, amount_cents, issued_at, due_on)
      values (${firmId}, ${order.id}, ${order.total_cents}, ${o.placedAt}, (${o.placedAt}::timestamptz + interval '30 days')::date)`;
  }
  return order;
}

const numberOf = (order: { id: string }) => order.id.slice(-8).toUpperCase();
const dollars = (cents: number) => (cents / 100).toFixed(2);

describe('the month’s spend report', () => {
  it('lists the month’s placed orders, totals them by project and for the month, and opens in a spreadsheet as it is', async () => {
    const { firmId, owner, member } = await firmOnAccount(shop, { creditLimitCents: 500000 });
    const tower = { id: await project(firmId, 'HT-1', 'Hoboken Tower'), code: 'HT-1', name: 'Hoboken Tower' };
    const trap = { id: await project(firmId, 'ZZ-9', HYPERLINK), code: 'ZZ-9', name: HYPERLINK };

    const card = await firmOrder(firmId, { by: member, placedAt: '2026-03-03T15:00:00Z', project: tower, costCode: '04-REIMB', po: 'PO-7731', pages: 4 });
    const account = await firmOrder(firmId, { by: owner, placedAt: '2026-03-10T15:00:00Z', project: tower, onAccount: true, po: '-12, "rush"' });
    const trapped = await firmOrder(firmId, { by: member, placedAt: '2026-03-12T15:00:00Z', project: trap, po: '@SUM(A1)' });
    const noProject = await firmOrder(firmId, { by: member, placedAt: '2026-03-20T15:00:00Z' });
    // 03:30 UTC on Apr 1 is still Mar 31 at the counter (New York, daylight time): in March.
    const lateEvening = await firmOrder(firmId, { by: member, placedAt: '2026-04-01T03:30:00Z', project: tower });
    const inMonth = [card, account, trapped, noProject, lateEvening];

    // Not March's spend: Feb 28 at the counter, April, unpaid, cancelled, refunded, another firm's.
    const before = await firmOrder(firmId, { by: member, placedAt: '2026-03-01T04:30:00Z', project: tower });
    const after = await firmOrder(firmId, { by: member, placedAt: '2026-04-02T15:00:00Z', project: tower });
    const unpaid = await firmOrder(firmId, { by: member, placedAt: '2026-03-05T15:00:00Z', project: tower, paymentStatus: 'unpaid' });
    const cancelled = await firmOrder(firmId, { by: member, placedAt: '2026-03-06T15:00:00Z', project: tower, onAccount: true, status: 'failed' });
    const refunded = await firmOrder(firmId, { by: member, placedAt: '2026-03-07T15:00:00Z', project: tower, paymentStatus: 'refunded' });
    const rival = await firmOnAccount(shop, { name: 'Rival Partners' });
    const theirs = await firmOrder(rival.firmId, { by: rival.member, placedAt: '2026-03-08T15:00:00Z' });

    const res = await owner.client.bytes(`/api/firms/${firmId}/reports/spend?month=${MONTH}&format=csv`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv; charset=utf-8/);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="spend-${MONTH}.csv"`);
    // UTF-8 with a byte-order mark, CRLF line ends.
    expect([...res.body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = res.body.toString('utf8').slice(1);
    expect(text.split('\r\n')[0]).toBe('Date,Order,Project code,Project,Cost code,PO,Placed by,Sheets,Subtotal,Tax,Total,Invoice or card');

    const rows = parse(text, { relax_column_count: false }) as string[][];
    const [head, ...body] = rows;
    expect(head).toHaveLength(12);
    const orderRows = body.filter((r) => r[1] !== '');
    expect(orderRows.map((r) => r[1])).toEqual(inMonth.map(numberOf));
    for (const o of [before, after, unpaid, cancelled, refunded, theirs]) expect(text).not.toContain(numberOf(o));

    const cardRow = orderRows[0];
    expect(cardRow).toEqual([
      '2026-03-03',
      numberOf(card),
      'HT-1',
      'Hoboken Tower',
      '04-REIMB',
      'PO-7731',
      'Milo Builder',
      String(card.page_count),
      dollars(card.total_cents - card.tax_cents),
      dollars(card.tax_cents),
      dollars(card.total_cents),
      'Card',
    ]);
    const [invoice] = await shop.sql<{ number: string }[]>`select lpad(number::text, 6, '0') as number from invoices where order_id = ${account.id}`;
    expect(orderRows[1]).toMatchObject({ 6: 'Olive Builder', 11: `Invoice INV-${invoice.number}` });
    // A value starting with - or @ or = is shown as text, and quotes and commas survive the round trip.
    expect(orderRows[1][5]).toBe(`'-12, "rush"`);
    expect(orderRows[2][3]).toBe(`'${HYPERLINK}`);
    expect(orderRows[2][5]).toBe(`'@SUM(A1)`);
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example/x"",""Click me"")"`);
    // Empty cells are empty: no quotes, no "null".
    expect(text.split('\r\n')[4]).toMatch(/^2026-03-20,[A-Z0-9]{8},,,,,Milo Builder,3,/);
    expect(orderRows[4][0]).toBe('2026-03-31');

    // A total per project (by code, orders without a project last), then the month's total.
    const totals = body.filter((r) => r[0].startsWith('Total'));
    expect(totals.map((r) => r[0])).toEqual(['Total HT-1', 'Total ZZ-9', 'Total (no project)', 'Total']);
    const sum = (of: OrderRow[], key: 'total_cents' | 'tax_cents') => of.reduce((n, o) => n + o[key], 0);
    const tower3 = [card, account, lateEvening];
    expect(totals[0].slice(7, 11)).toEqual([
      String(tower3.reduce((n, o) => n + o.page_count, 0)),
      dollars(sum(tower3, 'total_cents') - sum(tower3, 'tax_cents')),
      dollars(sum(tower3, 'tax_cents')),
      dollars(sum(tower3, 'total_cents')),
    ]);
    expect(totals[1][3]).toBe(`'${HYPERLINK}`);
    expect(totals[3][10]).toBe(dollars(sum(inMonth, 'total_cents')));
    // The totals are the orders' own: the month's sum equals the sum of the order lines, to the cent.
    const cents = (v: string) => Math.round(Number(v) * 100);
    expect(orderRows.reduce((n, r) => n + cents(r[10]), 0)).toBe(cents(totals[3][10]));
    expect(totals.slice(0, 3).reduce((n, r) => n + cents(r[10]), 0)).toBe(cents(totals[3][10]));
    expect(body.at(-1)?.[0]).toBe('Total');

    // The same month as a PDF: the orders, the project totals and the month's total; poppler draws it.
    const pdf = await owner.client.bytes(`/api/firms/${firmId}/reports/spend?month=${MONTH}&format=pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const pdfWords = await pdfText(pdf.body);
    for (const o of inMonth) expect(pdfWords).toContain(numberOf(o));
    expect(pdfWords).toContain('Keystone Architects');
    expect(pdfWords).toContain('March 2026');
    expect(pdfWords).toContain('Total HT-1');
    expect(pdfWords).toContain(formatCents(sum(inMonth, 'total_cents')));
    expect(pdfWords).toContain('04-REIMB');
    const drawn = await renderPngs(pdf.body, 'spend-report', DOCS);
    expect(drawn.pages).toBe(1);
    expect(drawn.stderr).toBe('');
  });

  it('a month with no orders is headings and a zero total', async () => {
    const { firmId, owner } = await firmOnAccount(shop);
    const res = await owner.client.bytes(`/api/firms/${firmId}/reports/spend?month=2026-01`);
    expect(res.status).toBe(200);
    const rows = parse(res.body.toString('utf8').slice(1)) as string[][];
    expect(rows).toHaveLength(2);
    expect(rows[1]).toEqual(['Total', '', '', '', '', '', '', '0', '0.00', '0.00', '0.00', '']);
    const pdf = await owner.client.bytes(`/api/firms/${firmId}/reports/spend?month=2026-01&format=pdf`);
    expect(await pdfText(pdf.body)).toContain('No orders were placed this month.');
  });

  it('is for owners: a member gets 403, an outsider 404; a month ahead or malformed is a 400', async () => {
    const { firmId, owner, member } = await firmOnAccount(shop);
    const url = (q: string) => `/api/firms/${firmId}/reports/spend?${q}`;
    const refused = await member.client.get(url(`month=${MONTH}`));
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Only an owner or an approver of the firm can do that.');
    expect((await (await signedInPerson(shop)).client.get(url(`month=${MONTH}`))).status).toBe(404);
    expect((await shop.client().get(url(`month=${MONTH}`))).status).toBe(404);
    const rival = await firmOnAccount(shop, { name: 'Rival Partners' });
    expect((await rival.owner.client.get(url(`month=${MONTH}`))).status).toBe(404);
    // An outsider learns nothing from a bad query either: 404 before the 400.
    expect((await rival.owner.client.get(url('month=nope'))).status).toBe(404);

    const today = shopDay(new Date());
    const [y, m] = today.split('-').map(Number);
    const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
    const ahead = await owner.client.get(url(`month=${next}`));
    expect(ahead.status).toBe(400);
    expect(ahead.body.message).toBe('That month has not begun yet. Please choose this month or an earlier one.');
    expect((await owner.client.get(url(`month=${today.slice(0, 7)}`))).status).toBe(200);
    for (const bad of ['month=2026-13', 'month=2026-3', 'month=March', 'month=2026-03-01', '', 'month=1899-12']) {
      const res = await owner.client.get(url(bad));
      expect(res.status, bad).toBe(400);
      expect(res.body.message, bad).toMatch(/month must be a month \(YYYY-MM\)|between the years/);
    }
    const xls = await owner.client.get(url(`month=${MONTH}&format=xlsx`));
    expect(xls.status).toBe(400);
    expect(xls.body.message).toBe('format must be csv or pdf');
  });
});
