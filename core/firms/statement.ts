/**
 * The project statement PDF: every paid order of one firm project in a period, one row each (date,
 * order number, job name, PO and cost code, who ordered, sheets and sets, prints, rush and shipping, tax, total;
 * under an exempt order's row, the certificate that made its tax $0.00) and the sums; the document a firm attaches to a reimbursable-expense claim. Landscape letter, the
 * column heads repeated on every page.
 */
import { formatCents } from '#shared/money';
import { orderNumberOf } from '#shared/fields';
import { shopAddressLines, type ShopFacts } from '#shared/shop';
import type { Queryable } from '../lib/db';
import { renderPdf } from '../lib/pdfDocument';
import { drawText, heightOfText, type BlockOptions } from '../lib/pdfLayout';

/** One order as the statement lists it. */
export type StatementRow = {
  id: string;
  /** The shop-local date it was paid. */
  paid_on: string;
  job_name: string | null;
  po_number: string | null;
  /** The project's cost code it was placed under. */
  cost_code: string | null;
  placed_by: string;
  page_count: number;
  sets: number;
  subtotal_cents: number;
  extras_cents: number;
  tax_cents: number;
  total_cents: number;
  /** "Tax exempt — NJ ST-5 exempt organization #…" when a firm's certificate made the tax $0.00. */
  tax_exempt_text: string | null;
};

export type Statement = {
  firmName: string;
  project: { name: string; code: string };
  /** Shop-local dates, inclusive; null for "from the first order" or "to today". */
  from: string | null;
  to: string | null;
  rows: StatementRow[];
};

/** The project's paid orders paid within [from, to] (shop-local dates), oldest first. */
export async function statementRows(db: Queryable, input: { firmId: string; projectId: string; from: string | null; to: string | null; timeZone: string }) {
  return db<StatementRow[]>`
    select id, to_char((coalesce(paid_at, created_at) at time zone ${input.timeZone})::date, 'YYYY-MM-DD') as paid_on,
      job_name, po_number, cost_code, trim(customer_first_name || ' ' || customer_last_name) as placed_by,
      page_count, sets, subtotal_cents, rush_fee_cents + shipping_cost_cents as extras_cents, tax_cents, total_cents,
      tax_exempt_text
    from orders
    where firm_id = ${input.firmId} and project_id = ${input.projectId} and payment_status in ('paid', 'invoiced')
      and (${input.from}::date is null or (coalesce(paid_at, created_at) at time zone ${input.timeZone})::date >= ${input.from}::date)
      and (${input.to}::date is null or (coalesce(paid_at, created_at) at time zone ${input.timeZone})::date <= ${input.to}::date)
    order by coalesce(paid_at, created_at), id`;
}

const INK = '#0f172a';
const MUTED = '#475569';
const BRAND = '#1e3a8a';

/** "Nov 25, 2026" from a YYYY-MM-DD date (no time zone: it is already the shop's day). */
function dayText(ymd: string): string {
  const [y, m, d] = ymd.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
}

/** Renders the statement; resolves with the PDF bytes. */
export function renderStatement(statement: Statement, shop: ShopFacts): Promise<Buffer> {
  const period =
    statement.from && statement.to
      ? `${dayText(statement.from)} – ${dayText(statement.to)}`
      : statement.from
        ? `From ${dayText(statement.from)}`
        : statement.to
          ? `Through ${dayText(statement.to)}`
          : 'All orders';
  return renderPdf(
    {
      size: 'LETTER',
      layout: 'landscape',
      margin: 40,
      info: { Title: `Project statement ${statement.project.code}`, Author: shop.name, Subject: `${statement.firmName}: ${statement.project.name}` },
    },
    (doc) => {
      const left = 40;
      const right = doc.page.width - 40;
      const width = right - left;
      const bottom = doc.page.height - 60;
      const text = (value: string, x: number, y: number, options: BlockOptions) => drawText(doc, value, x, y, options);
      // Column left edges and widths, in points; amounts right-aligned.
      const cols = [
        { head: 'Date', w: 72 },
        { head: 'Order', w: 58 },
        { head: 'Job name', w: 100 },
        { head: 'PO · cost code', w: 80 },
        { head: 'Ordered by', w: 96 },
        { head: 'Sheets × sets', w: 74, right: true },
        { head: 'Prints', w: 58, right: true },
        { head: 'Rush & ship', w: 66, right: true },
        { head: 'Tax', w: 50, right: true },
        { head: 'Total', w: width - 654, right: true },
      ];
      let x = left;
      const at = cols.map((c) => {
        const col = { ...c, x };
        x += c.w;
        return col;
      });

      doc.rect(0, 0, doc.page.width, 8).fill(BRAND);
      doc.fillColor(BRAND);
      text(shop.name, left, 28, { size: 18, bold: true });
      doc.fillColor(MUTED);
      text(`${shopAddressLines(shop).slice(1).join(', ')} · ${shop.email} · ${shop.phone}`, left, 52, { size: 9 });
      doc.fillColor(INK);
      text('Project statement', left, 28, { size: 16, bold: true, width, align: 'right' });
      doc.fillColor(MUTED);
      text(`${statement.firmName}\n${statement.project.code} · ${statement.project.name}\n${period}`, left + width / 2, 50, {
        size: 10,
        width: width / 2,
        align: 'right',
      });
      let y = 100;

      const head = () => {
        doc.rect(left, y, width, 20).fill('#eff6ff');
        doc.fillColor(INK);
        for (const c of at) text(c.head, c.x + 4, y + 5, { size: 9, bold: true, width: c.w - 8, align: c.right ? 'right' : 'left' });
        y += 26;
      };
      head();

      const sums = { sheets: 0, subtotal: 0, extras: 0, tax: 0, total: 0 };
      for (const r of statement.rows) {
        const cells = [
          dayText(r.paid_on),
          orderNumberOf(r.id),
          r.job_name ?? '',
          [r.po_number, r.cost_code].filter(Boolean).join('\n'),
          r.placed_by,
          `${r.page_count} × ${r.sets}`,
          formatCents(r.subtotal_cents),
          formatCents(r.extras_cents),
          formatCents(r.tax_cents),
          formatCents(r.total_cents),
        ];
        const cellsHeight = Math.max(...cells.map((value, i) => heightOfText(doc, value, { size: 9, width: at[i].w - 8, maxLines: 3 })));
        // An exempt order says why its tax is $0.00 on a line of its own under the row.
        const exemptWidth = right - at[2].x - 8;
        const exemptHeight = r.tax_exempt_text ? heightOfText(doc, r.tax_exempt_text, { size: 8, width: exemptWidth, maxLines: 2 }) + 2 : 0;
        const height = cellsHeight + exemptHeight;
        if (y + height > bottom) {
          doc.addPage();
          y = 40;
          head();
        }
        doc.fillColor(INK);
        cells.forEach((value, i) => text(value, at[i].x + 4, y, { size: 9, width: at[i].w - 8, maxLines: 3, align: at[i].right ? 'right' : 'left' }));
        if (r.tax_exempt_text) {
          doc.fillColor(MUTED);
          text(r.tax_exempt_text, at[2].x + 4, y + cellsHeight + 2, { size: 8, width: exemptWidth, maxLines: 2 });
        }
        y += height + 6;
        doc
          .moveTo(left, y - 3)
          .lineTo(right, y - 3)
          .lineWidth(0.5)
          .strokeColor('#e2e8f0')
          .stroke();
        sums.sheets += r.page_count * r.sets;
        sums.subtotal += r.subtotal_cents;
        sums.extras += r.extras_cents;
        sums.tax += r.tax_cents;
        sums.total += r.total_cents;
      }
      if (statement.rows.length === 0) {
        doc.fillColor(MUTED);
        text('No paid orders for this project in this period.', left + 4, y, { size: 10 });
        y += 20;
      }

      if (y + 40 > bottom) {
        doc.addPage();
        y = 40;
      }
      doc.moveTo(left, y).lineTo(right, y).lineWidth(1).strokeColor('#94a3b8').stroke();
      y += 6;
      doc.fillColor(INK);
      const count = statement.rows.length;
      text(`${count} ${count === 1 ? 'order' : 'orders'}`, at[0].x + 4, y, { size: 10, bold: true, width: 300 });
      const totals = [`${sums.sheets} sheets`, formatCents(sums.subtotal), formatCents(sums.extras), formatCents(sums.tax), formatCents(sums.total)];
      totals.forEach((value, i) => text(value, at[5 + i].x + 4, y, { size: 10, bold: true, width: at[5 + i].w - 8, align: 'right' }));

      doc.fillColor(MUTED);
      text(
        `Paid orders and orders on the firm's account (Net 30, invoiced), by the date placed or paid (${shop.timeZone}). Receipts for each order are in the orders' pages.`,
        left,
        doc.page.height - 50,
        {
          size: 8,
          width,
          align: 'center',
        },
      );
    },
  );
}
