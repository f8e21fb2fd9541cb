/**
 * Reading a request's `recipients` (shared/recipients.ts): the checkout and the shipping quotes take
 * the same list, refused the same way: a 400 whose sentence names the recipient, with the field's
 * path as people write it (`recipients[3].address.zipCode`) in `errors`.
 */
import { z } from 'zod';
import { badRequest } from '#core/lib/errors';
import { parseRecipients, perRecipientFieldsMessage, type RecipientInput } from '#shared/recipients';

/** The parsed list, or a 400 naming the first recipient with a problem. */
export function recipientsOf(raw: unknown): RecipientInput[] {
  const parsed = parseRecipients(raw);
  if (!parsed.ok) throw badRequest(parsed.message, { errors: { [parsed.path]: parsed.message } });
  return parsed.recipients;
}

/**
 * A body schema that refuses `fields` sent beside `recipients` (each recipient gives its own), checked
 * on the body as sent, before the schema's defaults fill them in.
 */
export function withoutOrderFieldsBesideRecipients<S extends z.ZodType>(schema: S, fields: readonly string[]) {
  return z.preprocess((raw, ctx) => {
    if (typeof raw !== 'object' || raw === null || (raw as { recipients?: unknown }).recipients === undefined) return raw;
    const sent = fields.filter((f) => (raw as Record<string, unknown>)[f] !== undefined);
    if (sent.length > 0) ctx.addIssue({ code: 'custom', message: perRecipientFieldsMessage(sent), path: [sent[0]], input: raw });
    return raw;
  }, schema);
}
