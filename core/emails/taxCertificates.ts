/**
 * The emails a firm's owners get about a tax-exempt certificate after it was verified: that it was
 * withdrawn (with the counter's reason, or by which owner), and, for one without an expiry date, that
 * it needs verifying again before its months run out. Words only: the commands in
 * core/firms/certificates.ts queue them, in the move's transaction.
 */
import { longDayText, type CalendarDay } from '#shared/clock';
import { NO_EXPIRY_VALID_MONTHS } from '#shared/firm';
import type { ShopFacts } from '#shared/shop';
import { signOff } from './closing';
import { theirWords } from './theirWords';

/** The certificate as an email names it: "NJ ST-5 exempt organization #EO-12345". */
type Named = { state: string; kind: string; number: string };
// The kind and number are as the firm typed them: shown, never linked.
const nameOf = (c: Named) => theirWords(`${c.state} ${c.kind} #${c.number}`);

/** Who withdrew it: the counter (with its reason) or an owner (by name, with an optional reason). */
export type WithdrawnBy = { by: 'counter' } | { by: 'owner'; name: string };

/** "Your tax-exempt certificate was withdrawn": later orders are taxed, earlier ones keep what they were charged. */
export function certificateWithdrawnEmail(input: { certificate: Named; withdrawnBy: WithdrawnBy; reason: string | null; day: CalendarDay; shop: ShopFacts }): {
  subject: string;
  text: string;
} {
  const { certificate, withdrawnBy, reason, shop } = input;
  const who = withdrawnBy.by === 'counter' ? shop.name : theirWords(withdrawnBy.name);
  return {
    subject: 'Your tax-exempt certificate was withdrawn',
    text:
      `Hello,\n\n${who} withdrew your firm's certificate ${nameOf(certificate)} on ${longDayText(input.day)}. ` +
      `Orders placed from now on are taxed in ${certificate.state} as usual; orders placed before keep the tax they were charged.\n\n` +
      (reason ? `Reason: ${theirWords(reason)}\n\n` : '') +
      `You can file a current certificate from your firm's page.\n\n${signOff(shop)}`,
  };
}

/**
 * The reminder a month before a certificate without an expiry date stops exempting: from `lapsesOn`,
 * orders are taxed until the counter verifies it again.
 */
export function certificateRenewalEmail(input: { certificate: Named; verifiedOn: CalendarDay; lapsesOn: CalendarDay; appUrl: string; shop: ShopFacts }): {
  subject: string;
  text: string;
} {
  const { certificate, shop } = input;
  const lapses = longDayText(input.lapsesOn);
  return {
    subject: `Your tax-exempt certificate needs verifying again by ${lapses}`,
    text:
      `Hello,\n\nYour firm's certificate ${nameOf(certificate)} has no expiry date, so we verify it again every ${NO_EXPIRY_VALID_MONTHS} months. ` +
      `We last verified it on ${longDayText(input.verifiedOn)}. From ${lapses}, orders taxed in ${certificate.state} are taxed as usual ` +
      `until we verify it again.\n\n` +
      `If the certificate is still current, reply to this email or ask us at ${shop.email} or ${shop.phone} to verify it again. ` +
      `If it has changed, file the current one from your firm's page: ${input.appUrl}/firm\n\n${signOff(shop)}`,
  };
}
