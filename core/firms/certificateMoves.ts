/**
 * The one table of a tax-exempt certificate's moves. Every change of its `status` is looked up here
 * first; the commands in commands/certificates.ts are the only code that writes it.
 *
 * An owner files a certificate (pending); the counter verifies or rejects it. A verified one can be
 * withdrawn by the counter (with a reason the owners read) or by an owner: later orders are taxed,
 * earlier ones keep what they were charged. A verified one expires by the dates (its expiry date, or
 * NO_EXPIRY_VALID_MONTHS after it was verified when the form has none); the counter may verify one
 * without an expiry date again from its last month on, which starts its months over. Rejected and
 * withdrawn are final: the firm files a new certificate.
 */
import type { CertificateStatus } from '#shared/firm';

/** Who asks for a move: the person at the counter (admin) or an owner of the certificate's firm. */
export type CertificateActor = 'counter' | 'owner';

/**
 * What else a move needs beyond its from-state: nothing (`always`), a certificate without an expiry
 * date in or past its last month (`renewal due`).
 */
export type CertificateMoveCondition = 'always' | 'renewal due';

/** One allowed move: who may make it and when. */
export type CertificateMove = { by: readonly CertificateActor[]; when: CertificateMoveCondition };

/** The table: FROM status → TO status → the move; a pair that is not here is refused. */
export const CERTIFICATE_MOVES: Readonly<Record<CertificateStatus, Partial<Record<CertificateStatus, CertificateMove>>>> = {
  pending: { verified: { by: ['counter'], when: 'always' }, rejected: { by: ['counter'], when: 'always' } },
  verified: { verified: { by: ['counter'], when: 'renewal due' }, withdrawn: { by: ['counter', 'owner'], when: 'always' } },
  expired: { verified: { by: ['counter'], when: 'renewal due' } },
  rejected: {},
  withdrawn: {},
};

/** What the table needs to know of a certificate: its status as of today, and whether its renewal is due. */
export type CertificateFacts = { status: CertificateStatus; renewalDue: boolean; validThrough: string | null };

/** The answer for one move: allowed, or refused with a sentence for the person who asked. */
export type CertificateMoveAnswer = { kind: 'move' } | { kind: 'refused'; reason: string };

const NOT_THE_OWNERS = 'Only the counter verifies or rejects a certificate.';

/** Why a move that is not in the table (or not now, or not by this person) is refused. */
function refusal(from: CertificateFacts, to: CertificateStatus, actor: CertificateActor): string {
  if (to === 'pending') return 'A decided certificate does not go back to pending: the firm can file a new one.';
  if (to === 'expired') return 'A certificate expires by its dates, not by a decision.';
  if ((to === 'verified' || to === 'rejected') && actor === 'owner') return NOT_THE_OWNERS;
  if (to === 'withdrawn') {
    if (from.status === 'pending') return 'This certificate is not verified yet: it exempts nothing, so there is nothing to withdraw.';
    if (from.status === 'rejected') return 'This certificate was rejected: it exempts nothing, so there is nothing to withdraw.';
    if (from.status === 'expired') return `This certificate expired after ${from.validThrough}: it exempts nothing, so there is nothing to withdraw.`;
    return 'This certificate was already withdrawn.';
  }
  if (from.status === 'verified') {
    return to === 'verified'
      ? `This certificate is already verified, through ${from.validThrough}.`
      : 'This certificate was already verified: withdraw it instead, with the reason.';
  }
  if (from.status === 'expired') {
    return to === 'verified'
      ? `This certificate expired after ${from.validThrough} (its expiry date): the firm can file a current one.`
      : 'This certificate has expired: there is nothing to decide.';
  }
  if (from.status === 'withdrawn') return 'This certificate was withdrawn: the firm can file a new one.';
  return `This certificate was already ${from.status}.`;
}

/** Looks a move up in the table. */
export function moveCertificate(from: CertificateFacts, to: CertificateStatus, actor: CertificateActor): CertificateMoveAnswer {
  const move = CERTIFICATE_MOVES[from.status][to];
  const allowed = move !== undefined && move.by.includes(actor) && (move.when === 'always' || from.renewalDue);
  return allowed ? { kind: 'move' } : { kind: 'refused', reason: refusal(from, to, actor) };
}
