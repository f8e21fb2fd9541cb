/**
 * The month's spend: every order a firm placed in one month of the counter's calendar (paid by card
 * or invoiced on account), one line each, then a total per project and a grand total. The same lines
 * go out as a CSV a bookkeeper opens in a spreadsheet as it is, and as a landscape PDF drawn like the
 * project statement. The month an order belongs to is the day it was placed: the day its invoice was
 * issued, or the day its card was charged (docs/decisions/060-spend-report-month-and-amounts.md).
 */
import { stringify } from 'csv-stringify/sync';
import { formatCents } from '#shared/money';
import { orderNumberOf } from '#shared/fields';
import { invoiceNumberText } from '#shared/invoice';
import { shopAddressLines, type ShopFacts } from '#shared/shop';
import type { Queryable } from '../lib/db';
import { renderPdf } from '../lib/pdfDocument';
import { drawText, heightOfText, type BlockOptions } from '../lib/pdfLayout';

/** One placed order as the report lists it. */
export type SpendOrder = {
  id: string;
  /** The counter's day it was placed (YYYY-MM-DD). */
  placed_on: string;
  project_code: string | null;
  project_name: string | null;
  cost_code: string | null;
  po_number: string | null;
  placed_by: string;
  sheets: number;
  total_cents: number;
  tax_cents: number;
  /** The invoice's number when it was placed on account; null when paid by card. */
  invoice_number: string | null;
};

/** The placed orders of `month` (YYYY-MM on the counter's clock), oldest first. */
export async function spendOrders(db: Queryable, input: { firmId: string; month: string; timeZone: string }): Promise<SpendOrder[]> {
  const first = `${input.month}-01`;
  return db<SpendOrder[]>`
    with placed as (
      select o.*, i.number as invoice_no, coalesce(i.issued_at, o.paid_at, o.created_at) as placed_at
      from orders o left join invoices i on i.order_id = o.id
      where o.firm_id = ${input.firmId} and o.payment_status in ('paid', 'invoiced') and o.status <> 'failed'
    )
    select p.id, to_char((p.placed_at at time zone ${input.timeZone})::date, 'YYYY-MM-DD') as placed_on,
      p.project_code, p.project_name, p.cost_code, p.po_number,
      coalesce(nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), ''),
               trim(p.customer_first_name || ' ' || p.customer_last_name)) as placed_by,
      p.page_count * p.sets as sheets, p.total_cents, p.tax_cents, p.invoice_no::text as invoice_number
    from placed p left join users u on u.id = p.placed_by_user_id
    where (p.placed_at at time zone ${input.timeZone}) >= ${first}::date
      and (p.placed_at at time zone ${input.timeZone}) < ${first}::date + interval '1 month'
    order by p.placed_at, p.id`;
}

/** The report's columns, in order; the first cell of a total line is "Total {project code}" or "Total". */
export const SPEND_COLUMNS = [
  'Date',
  'Order',
  'Project code',
  'Project',
  'Cost code',
  'PO',
  'Placed by',
  'Sheets',
  'Subtotal',
  'Tax',
  'Total',
  'Invoice or card',
] as const;

/** A line of the report: an order, a project's total, or the month's total. */
export type SpendLine = {
  kind: 'order' | 'project' | 'total';
  date: string;
  order: string;
  projectCode: string;
  project: string;
  costCode: string;
  po: string;
  placedBy: string;
  sheets: number;
  /** Before tax: prints, rush and shipping, so subtotal + tax = total on every line. */
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
  paidWith: string;
};

/** What the first cell of a project's total line reads for orders placed without a project. */
export const NO_PROJECT = '(no project)';

/** The report's lines: the orders as placed, then one total per project (by code), then the month's total. */
export function spendLines(orders: SpendOrder[]): SpendLine[] {
  const lines: SpendLine[] = orders.map((o) => ({
    kind: 'order',
    date: o.placed_on,
    order: orderNumberOf(o.id),
    projectCode: o.project_code ?? '',
    project: o.project_name ?? '',
    costCode: o.cost_code ?? '',
    po: o.po_number ?? '',
    placedBy: o.placed_by,
    sheets: o.sheets,
    subtotalCents: o.total_cents - o.tax_cents,
    taxCents: o.tax_cents,
    totalCents: o.total_cents,
    paidWith: o.invoice_number ? `Invoice ${invoiceNumberText(o.invoice_number)}` : 'Card',
  }));
  const total = (kind: SpendLine['kind'], first: string, of: SpendLine[], project = { code: '', name: '' }): SpendLine => ({
    kind,
    date: first,
    order: '',
    projectCode: project.code,
    project: project.name,
    costCode: '',
    po: '',
    placedBy: '',
    sheets: of.reduce((n, l) => n + l.sheets, 0),
    subtotalCents: of.reduce((n, l) => n + l.subtotalCents, 0),
    taxCents: of.reduce((n, l) => n + l.taxCents, 0),
    totalCents: of.reduce((n, l) => n + l.totalCents, 0),
    paidWith: '',
  });
  const byProject = new Map<string, SpendLine[]>();
  for (const line of lines) byProject.set(line.projectCode, [...(byProject.get(line.projectCode) ?? []), line]);
  const projects = [...byProject.entries()].sort(([a], [b]) => (a === '' ? 1 : b === '' ? -1 : a.localeCompare(b, 'en')));
  const projectTotals = projects.map(([code, of]) =>
    total('project', `Total ${code || NO_PROJECT}`, of, { code, name: of.find((l) => l.project)?.project ?? '' }),
  );
  return [...lines, ...projectTotals, total('total', 'Total', lines)];
}

/** Dollars for a spreadsheet: a plain number with two decimals (no "$", no thousands separator), so it sums. */
function dollars(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * The CSV: UTF-8 with a byte-order mark (so Excel reads it as UTF-8), RFC 4180 quoting with CRLF
 * line ends, empty cells empty, and a value a spreadsheet would run as a formula (starting with =,
 * +, -, @, a tab or a carriage return) prefixed with ' so it shows as text. csv-stringify does the
 * quoting and the prefixing (`escape_formulas`); amounts are numbers we write, so a negative one
 * never reaches it as text to be prefixed.
 */
export function spendCsv(lines: SpendLine[]): Buffer {
  const records = lines.map((l) => [
    l.date,
    l.order,
    l.projectCode,
    l.project,
    l.costCode,
    l.po,
    l.placedBy,
    String(l.sheets),
    dollars(l.subtotalCents),
    dollars(l.taxCents),
    dollars(l.totalCents),
    l.paidWith,
  ]);
  const csv = stringify([[...SPEND_COLUMNS], ...records], {
    bom: true,
    record_delimiter: 'windows',
    // Naming the record delimiter turns off quoting a lone \n or \r inside a value; RFC 4180 wants it quoted.
    quote_record_delimiter: true,
    escape_formulas: true,
  });
  return Buffer.from(csv, 'utf8');
}

const INK = '#0f172a';
const MUTED = '#475569';
const BRAND = '#1e3a8a';

/** "November 2026" from YYYY-MM. */
export function monthText(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, 1)).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** "Nov 25" from a YYYY-MM-DD day of the report's month. */
function shortDay(ymd: string): string {
  const [y, m, d] = ymd.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/** Renders the month's spend as a landscape letter PDF, the column heads on every page; resolves with its bytes. */
export function renderSpendReport(report: { firmName: string; month: string; lines: SpendLine[] }, shop: ShopFacts): Promise<Buffer> {
  const title = `Spend report ${monthText(report.month)}`;
  return renderPdf({ size: 'LETTER', layout: 'landscape', margin: 36, info: { Title: title, Author: shop.name, Subject: report.firmName } }, (doc) => {
    const left = 36;
    const right = doc.page.width - 36;
    const width = right - left;
    const bottom = doc.page.height - 56;
    const text = (value: string, x: number, y: number, options: BlockOptions) => drawText(doc, value, x, y, options);
    const cols: { head: string; w: number; right?: boolean; cell: (l: SpendLine) => string }[] = [
      { head: 'Date', w: 52, cell: (l) => (l.kind === 'order' ? shortDay(l.date) : l.date) },
      { head: 'Order', w: 56, cell: (l) => l.order },
      { head: 'Project', w: 120, cell: (l) => [l.projectCode, l.project].filter(Boolean).join(' · ') },
      { head: 'Cost code', w: 60, cell: (l) => l.costCode },
      { head: 'PO', w: 60, cell: (l) => l.po },
      { head: 'Placed by', w: 84, cell: (l) => l.placedBy },
      { head: 'Sheets', w: 42, right: true, cell: (l) => String(l.sheets) },
      { head: 'Subtotal', w: 64, right: true, cell: (l) => formatCents(l.subtotalCents) },
      { head: 'Tax', w: 52, right: true, cell: (l) => formatCents(l.taxCents) },
      { head: 'Total', w: 66, right: true, cell: (l) => formatCents(l.totalCents) },
      { head: 'Invoice or card', w: 0, cell: (l) => l.paidWith },
    ];
    cols[cols.length - 1].w = width - cols.reduce((n, c) => n + c.w, 0);
    let x = left;
    const at = cols.map((c) => {
      const col = { ...c, x };
      x += c.w;
      return col;
    });

    doc.rect(0, 0, doc.page.width, 8).fill(BRAND);
    doc.fillColor(BRAND);
    text(shop.name, left, 26, { size: 18, bold: true });
    doc.fillColor(MUTED);
    text(`${shopAddressLines(shop).slice(1).join(', ')} · ${shop.email} · ${shop.phone}`, left, 50, { size: 9 });
    doc.fillColor(INK);
    text('Spend report', left, 26, { size: 16, bold: true, width, align: 'right' });
    doc.fillColor(MUTED);
    text(`${report.firmName}\n${monthText(report.month)}`, left + width / 2, 48, { size: 10, width: width / 2, align: 'right' });
    let y = 92;

    const head = () => {
      doc.rect(left, y, width, 20).fill('#eff6ff');
      doc.fillColor(INK);
      for (const c of at) text(c.head, c.x + 3, y + 5, { size: 8, bold: true, width: c.w - 6, align: c.right ? 'right' : 'left' });
      y += 26;
    };
    head();

    const orders = report.lines.filter((l) => l.kind === 'order');
    if (orders.length === 0) {
      doc.fillColor(MUTED);
      text('No orders were placed this month.', left + 3, y, { size: 10 });
      y += 22;
    }
    for (const line of report.lines) {
      const bold = line.kind !== 'order';
      const cells = at.map((c) => c.cell(line));
      const height = Math.max(...cells.map((value, i) => heightOfText(doc, value, { size: 8, bold, width: at[i].w - 6, maxLines: 3 })));
      if (y + height > bottom) {
        doc.addPage();
        y = 36;
        head();
      }
      if (line.kind === 'project' && report.lines[report.lines.indexOf(line) - 1]?.kind === 'order') {
        doc
          .moveTo(left, y - 2)
          .lineTo(right, y - 2)
          .lineWidth(1)
          .strokeColor('#94a3b8')
          .stroke();
        y += 4;
      }
      if (line.kind === 'total') doc.rect(left, y - 3, width, height + 6).fill('#eff6ff');
      doc.fillColor(INK);
      cells.forEach((value, i) => text(value, at[i].x + 3, y, { size: 8, bold, width: at[i].w - 6, maxLines: 3, align: at[i].right ? 'right' : 'left' }));
      y += height + 6;
      if (line.kind === 'order') {
        doc
          .moveTo(left, y - 3)
          .lineTo(right, y - 3)
          .lineWidth(0.5)
          .strokeColor('#e2e8f0')
          .stroke();
      }
    }

    doc.fillColor(MUTED);
    text(
      `Orders placed in ${monthText(report.month)} (${shop.timeZone}): on account by the day invoiced, by card by the day paid. Subtotal is before tax.`,
      left,
      doc.page.height - 46,
      { size: 8, width, align: 'center' },
    );
  });
}
