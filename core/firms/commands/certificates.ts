/**
 * Every change to a tax-exempt certificate: an owner files one (pending), the counter verifies or
 * rejects it (the owner reads the reason, and is emailed). A verified one is withdrawn by the counter
 * (with a reason the owners are emailed) or by an owner; one without an expiry date is verified again
 * from its last month on, and its owners are reminded a month before it stops exempting. Every status
 * change is looked up in ../certificateMoves.ts first.
 */
import { NO_EXPIRY_VALID_MONTHS, RENEWAL_NOTICE_MONTHS, type TaxCertificateJson } from '#shared/firm';
import { shopDay, type CalendarDay } from '#shared/clock';
import { addCalendarDays } from '#shared/holidays';
import type { ShopFacts } from '#shared/shop';
import type { Queryable } from '../../lib/db';
import { conflict, notFound } from '../../lib/errors';
import { queueEmail } from '../../services/email/index';
import { signOff } from '../../emails/closing';
import { theirWords } from '../../emails/theirWords';
import { certificateRenewalEmail, certificateWithdrawnEmail, type WithdrawnBy } from '../../emails/taxCertificates';
import { firmOwners } from '../membership';
import { moveCertificate, type CertificateActor } from '../certificateMoves';
import { CERTIFICATE_COLUMNS, certificateFacts, toCertificateJson, type CertificateRow } from '../certificates';

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

/**
 * The counter's decision: verify or reject a pending certificate, or verify again one without an
 * expiry date whose months are running out or have run out (its months start over). Emails the
 * firm's owners. 404 when there is no such certificate, 409 (with the table's sentence) when the move
 * is not allowed.
 */
export async function decideCertificate(
  tx: Queryable,
  input: { id: string; status: 'verified' | 'rejected'; reason: string | null; today: CalendarDay; shop: ShopFacts },
): Promise<TaxCertificateJson> {
  const row = await lockedCertificate(tx, { id: input.id, firmId: null });
  const move = moveCertificate(certificateFacts(row, input.today), input.status, 'counter');
  if (move.kind === 'refused') throw conflict(move.reason);
  const [updated] = await tx<(CertificateRow & { decided_at: Date })[]>`
    update firm_tax_certificates set status = ${input.status}, reject_reason = ${input.reason}, decided_at = now() where id = ${input.id}
    returning ${tx.unsafe(CERTIFICATE_COLUMNS)}`;
  // The kind and number are as the firm typed them: shown, never linked.
  const what = theirWords(`${row.state} ${row.kind} #${row.number}`);
  const validThrough = certificateFacts(updated, input.today).validThrough;
  const until = row.expires_on
    ? ` (until ${row.expires_on})`
    : validThrough
      ? ` (through ${validThrough}; we verify a certificate without an expiry date again every ${NO_EXPIRY_VALID_MONTHS} months)`
      : '';
  for (const owner of await firmOwners(tx, row.firm_id)) {
    await queueEmail(tx, {
      // A certificate is verified again each year: each decision is its own email.
      idempotencyKey: `certificate:${row.id}:${input.status}:${updated.decided_at.getTime()}:${owner.id}`,
      to: owner.email,
      kind: `tax_certificate_${input.status}`,
      userId: owner.id,
      subject: input.status === 'verified' ? 'Your tax-exempt certificate is verified' : 'Your tax-exempt certificate was not accepted',
      text:
        input.status === 'verified'
          ? `Hello,\n\nWe verified your firm's certificate ${what}. Orders taxed in ${row.state} are exempt while it is valid${until}.\n\n${signOff(input.shop)}`
          : `Hello,\n\nWe could not accept your firm's certificate ${what}.\n\nReason: ${input.reason}\n\nYou can upload a corrected certificate from your firm's page.\n\n${signOff(input.shop)}`,
    });
  }
  return toCertificateJson(updated, input.today);
}

/** An owner as the withdrawal email names them: their name, else their email. */
async function ownerName(tx: Queryable, userId: string): Promise<string> {
  const [user] = await tx<{ email: string; first_name: string | null; last_name: string | null }[]>`
    select email, first_name, last_name from users where id = ${userId}`;
  return [user?.first_name, user?.last_name].filter(Boolean).join(' ').trim() || (user?.email ?? 'An owner');
}

/**
 * Withdraws a verified certificate, by the counter (`firmId` null; the reason is required by its
 * route) or by an owner of its firm (`firmId` theirs; 404 for another firm's). Orders priced from now
 * on are taxed; orders priced before keep their exemption (they carry it in their own columns). The
 * firm's owners are emailed, with the reason. 409 (with the table's sentence) unless it is verified.
 */
export async function withdrawCertificate(
  tx: Queryable,
  input: {
    id: string;
    firmId: string | null;
    by: { actor: 'counter' } | { actor: 'owner'; userId: string };
    reason: string | null;
    today: CalendarDay;
    shop: ShopFacts;
  },
): Promise<TaxCertificateJson> {
  const row = await lockedCertificate(tx, { id: input.id, firmId: input.firmId });
  const actor: CertificateActor = input.by.actor;
  const move = moveCertificate(certificateFacts(row, input.today), 'withdrawn', actor);
  if (move.kind === 'refused') throw conflict(move.reason);
  const userId = input.by.actor === 'owner' ? input.by.userId : null;
  const [updated] = await tx<CertificateRow[]>`
    update firm_tax_certificates
    set status = 'withdrawn', withdrawn_at = now(), withdrawn_by = ${actor}, withdrawn_by_user_id = ${userId}, withdraw_reason = ${input.reason}
    where id = ${input.id}
    returning ${tx.unsafe(CERTIFICATE_COLUMNS)}`;
  const withdrawnBy: WithdrawnBy = userId ? { by: 'owner', name: await ownerName(tx, userId) } : { by: 'counter' };
  const email = certificateWithdrawnEmail({ certificate: row, withdrawnBy, reason: input.reason, day: input.today, shop: input.shop });
  for (const owner of await firmOwners(tx, row.firm_id)) {
    await queueEmail(tx, {
      idempotencyKey: `certificate:${row.id}:withdrawn:${owner.id}`,
      to: owner.email,
      kind: 'tax_certificate_withdrawn',
      userId: owner.id,
      ...email,
    });
  }
  return toCertificateJson(updated, input.today);
}

/** The certificate's row, locked for its move; 404 when there is none (of the firm, when given). */
async function lockedCertificate(tx: Queryable, input: { id: string; firmId: string | null }): Promise<CertificateRow> {
  const [row] = await tx<CertificateRow[]>`
    select ${tx.unsafe(CERTIFICATE_COLUMNS)} from firm_tax_certificates
    where id = ${input.id} and (${input.firmId}::uuid is null or firm_id = ${input.firmId}::uuid) for update`;
  if (!row) throw notFound('Certificate not found.');
  return row;
}

/**
 * Reminds the owners of each verified certificate without an expiry date that stops exempting within
 * RENEWAL_NOTICE_MONTHS of the counter's day `today`: once per certificate and verification (the
 * verification's instant is in the email's idempotency key), so the daily job may run any number of
 * times, and a certificate verified again is reminded again a year later. The number of emails queued.
 */
export async function remindCertificateRenewals(tx: Queryable, input: { today: CalendarDay; appUrl: string; shop: ShopFacts }): Promise<number> {
  // Only the last months can be due: the rest is read in code, by the one rule (certificateValidity).
  const rows = await tx<(CertificateRow & { decided_at: Date })[]>`
    select ${tx.unsafe(CERTIFICATE_COLUMNS)} from firm_tax_certificates
    where status = 'verified' and expires_on is null and decided_at is not null
      and decided_at < now() - make_interval(months => ${NO_EXPIRY_VALID_MONTHS - RENEWAL_NOTICE_MONTHS - 1})
    order by decided_at`;
  let queued = 0;
  for (const row of rows) {
    const facts = certificateFacts(row, input.today);
    if (facts.status !== 'verified' || !facts.renewalDue || !facts.validThrough) continue;
    const { validThrough } = facts;
    const lapsesOn = addCalendarDays(validThrough, 1);
    const email = certificateRenewalEmail({ certificate: row, verifiedOn: shopDay(row.decided_at), lapsesOn, appUrl: input.appUrl, shop: input.shop });
    for (const owner of await firmOwners(tx, row.firm_id)) {
      const id = await queueEmail(tx, {
        idempotencyKey: `certificate:${row.id}:renewal:${row.decided_at.getTime()}:${owner.id}`,
        to: owner.email,
        kind: 'tax_certificate_renewal',
        userId: owner.id,
        ...email,
      });
      if (id) queued++;
    }
  }
  return queued;
}
