/**
 * Email behind one interface: Resend when RESEND_API_KEY is set, otherwise the outbox (emails are
 * stored, marked sent and shown to the admin). Every email is a row first, then a job: `queueEmail`
 * writes both in the caller's transaction, and the `emails__send` task sends it once.
 */
import type { Env } from '#shared/env';
import { addJob, type Queryable } from '../../lib/db';
import { OutboxSender } from './outbox';
import type { EmailSender } from './types';

export * from './types';

/** Picks the email adapter from the environment; the Resend SDK is loaded only when it is chosen. */
export async function createEmailSender(env: Env): Promise<EmailSender> {
  if (env.RESEND_API_KEY) {
    const { ResendSender } = await import('./resend');
    return new ResendSender(env.RESEND_API_KEY, env.RESEND_BASE_URL);
  }
  return new OutboxSender();
}

/** A stored attachment: the worker reads `storageKey` when it sends. */
export type QueuedAttachment = { filename: string; storageKey: string; contentType?: string };

export type QueueEmailInput = {
  /** Same key → same email: a second call with it is a no-op. e.g. `order:{id}:confirmation`. */
  idempotencyKey: string;
  to: string;
  kind: string;
  subject: string;
  text: string;
  html?: string | null;
  orderId?: string | null;
  userId?: string | null;
  attachments?: QueuedAttachment[];
};

/**
 * Stores an email and enqueues its sending, in the caller's transaction. Returns the email id, or
 * null when an email with this idempotency key already exists.
 */
export async function queueEmail(db: Queryable, input: QueueEmailInput): Promise<string | null> {
  const [row] = await db<{ id: string }[]>`
    insert into emails (idempotency_key, order_id, user_id, to_address, kind, subject, text_body, html_body, attachments)
    values (${input.idempotencyKey}, ${input.orderId ?? null}, ${input.userId ?? null}, ${input.to}, ${input.kind},
            ${input.subject}, ${input.text}, ${input.html ?? null}, ${db.json(input.attachments ?? [])})
    on conflict (idempotency_key) do nothing
    returning id`;
  if (!row) return null;
  await addJob(db, 'emails__send', { emailId: row.id }, { jobKey: `email:${row.id}`, maxAttempts: 8 });
  return row.id;
}

/** Records that a queued email left through `provider` as `messageId` (the row is locked by its sender). */
export async function markEmailSent(db: Queryable, input: { emailId: string; provider: string; messageId: string | null }): Promise<void> {
  await db`
    update emails set status = 'sent', sent_at = now(), provider = ${input.provider}, provider_message_id = ${input.messageId}, error = null
    where id = ${input.emailId}`;
}
