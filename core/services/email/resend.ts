/**
 * Resend adapter. Every send carries the email row's idempotency key, so a worker killed after
 * Resend accepted an email but before our row says "sent" does not send it twice.
 * `baseUrl` (RESEND_BASE_URL) points the SDK at a local fake in tests.
 */
import { Resend } from 'resend';
import type { EmailSender, OutgoingEmail } from './types';

export class ResendSender implements EmailSender {
  readonly name = 'resend' as const;
  private readonly client: Resend;

  constructor(
    readonly apiKey: string,
    readonly baseUrl?: string,
  ) {
    this.client = new Resend(apiKey, baseUrl ? { baseUrl } : undefined);
  }

  async send(email: OutgoingEmail): Promise<{ messageId: string }> {
    const { data, error } = await this.client.emails.send(
      {
        from: email.from,
        to: [email.to],
        subject: email.subject,
        text: email.text,
        ...(email.html ? { html: email.html } : {}),
        attachments: email.attachments.map((a) => ({ filename: a.filename, content: a.content, contentType: a.contentType })),
      },
      { idempotencyKey: email.idempotencyKey },
    );
    if (error || !data) throw new Error(`Resend refused the email: ${error?.message ?? 'no response'}`);
    return { messageId: data.id };
  }
}
