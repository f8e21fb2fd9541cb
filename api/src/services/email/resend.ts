/** Resend adapter. Placeholder until the checkout issue implements it with the `resend` SDK. */
import type { EmailSender, OutgoingEmail } from './index';

export class ResendSender implements EmailSender {
  readonly name = 'resend' as const;
  constructor(
    readonly apiKey: string,
    readonly baseUrl?: string,
  ) {}
  async send(_email: OutgoingEmail): Promise<{ messageId: string }> {
    throw new Error('Resend is not implemented yet');
  }
}
