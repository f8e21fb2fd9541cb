/**
 * Sends one stored email, once. The row is locked while sending; a sent row is never sent again,
 * and the provider gets the row's idempotency key, so a worker killed between "sent" at the
 * provider and "sent" in our table does not produce a second email.
 */
import { buffer } from 'node:stream/consumers';
import { defineTask } from '../task';
import { StorageNotFoundError } from '#core/services/storage/index';
import { markEmailSent, type EmailAttachment, type QueuedAttachment } from '#core/services/email/index';

type EmailRow = {
  id: string;
  idempotency_key: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  attachments: QueuedAttachment[];
  status: string;
};

export default defineTask({
  name: 'emails__send',
  async run({ emailId }, ctx) {
    await ctx.sql.begin(async (tx) => {
      const [email] = await tx<EmailRow[]>`select * from emails where id = ${emailId} for update`;
      if (!email) return ctx.log.warn('emails__send: email row is gone', { emailId });
      if (email.status === 'sent') return;
      const attachments: EmailAttachment[] = [];
      for (const a of email.attachments) {
        try {
          attachments.push({ filename: a.filename, content: await buffer(await ctx.storage.get(a.storageKey)), contentType: a.contentType });
        } catch (error) {
          // A missing attachment (e.g. a receipt not rendered yet) is worth a retry.
          if (error instanceof StorageNotFoundError) throw new Error(`attachment ${a.storageKey} not found yet`, { cause: error });
          throw error;
        }
      }
      const { messageId } = await ctx.email.send({
        from: ctx.env.EMAIL_FROM,
        to: email.to_address,
        subject: email.subject,
        text: email.text_body,
        html: email.html_body,
        attachments,
        idempotencyKey: email.idempotency_key,
      });
      await markEmailSent(tx, { emailId, provider: ctx.email.name, messageId });
    });
  },
});
