/**
 * Reading tax-exempt certificates: what a filed file is, a certificate's status as of a day (a
 * verified one expires by its dates), the firm's and the counter's lists, and the exemption an
 * order gets. Every change (file, decide, withdraw, remind) is a command in commands/certificates.ts,
 * and every status change a move of certificateMoves.ts. Only the file's own bytes say what it is:
 * a PDF, PNG or JPEG, whatever name or type the browser gave it.
 */
import { certificateValidity, taxExemptionLabel, type CertificateStatus, type TaxCertificateJson, type TaxExemptionJson } from '#shared/firm';
import { shopDay, type CalendarDay } from '#shared/clock';
import type { Queryable } from '../lib/db';
import type { CertificateFacts } from './certificateMoves';

/** What the bytes are, from their first bytes; null for anything else. */
export function certificateContentType(bytes: Buffer): 'application/pdf' | 'image/png' | 'image/jpeg' | null {
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  return null;
}

/** The statuses a row stores: expired is read from the dates (certificateFacts). */
type StoredStatus = Exclude<CertificateStatus, 'expired'>;

/** A certificate's row as CERTIFICATE_COLUMNS reads it. */
export type CertificateRow = {
  id: string;
  firm_id: string;
  state: string;
  kind: string;
  number: string;
  expires_on: string | null;
  status: StoredStatus;
  reject_reason: string | null;
  file_key: string;
  file_name: string;
  content_type: string;
  created_at: Date;
  decided_at: Date | null;
  withdrawn_at: Date | null;
  withdrawn_by: 'counter' | 'owner' | null;
  withdraw_reason: string | null;
};

/** The columns every read of a certificate takes, its expiry date as YYYY-MM-DD. */
export const CERTIFICATE_COLUMNS = `id, firm_id, state, kind, number, to_char(expires_on, 'YYYY-MM-DD') as expires_on, status, reject_reason, file_key, file_name,
  content_type, created_at, decided_at, withdrawn_at, withdrawn_by, withdraw_reason`;

/**
 * A row as of the counter's day `today`: its status (a verified one past its last exempt day is
 * expired), its last exempt day, and whether the counter may verify it again (no expiry date, and
 * in or past its last month).
 */
export function certificateFacts(r: CertificateRow, today: CalendarDay): CertificateFacts {
  if (r.status !== 'verified' || !r.decided_at) return { status: r.status, renewalDue: false, validThrough: null };
  const { validThrough, remindOn } = certificateValidity({ expiresOn: r.expires_on, verifiedOn: shopDay(r.decided_at) });
  return { status: validThrough < today ? 'expired' : 'verified', renewalDue: remindOn !== null && remindOn <= today, validThrough };
}

/** The certificate's JSON as of the counter's day `today`. */
export function toCertificateJson(r: CertificateRow, today: CalendarDay): TaxCertificateJson {
  const facts = certificateFacts(r, today);
  return {
    id: r.id,
    state: r.state,
    kind: r.kind,
    number: r.number,
    expiresOn: r.expires_on,
    status: facts.status,
    rejectReason: r.reject_reason,
    fileName: r.file_name,
    uploadedAt: r.created_at.toISOString(),
    decidedAt: r.decided_at?.toISOString() ?? null,
    validThrough: facts.validThrough,
    renewalDue: facts.renewalDue,
    withdrawnAt: r.withdrawn_at?.toISOString() ?? null,
    withdrawnBy: r.withdrawn_by,
    withdrawReason: r.withdraw_reason,
  };
}

/** The firm's certificates, newest first, as of the counter's day `today`. */
export async function firmCertificates(db: Queryable, firmId: string, today: CalendarDay): Promise<TaxCertificateJson[]> {
  const rows = await db<
    CertificateRow[]
  >`select ${db.unsafe(CERTIFICATE_COLUMNS)} from firm_tax_certificates where firm_id = ${firmId} order by created_at desc`;
  return rows.map((r) => toCertificateJson(r, today));
}

/** Every certificate for the counter, pending first, each with its firm's name, as of the counter's day `today`. */
export async function certificatesForAdmin(db: Queryable, today: CalendarDay): Promise<(TaxCertificateJson & { firmId: string; firmName: string })[]> {
  const rows = await db<(CertificateRow & { firm_name: string })[]>`
    select c.*, f.name as firm_name
    from (select ${db.unsafe(CERTIFICATE_COLUMNS)} from firm_tax_certificates) c join firms f on f.id = c.firm_id
    order by c.status <> 'pending', c.created_at desc limit 500`;
  return rows.map((r) => ({ ...toCertificateJson(r, today), firmId: r.firm_id, firmName: r.firm_name }));
}

/** One certificate's row (for its file), or null. */
export async function certificateById(db: Queryable, id: string): Promise<CertificateRow | null> {
  const [row] = await db<CertificateRow[]>`select ${db.unsafe(CERTIFICATE_COLUMNS)} from firm_tax_certificates where id = ${id}`;
  return row ?? null;
}

/** A verified certificate that exempts an order: what the order keeps of it and shows. */
export type TaxExemption = TaxExemptionJson & { certificateId: string };

/** The order's columns for an exemption (all null without one): fixed when the order is priced. */
export function exemptionFields(exemption: TaxExemption | null) {
  return {
    tax_exempt_certificate_id: exemption?.certificateId ?? null,
    tax_exempt_text: exemption?.label ?? null,
    tax_exempt_state: exemption?.state ?? null,
    tax_exempt_kind: exemption?.kind ?? null,
    tax_exempt_number: exemption?.number ?? null,
  };
}

/** The exemption as the checkout's amounts carry it, without the certificate's id. */
export function exemptionJson(exemption: TaxExemption | null): TaxExemptionJson | null {
  return exemption ? { state: exemption.state, kind: exemption.kind, number: exemption.number, label: exemption.label } : null;
}

/**
 * The firm's verified certificate for the state whose tax applies, exempting on the shop's `today`
 * (YYYY-MM-DD): the newest, or null. A certificate for another state, a pending, rejected, withdrawn
 * or expired one (past its expiry date, or past its months without one) exempts nothing.
 */
export async function exemptionFor(db: Queryable, input: { firmId: string; state: string; today: string }): Promise<TaxExemption | null> {
  const rows = await db<CertificateRow[]>`
    select ${db.unsafe(CERTIFICATE_COLUMNS)} from firm_tax_certificates
    where firm_id = ${input.firmId} and state = ${input.state} and status = 'verified'
      and (expires_on is null or expires_on >= ${input.today}::date)
    order by decided_at desc nulls last, created_at desc`;
  const row = rows.find((r) => certificateFacts(r, input.today).status === 'verified');
  return row ? { certificateId: row.id, state: row.state, kind: row.kind, number: row.number, label: taxExemptionLabel(row) } : null;
}

/** The price with no tax: the exemption takes the tax out of the total and nothing else. */
export function exemptPrice<P extends { taxCents: number; totalCents: number; taxRateMillipercent: number }>(price: P): P {
  return { ...price, taxCents: 0, totalCents: price.totalCents - price.taxCents, taxRateMillipercent: 0 };
}
