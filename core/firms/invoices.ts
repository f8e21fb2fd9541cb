/**
 * A firm's account as the firm page and the counter see it: its terms and credit limit, what is
 * open and what is left, and its invoices (open, overdue, paid or void). Every change to an invoice
 * (issuing one, paying one) is in ../invoices/commands/.
 */
import { orderNumberOf } from '#shared/fields';
import {
  centsToDecimal,
  invoiceNumberText,
  type AdminFirmJson,
  type FirmTerms,
  type FirmTermsJson,
  type InvoiceJson,
  type InvoiceStatus,
} from '#shared/invoice';
import type { Queryable } from '../lib/db';
import { OPEN_INVOICE, openBalanceCents } from '../orders/commands/invoices';

/** An invoice row with what its JSON and its PDF need from the order. */
export type InvoiceRow = {
  id: string;
  number: string;
  firm_id: string;
  order_id: string;
  amount_cents: number;
  issued_at: Date;
  due_on: string;
  paid_at: Date | null;
  paid_by: 'admin' | 'card' | null;
  /** What the counter recorded when it marked the invoice paid (a check number, a transfer id). */
  payment_reference: string | null;
  payment_intent_id: string | null;
  pdf_key: string | null;
  status: InvoiceStatus;
  job_name: string | null;
  po_number: string | null;
  project_code: string | null;
};

/** The invoice columns, with its status on the counter's day `today`. */
function invoiceSelect(db: Queryable, today: string) {
  return db`
    select i.id, i.number::text as number, i.firm_id, i.order_id, i.amount_cents, i.issued_at, to_char(i.due_on, 'YYYY-MM-DD') as due_on,
      i.paid_at, i.paid_by, i.payment_reference, i.payment_intent_id, i.pdf_key, o.job_name, o.po_number, o.project_code,
      case when i.paid_at is not null then 'paid' when o.status = 'failed' then 'void'
           when i.due_on < ${today}::date then 'overdue' else 'open' end as status
    from invoices i join orders o on o.id = i.order_id`;
}

/** An invoice's JSON. */
export function toInvoiceJson(r: InvoiceRow): InvoiceJson {
  return {
    id: r.id,
    number: invoiceNumberText(r.number),
    firmId: r.firm_id,
    orderId: r.order_id,
    orderNumber: orderNumberOf(r.order_id),
    jobName: r.job_name,
    poNumber: r.po_number,
    projectCode: r.project_code,
    amount: centsToDecimal(r.amount_cents),
    issuedAt: r.issued_at.toISOString(),
    dueOn: r.due_on,
    status: r.status,
    paidAt: r.paid_at?.toISOString() ?? null,
    paidBy: r.paid_by,
    paymentReference: r.payment_reference,
  };
}

/** One invoice, of this firm when `firmId` is given; null when there is none. */
export async function invoiceById(db: Queryable, input: { invoiceId: string; firmId?: string; today: string }): Promise<InvoiceRow | null> {
  const [row] = await db<InvoiceRow[]>`
    ${invoiceSelect(db, input.today)} where i.id = ${input.invoiceId} ${input.firmId ? db`and i.firm_id = ${input.firmId}` : db``}`;
  return row ?? null;
}

/** The firm's unpaid invoices (open and overdue), oldest due first. */
export async function unpaidInvoices(db: Queryable, firmId: string, today: string): Promise<InvoiceJson[]> {
  const rows = await db<InvoiceRow[]>`
    ${invoiceSelect(db, today)} where i.firm_id = ${firmId} and ${db.unsafe(OPEN_INVOICE)} order by i.due_on, i.number`;
  return rows.map(toInvoiceJson);
}

/** The counter's list: every invoice of one status (overdue ones are also open), newest due first for paid, oldest due first otherwise. */
export async function invoicesForAdmin(
  db: Queryable,
  input: { status: 'open' | 'overdue' | 'paid' | null; today: string },
): Promise<(InvoiceJson & { firmName: string })[]> {
  const filter =
    input.status === 'paid'
      ? db`where i.paid_at is not null`
      : input.status === 'overdue'
        ? db`where ${db.unsafe(OPEN_INVOICE)} and i.due_on < ${input.today}::date`
        : input.status === 'open'
          ? db`where ${db.unsafe(OPEN_INVOICE)}`
          : db``;
  const order = input.status === 'paid' ? db`order by i.paid_at desc` : db`order by i.paid_at is not null, i.due_on, i.number`;
  const rows = await db<(InvoiceRow & { firm_name: string })[]>`
    select x.*, f.name as firm_name from (${invoiceSelect(db, input.today)} ${filter} ${order} limit 500) x join firms f on f.id = x.firm_id`;
  return rows.map((r) => ({ ...toInvoiceJson(r), firmName: r.firm_name }));
}

/** The firm's terms, limit, open balance and what is left. */
export async function firmTerms(db: Queryable, firmId: string): Promise<FirmTermsJson> {
  const [firm] = await db<{ terms: FirmTerms | null; credit_limit_cents: number | null }[]>`
    select terms, credit_limit_cents from firms where id = ${firmId}`;
  const open = await openBalanceCents(db, firmId);
  return termsJson(firm?.terms ?? null, firm?.credit_limit_cents ?? null, open);
}

function termsJson(terms: FirmTerms | null, limitCents: number | null, openCents: number): FirmTermsJson {
  return {
    terms,
    creditLimit: terms && limitCents !== null ? centsToDecimal(limitCents) : null,
    openBalance: centsToDecimal(openCents),
    available: terms && limitCents !== null ? centsToDecimal(Math.max(0, limitCents - openCents)) : null,
  };
}

/** Every firm for the counter's view: owner, size, terms, open balance and overdue invoices. */
export async function firmsForAdmin(db: Queryable, today: string): Promise<AdminFirmJson[]> {
  const rows = await db<
    {
      id: string;
      name: string;
      created_at: Date;
      terms: FirmTerms | null;
      credit_limit_cents: number | null;
      owner_email: string | null;
      members: number;
      open_cents: string;
      overdue: number;
    }[]
  >`
    select f.id, f.name, f.created_at, f.terms, f.credit_limit_cents,
      (select u.email from firm_members m join users u on u.id = m.user_id where m.firm_id = f.id and m.role = 'owner' order by m.joined_at limit 1) as owner_email,
      (select count(*)::int from firm_members m where m.firm_id = f.id) as members,
      (select coalesce(sum(i.amount_cents), 0)::text from invoices i join orders o on o.id = i.order_id where i.firm_id = f.id and ${db.unsafe(OPEN_INVOICE)}) as open_cents,
      (select count(*)::int from invoices i join orders o on o.id = i.order_id
        where i.firm_id = f.id and ${db.unsafe(OPEN_INVOICE)} and i.due_on < ${today}::date) as overdue
    from firms f order by f.terms is null, lower(f.name) limit 500`;
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    ownerEmail: r.owner_email,
    members: r.members,
    overdue: r.overdue,
    createdAt: r.created_at.toISOString(),
    ...termsJson(r.terms, r.credit_limit_cents, Number(r.open_cents)),
  }));
}
