/**
 * Tax-exempt certificates: an owner files one (pending), the counter verifies or rejects it (the
 * owner reads the reason, and is emailed). Only the file's own bytes say what it is: a PDF, PNG or
 * JPEG, whatever name or type the browser gave it.
 */
import { taxExemptionLabel, type CertificateStatus, type TaxCertificateJson, type TaxExemptionJson } from '#shared/firm';
import type { ShopFacts } from '#shared/shop';
import type { Queryable } from '../lib/db';
import { conflict, notFound } from '../lib/errors';
import { firmOwners } from './membership';
import { queueEmail } from '../services/email/index';
import { signOff } from '../emails/closing';
import { theirWords } from '../emails/theirWords';

/** What the bytes are, from their first bytes; null for anything else. */
export function certificateContentType(bytes: Buffer): 'application/pdf' | 'image/png' | 'image/jpeg' | null {
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  return null;
}

type CertificateRow = {
  id: string;
  firm_id: string;
  state: string;
  kind: string;
  number: string;
  expires_on: string | null;
  status: CertificateStatus;
  reject_reason: string | null;
  file_key: string;
  file_name: string;
  content_type: string;
  created_at: Date;
  decided_at: Date | null;
};

const COLUMNS = `id, firm_id, state, kind, number, to_char(expires_on, 'YYYY-MM-DD') as expires_on, status, reject_reason, file_key, file_name,
  content_type, created_at, decided_at`;

export const toCertificateJson = (r: CertificateRow): TaxCertificateJson => ({
  id: r.id,
  state: r.state,
  kind: r.kind,
  number: r.number,
  expiresOn: r.expires_on,
  status: r.status,
  rejectReason: r.reject_reason,
  fileName: r.file_name,
  uploadedAt: r.created_at.toISOString(),
  decidedAt: r.decided_at?.toISOString() ?? null,
});

/** Records a filed certificate, pending; its file is already stored under `fileKey`. */
export async function fileCertificate(
  tx: Queryable,
  input: {
    id: string;
    firmId: string;
    userId: string;
    state: string;
    kind: string;
    number: string;
    expiresOn: string | null;
    file: { key: string; name: string; contentType: string; size: number };
  },
): Promise<void> {
  await tx`
    insert into firm_tax_certificates (id, firm_id, state, kind, number, expires_on, file_key, file_name, content_type, file_size, uploaded_by_user_id)
    values (${input.id}, ${input.firmId}, ${input.state}, ${input.kind}, ${input.number}, ${input.expiresOn}, ${input.file.key}, ${input.file.name},
            ${input.file.contentType}, ${input.file.size}, ${input.userId})`;
}

/** The firm's certificates, newest first. */
export async function firmCertificates(db: Queryable, firmId: string): Promise<TaxCertificateJson[]> {
  const rows = await db<CertificateRow[]>`select ${db.unsafe(COLUMNS)} from firm_tax_certificates where firm_id = ${firmId} order by created_at desc`;
  return rows.map(toCertificateJson);
}

/** Every certificate for the counter, pending first, each with its firm's name. */
export async function certificatesForAdmin(db: Queryable): Promise<(TaxCertificateJson & { firmId: string; firmName: string })[]> {
  const rows = await db<(CertificateRow & { firm_name: string })[]>`
    select c.*, f.name as firm_name
    from (select ${db.unsafe(COLUMNS)} from firm_tax_certificates) c join firms f on f.id = c.firm_id
    order by c.status <> 'pending', c.created_at desc limit 500`;
  return rows.map((r) => ({ ...toCertificateJson(r), firmId: r.firm_id, firmName: r.firm_name }));
}

/** One certificate's row (for its file), or null. */
export async function certificateById(db: Queryable, id: string): Promise<CertificateRow | null> {
  const [row] = await db<CertificateRow[]>`select ${db.unsafe(COLUMNS)} from firm_tax_certificates where id = ${id}`;
  return row ?? null;
}

/**
 * The counter's decision on a pending certificate; emails the firm's owners. 404 when there is no
 * such certificate, 409 when it was already decided.
 */
export async function decideCertificate(
  tx: Queryable,
  input: { id: string; status: 'verified' | 'rejected'; reason: string | null; shop: ShopFacts },
): Promise<TaxCertificateJson> {
  const [row] = await tx<CertificateRow[]>`select ${tx.unsafe(COLUMNS)} from firm_tax_certificates where id = ${input.id} for update`;
  if (!row) throw notFound('Certificate not found.');
  if (row.status !== 'pending') throw conflict(`This certificate was already ${row.status}.`);
  const [updated] = await tx<CertificateRow[]>`
    update firm_tax_certificates set status = ${input.status}, reject_reason = ${input.reason}, decided_at = now() where id = ${input.id}
    returning ${tx.unsafe(COLUMNS)}`;
  const owners = await firmOwners(tx, row.firm_id);
  // The kind and number are as the firm typed them: shown, never linked.
  const what = theirWords(`${row.state} ${row.kind} #${row.number}`);
  for (const owner of owners) {
    await queueEmail(tx, {
      idempotencyKey: `certificate:${row.id}:${input.status}:${owner.id}`,
      to: owner.email,
      kind: `tax_certificate_${input.status}`,
      userId: owner.id,
      subject: input.status === 'verified' ? 'Your tax-exempt certificate is verified' : 'Your tax-exempt certificate was not accepted',
      text:
        input.status === 'verified'
          ? `Hello,\n\nWe verified your firm's certificate ${what}. Orders taxed in ${row.state} are exempt while it is valid${row.expires_on ? ` (until ${row.expires_on})` : ''}.\n\n${signOff(input.shop)}`
          : `Hello,\n\nWe could not accept your firm's certificate ${what}.\n\nReason: ${input.reason}\n\nYou can upload a corrected certificate from your firm's page.\n\n${signOff(input.shop)}`,
    });
  }
  return toCertificateJson(updated);
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
 * The firm's verified certificate for the state whose tax applies, unexpired on the shop's `today`
 * (YYYY-MM-DD): the newest, or null. A certificate for another state, a pending, rejected or
 * expired one exempts nothing.
 */
export async function exemptionFor(db: Queryable, input: { firmId: string; state: string; today: string }): Promise<TaxExemption | null> {
  const [row] = await db<{ id: string; state: string; kind: string; number: string }[]>`
    select id, state, kind, number from firm_tax_certificates
    where firm_id = ${input.firmId} and state = ${input.state} and status = 'verified'
      and (expires_on is null or expires_on >= ${input.today}::date)
    order by decided_at desc nulls last, created_at desc limit 1`;
  return row ? { certificateId: row.id, state: row.state, kind: row.kind, number: row.number, label: taxExemptionLabel(row) } : null;
}

/** The price with no tax: the exemption takes the tax out of the total and nothing else. */
export function exemptPrice<P extends { taxCents: number; totalCents: number; taxRateMillipercent: number }>(price: P): P {
  return { ...price, taxCents: 0, totalCents: price.totalCents - price.taxCents, taxRateMillipercent: 0 };
}
