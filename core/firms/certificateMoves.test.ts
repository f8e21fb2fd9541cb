import { describe, expect, it } from 'vitest';
import { CERTIFICATE_STATUSES, type CertificateStatus } from '#shared/firm';
import { moveCertificate, type CertificateActor, type CertificateFacts } from './certificateMoves';

/** Each from-state, and each condition the table reads, as a certificate's facts. */
const FROM: Record<string, CertificateFacts> = {
  pending: { status: 'pending', renewalDue: false, validThrough: null },
  verified: { status: 'verified', renewalDue: false, validThrough: '2027-06-30' },
  'verified, renewal due': { status: 'verified', renewalDue: true, validThrough: '2027-06-30' },
  rejected: { status: 'rejected', renewalDue: false, validThrough: null },
  withdrawn: { status: 'withdrawn', renewalDue: false, validThrough: null },
  'expired by its date': { status: 'expired', renewalDue: false, validThrough: '2026-01-31' },
  'expired after its 12 months': { status: 'expired', renewalDue: true, validThrough: '2026-01-31' },
};

type Cell = `${'move' | 'refused'}/${'move' | 'refused'}`;
const NONE: Record<CertificateStatus, Cell> = {
  pending: 'refused/refused',
  verified: 'refused/refused',
  rejected: 'refused/refused',
  withdrawn: 'refused/refused',
  expired: 'refused/refused',
};

/** Every (from, to) cell, written out as "counter/owner": who may make the move. */
const EXPECTED: Record<keyof typeof FROM, Record<CertificateStatus, Cell>> = {
  pending: { ...NONE, verified: 'move/refused', rejected: 'move/refused' },
  verified: { ...NONE, withdrawn: 'move/move' },
  'verified, renewal due': { ...NONE, verified: 'move/refused', withdrawn: 'move/move' },
  rejected: NONE,
  withdrawn: NONE,
  'expired by its date': NONE,
  'expired after its 12 months': { ...NONE, verified: 'move/refused' },
};

describe('the certificate moves table', () => {
  for (const [name, facts] of Object.entries(FROM)) {
    for (const to of CERTIFICATE_STATUSES) {
      const [counter, owner] = EXPECTED[name][to].split('/');
      for (const [actor, expected] of [
        ['counter', counter],
        ['owner', owner],
      ] as [CertificateActor, string][]) {
        it(`${name} → ${to} by the ${actor} is ${expected}`, () => {
          const answer = moveCertificate(facts, to, actor);
          expect(answer.kind).toBe(expected);
          if (answer.kind === 'refused') expect(answer.reason).toMatch(/^[A-Z].*\.$/);
        });
      }
    }
  }

  it('refuses withdrawing a pending or rejected certificate in words an owner understands', () => {
    expect(moveCertificate(FROM.pending, 'withdrawn', 'owner')).toEqual({
      kind: 'refused',
      reason: 'This certificate is not verified yet: it exempts nothing, so there is nothing to withdraw.',
    });
    expect(moveCertificate(FROM.rejected, 'withdrawn', 'counter')).toEqual({
      kind: 'refused',
      reason: 'This certificate was rejected: it exempts nothing, so there is nothing to withdraw.',
    });
  });

  it('tells the counter how long a verified certificate still runs when it is verified again too early', () => {
    expect(moveCertificate(FROM.verified, 'verified', 'counter')).toEqual({
      kind: 'refused',
      reason: 'This certificate is already verified, through 2027-06-30.',
    });
  });
});
