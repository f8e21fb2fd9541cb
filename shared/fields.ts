/** Reusable zod fields that carry the spec's user-facing messages. */
import { z } from 'zod';
import { MAX_SET_FILES, MAX_SET_SHEETS, MIN_PASSWORD_LENGTH } from './limits';
import { MAX_SETS, MIN_SETS, ORDER_PRINT_SIZES, ORDER_PRINT_TYPES, PRINT_TYPES } from './pricing';
import { stateCodeOf } from './usStates';
import { BINDS, FOLDS } from './finishing';
import { isClockDay, isClockInstant, OUTSIDE_CLOCK_YEARS } from './clock';

/**
 * C0 controls (NUL to US), DEL and C1 controls. No name, address, phone or search holds one; NUL in
 * particular cannot be stored in PostgreSQL text at all. Tabs and newlines are refused too: every
 * stored field is one line.
 */
export const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;

/** The message for a field that holds a control character; names the field. */
export function controlCharacterMessage(label: string): string {
  return `${label} must not contain control characters`;
}

/** True when the text holds no control character. */
export function hasNoControlCharacters(value: string): boolean {
  return !CONTROL_CHARACTERS.test(value);
}

/**
 * Invisible formatting characters: zero-width space, joiners and direction marks (U+200B–U+200F),
 * the bidi embeddings and overrides (U+202A–U+202E) and isolates (U+2066–U+2069), the byte-order
 * mark (U+FEFF) and the Arabic letter mark (U+061C). Pasted into a name they are invisible, yet an
 * override turns `Smith\u202Efdp.exe` into `Smithexe.pdf` on screen, in an email and on the ticket.
 */
const INVISIBLE_CONTROLS = /[\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff\u061c]/g;

/** The text without invisible formatting characters (`INVISIBLE_CONTROLS`). */
export function withoutInvisibleControls(value: string): string {
  return value.replace(INVISIBLE_CONTROLS, '');
}

/**
 * A one-line text field the shop stores: invisible formatting characters removed, trimmed, no
 * control characters, at most `max` characters.
 */
export function plainTextField(label: string, max: number, required = `${label} is required`) {
  return z
    .string({ error: required })
    .refine(hasNoControlCharacters, controlCharacterMessage(label))
    .overwrite(withoutInvisibleControls)
    .trim()
    .min(1, required)
    .max(max, `${label} must be at most ${max} characters`);
}

/** The same, optional: absent, null or blank becomes null. */
export function optionalPlainTextField(label: string, max: number) {
  return z
    .string({ error: `${label} must be text` })
    .refine(hasNoControlCharacters, controlCharacterMessage(label))
    .overwrite(withoutInvisibleControls)
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));
}

/** A URL scheme as a mail client reads one: "https://", "ftp://", and "mailto:" or "javascript:", which need no slashes. */
const URL_SCHEME = /\b[a-z][a-z0-9+.-]*:\/\/|\b(?:mailto|javascript):/gi;

/**
 * The text with every URL scheme removed ("https://pay.example/x" → "pay.example/x"): how emails show
 * someone's words, so that no mail client turns them into a link the shop seems to send.
 */
export function withoutUrlSchemes(value: string): string {
  // Until nothing changes: a removal must not join what is left into a new scheme.
  let text = value;
  for (let before = ''; before !== text;) [before, text] = [text, text.replace(URL_SCHEME, '')];
  return text;
}

/**
 * Top-level domains, as a regular expression's alternatives, that a mail client links without a
 * scheme ("evil.example.com" → a link) and that no name ends a word with after a dot.
 */
const LINKED_DOMAIN_ENDINGS =
  'com|net|org|edu|gov|mil|int|io|co|us|uk|ca|de|fr|nl|eu|ru|cn|info|biz|app|dev|me|ly|xyz|site|online|shop|store|link|click|top|live|ai|tk|cc|ws|to';

/**
 * A web address in text: a URL scheme, "www.", a domain followed by a path ("evil.example/login"),
 * or a domain with a common ending ("pay-now.com", "sam@evil.com").
 */
const WEB_ADDRESS = new RegExp(
  [
    URL_SCHEME.source,
    String.raw`\bwww\.`,
    String.raw`\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}\/`,
    String.raw`\b[a-z0-9-]+\.(?:${LINKED_DOMAIN_ENDINGS})\b`,
  ].join('|'),
  'i',
);

/** True when the text holds a web address (`WEB_ADDRESS`). */
export function holdsWebAddress(value: string): boolean {
  return WEB_ADDRESS.test(value);
}

/** The sentence for a name that holds a web address; names the field. */
export function webAddressMessage(label: string): string {
  return `${label} cannot contain a web address or link. Please enter the name only.`;
}

/** How long a person's or a firm's name may be. */
export const MAX_NAME = 100;

/**
 * A person's or a firm's name: a one-line text field of at most `max` characters that holds no web
 * address. Names travel into emails the shop sends to other people (an invite to join a firm, an
 * invoice to its owners), where a "name" holding a link would read as the shop's own words.
 */
export function nameField(label: string, max = MAX_NAME) {
  return plainTextField(label, max).refine((value) => !holdsWebAddress(value), webAddressMessage(label));
}

export const emailField = z
  .string({ error: 'Please enter a valid email address' })
  .refine(hasNoControlCharacters, 'Please enter a valid email address')
  .trim()
  .toLowerCase()
  .max(254, 'Please enter a valid email address')
  .pipe(z.email('Please enter a valid email address'));

export const newPasswordField = z
  .string({ error: 'Password must be at least 8 characters' })
  .min(MIN_PASSWORD_LENGTH, 'Password must be at least 8 characters')
  .max(200, 'Password must be at most 200 characters');

export const passwordField = z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200);

export const firstNameField = nameField('First name');
export const lastNameField = nameField('Last name');
/** An optional phone number, as typed ('(201) 555-0100'); blank → null. */
export const phoneField = optionalPlainTextField('Phone', 40);

/** Shipping address lines (stored on the quote and the order). */
export const street1Field = plainTextField('Street address', 200);
export const street2Field = optionalPlainTextField('Street address line 2', 200);
export const cityField = plainTextField('City', 100);

/** `asDrawn` (the default when left out): each sheet at 100% on its own paper; a paper size puts every sheet on that paper. */
export const printSizeField = z.enum(ORDER_PRINT_SIZES, { error: 'Print size must be asDrawn, 24x36 or 30x42' }).default('asDrawn');
export const printTypeField = z.enum(PRINT_TYPES, { error: 'Print type must be bw or color' });
/** What an order asks for: all B&W, all color, or color only where needed. */
export const orderPrintTypeField = z.enum(ORDER_PRINT_TYPES, { error: 'Print type must be bw, color or auto' });

const copiesField = (label: string) => {
  const message = `${label} must be a whole number from ${MIN_SETS} to ${MAX_SETS}`;
  return z.number({ error: message }).int(message).min(MIN_SETS, message).max(MAX_SETS, message);
};
/** Full-size copies of the set (with halfSets, at least one set in all). */
export const setsField = copiesField('Sets');
/** Half-size copies of the set: every sheet at 50% on half its paper. */
export const halfSetsField = copiesField('Half-size sets');
/** 11" x 17" reduced copies of the set: every sheet fit to 11" x 17", not to scale. */
export const reducedSetsField = copiesField('Reduced sets');
/** The words for an order with no set at all. */
export const NO_SETS_MESSAGE = 'Please order at least one set, full size or half size.';

/** With print type `auto`: exactly these sheet numbers print in color (checked against the upload by the server). */
export const colorSheetsField = z
  .array(z.number({ error: 'Color sheets must be sheet numbers' }).int('Color sheets must be sheet numbers'), {
    error: 'Color sheets must be a list of sheet numbers',
  })
  .max(MAX_SET_SHEETS);

/** A revision's reprint: the positions of its new issue to print (checked against the issue by the server). */
export const printPositionsField = z
  .array(z.number({ error: 'Sheets to print must be sheet positions' }).int('Sheets to print must be sheet positions'), {
    error: 'Sheets to print must be a list of sheet positions',
  })
  .max(MAX_SET_SHEETS);

/** The set's positions in the order they print (`POST /api/uploads/sort`'s answer); checked to be 1..N each once by the server. */
export const sheetOrderField = z
  .array(z.number({ error: 'Sheet order must be sheet positions' }).int('Sheet order must be sheet positions'), {
    error: 'Sheet order must be a list of sheet positions',
  })
  .max(MAX_SET_SHEETS);

/** `finishing` and `halfFinishing` at checkout (./finishing.ts); each part defaults to none. */
export const finishingField = z.object(
  {
    fold: z.enum(FOLDS, { error: 'Fold must be none or title_out' }).default('none'),
    bind: z.enum(BINDS, { error: 'Bind must be none, staple_left or screw_post' }).default('none'),
    holes: z.union([z.literal(0), z.literal(3)], { error: 'Holes must be 0 or 3' }).default(0),
  },
  { error: 'Finishing must be an object: {fold, bind, holes}' },
);

// Control characters end up on the receipt, the job ticket and in emails: refuse them. Notes may
// keep their line breaks (a textarea makes them), nothing else.
const CONTROL_BUT_LINE_BREAKS = /[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/**
 * An optional free-text order field: invisible formatting characters removed, trimmed, at most `max`
 * characters, empty → null.
 */
function orderText(label: string, max: number, control: RegExp) {
  return z
    .string({ error: `${label} must be text` })
    .overwrite(withoutInvisibleControls)
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .refine((v) => !control.test(v), controlCharacterMessage(label))
    .nullish()
    .transform((v) => (v ? v.replace(/\r\n?/g, '\n') : null));
}

export const MAX_JOB_NAME = 100;
export const MAX_PO_NUMBER = 50;
export const MAX_ORDER_NOTES = 1000;
/** The customer's name for the job ('Smith Residence'). */
export const jobNameField = orderText('Job name', MAX_JOB_NAME, CONTROL_CHARACTERS);
/** The customer's purchase order number. */
export const poNumberField = orderText('PO number', MAX_PO_NUMBER, CONTROL_CHARACTERS);
/** Notes for the shop. */
export const orderNotesField = orderText('Notes', MAX_ORDER_NOTES, CONTROL_BUT_LINE_BREAKS);

/** The counter's reference for a payment it records (a check number, a transfer id). */
export const MAX_PAYMENT_REFERENCE = 100;
export const paymentReferenceField = orderText('Payment reference', MAX_PAYMENT_REFERENCE, CONTROL_CHARACTERS);

export const uuidField = z.uuid({ error: 'Not a valid id' });

/** A drawing set of several uploaded files, in the order they print: 1 to MAX_SET_FILES, each once. */
export const uploadIdsField = z
  .array(uuidField, { error: 'uploadIds must be a list of upload ids' })
  .min(1, 'A set needs at least one file.')
  .max(MAX_SET_FILES, `A set can have at most ${MAX_SET_FILES} files. Please order the rest separately.`)
  .refine((ids) => new Set(ids.map((id) => id.toLowerCase())).size === ids.length, 'Each file can be in the set only once.');

/** Exactly one of `uploadId` (a set of one file) and `uploadIds`. */
export const ONE_UPLOAD_FIELD_MESSAGE = 'Send either uploadId or uploadIds, not both.';
export const NO_UPLOAD_MESSAGE = 'uploadId or uploadIds is required.';

export const ORDER_STATUSES = ['pending', 'processing', 'completed', 'failed'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** `invoiced`: placed on a firm's account (Net 30); printed like a paid order, paid when its invoice is. */
export const PAYMENT_STATUSES = ['unpaid', 'invoiced', 'paid', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const orderStatusField = z.enum(ORDER_STATUSES, { error: 'Status must be pending, processing, completed or failed' });

/** US ZIP: 12345 or 12345-6789. */
export const zipField = z
  .string({ error: 'Please enter a valid 5-digit ZIP code' })
  .trim()
  .regex(/^\d{5}(-\d{4})?$/, 'Please enter a valid 5-digit ZIP code');
/**
 * A US state (50 and DC) typed as its code or its name ("NY", "ny", "New York"): stored as the
 * two-letter code. The names live in ./usStates.ts.
 */
export const stateField = z
  .string({ error: 'Please enter the state.' })
  .trim()
  .min(1, 'Please enter the state.')
  .transform((typed, ctx) => {
    const code = stateCodeOf(typed);
    if (code) return code;
    ctx.addIssue({ code: 'custom', message: `${typed} is not a US state. Please check it.` });
    return z.NEVER;
  });

/**
 * An order number as a customer types it ("4f2a9c01", "#4F2A9C01"): the 8 hex characters, upper-cased.
 * The quick status check on Track Orders and GET /api/orders/lookup read it this one way.
 */
const ORDER_NUMBER_MESSAGE = 'Please enter the 8-character order number (digits 0-9 and letters A-F).';
export const orderNumberField = z
  .string({ error: ORDER_NUMBER_MESSAGE })
  .trim()
  .transform((typed) => typed.replace(/^#/, '').toUpperCase())
  .pipe(z.string().regex(/^[0-9A-F]{8}$/, ORDER_NUMBER_MESSAGE));

/** The admin sign-in (POST /api/admin/login and its form): both fields, with the spec's one message. */
const ADMIN_LOGIN_MISSING = 'Please enter both username and password';
export const adminUsernameField = z.string({ error: ADMIN_LOGIN_MISSING }).trim().min(1, ADMIN_LOGIN_MISSING).max(200);
export const adminPasswordField = z.string({ error: ADMIN_LOGIN_MISSING }).min(1, ADMIN_LOGIN_MISSING).max(200);

/** The order number a person reads: the last 8 characters of the id, upper-cased. */
export function orderNumberOf(id: string): string {
  return id.slice(-8).toUpperCase();
}

/**
 * An instant a person sends, read by the shop clock: ISO-8601 with a date (`Date` alone would take
 * "Nov 23" or a bare number), within the clock's years; anything else is a 400 with a sentence.
 */
export function clockInstantField(name: string) {
  const notIso = `${name} must be an ISO-8601 date and time, e.g. 2026-11-23T10:00:00-05:00.`;
  return z
    .string({ error: notIso })
    .max(100, notIso)
    .transform((text, ctx) => {
      const at = new Date(text);
      if (!/^\d{4}-\d{2}-\d{2}/.test(text) || Number.isNaN(at.getTime())) {
        ctx.addIssue({ code: 'custom', message: notIso });
        return z.NEVER;
      }
      if (!isClockInstant(at)) {
        ctx.addIssue({ code: 'custom', message: OUTSIDE_CLOCK_YEARS });
        return z.NEVER;
      }
      return at;
    });
}

/** A calendar day a person sends (YYYY-MM-DD) within the shop clock's years; `message` says the format. */
export function clockDayField(message: string) {
  // Only a day in the format is asked its year: the format's own message is the one for the rest.
  return z.iso.date({ error: message }).refine((day) => !/^\d{4}-\d{2}-\d{2}$/.test(day) || isClockDay(day), OUTSIDE_CLOCK_YEARS);
}
