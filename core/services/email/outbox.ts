/** The built-in email adapter: the email row is the outbox; "sending" records it as delivered there. */
import type { EmailSender, OutgoingEmail } from './types';

export class OutboxSender implements EmailSender {
  readonly name = 'outbox' as const;
  async send(email: OutgoingEmail): Promise<{ messageId: string }> {
    return { messageId: `outbox:${email.idempotencyKey}` };
  }
}
