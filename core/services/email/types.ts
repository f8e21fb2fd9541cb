/** The email interface and its types; adapters implement it, index.ts picks one. */

export type EmailAttachment = { filename: string; content: Buffer; contentType?: string };

export type OutgoingEmail = {
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  attachments: EmailAttachment[];
  /** Stable per email: the provider drops a second send with the same key. */
  idempotencyKey: string;
};

export interface EmailSender {
  readonly name: 'resend' | 'outbox';
  /** Sends one email; resolves with the provider's message id. */
  send(email: OutgoingEmail): Promise<{ messageId: string }>;
}
