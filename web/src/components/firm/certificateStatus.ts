/** How a tax-exempt certificate's status reads on the firm page and the counter's page: its words and its badge. */
import { NO_EXPIRY_VALID_MONTHS, type CertificateStatus } from '#shared/firm';

export const CERTIFICATE_STATUS: Record<CertificateStatus, { label: string; tone: 'pending' | 'completed' | 'failed' | 'neutral' }> = {
  pending: { label: 'Pending', tone: 'pending' },
  verified: { label: 'Verified', tone: 'completed' },
  rejected: { label: 'Rejected', tone: 'failed' },
  withdrawn: { label: 'Withdrawn', tone: 'neutral' },
  expired: { label: 'Expired', tone: 'neutral' },
};

/** The line under a certificate: its expiry, how long a verified one runs, or when and why it was withdrawn. */
export function certificateDates(c: {
  expiresOn: string | null;
  status: CertificateStatus;
  validThrough: string | null;
  renewalDue: boolean;
  withdrawnAt: string | null;
}): string {
  if (c.status === 'withdrawn' && c.withdrawnAt) return `Withdrawn ${new Date(c.withdrawnAt).toLocaleDateString('en-US')}`;
  const expiry = c.expiresOn ? `Expires ${c.expiresOn}` : 'No expiry date';
  if (c.expiresOn || !c.validThrough) return expiry;
  if (c.status === 'expired') return `${expiry}: verified for ${NO_EXPIRY_VALID_MONTHS} months, through ${c.validThrough}; it needs verifying again`;
  return `${expiry}: verified through ${c.validThrough}${c.renewalDue ? ', due to be verified again' : ''}`;
}
