/**
 * Recipients of one order: the people a set of drawings goes to, each with their own copies, part of
 * the set and delivery (a distribution list). Pure: the schema of one recipient with the sentences a
 * person reads (each prefixed with who it is about), and the reading of a sheet selection as people
 * write it (`["S"]`, `["A-101..A-110", "E"]`, `[1, 2, 5]`) against the set's sheet numbers.
 */
import { z } from 'zod';
import { AddressSchema, type Address } from './address';
import { emailField, finishingField, halfSetsField, MAX_NAME, nameField, NO_SETS_MESSAGE, phoneField, reducedSetsField, setsField, zipField } from './fields';
import { NO_FINISHING } from './finishing';
import { MAX_SET_SHEETS } from './limits';
import { normalizeSheetNumber } from './sheetNumbers';

/** How many recipients one order may have. */
export const MIN_RECIPIENTS = 1;
export const MAX_RECIPIENTS = 50;

/** The fields a request with `recipients` gives per recipient, never for the order as a whole. */
export const PER_RECIPIENT_FIELDS = ['sets', 'halfSets', 'reducedSets', 'finishing', 'halfFinishing', 'shippingMethod', 'shippingAddress', 'rateId'] as const;

/** The sentence for top-level fields sent beside `recipients`. */
export function perRecipientFieldsMessage(sent: readonly string[]): string {
  const list = sent.length === 1 ? sent[0] : `${sent.slice(0, -1).join(', ')} and ${sent[sent.length - 1]}`;
  return `With recipients, ${list} ${sent.length === 1 ? 'is' : 'are'} given for each recipient, not for the whole order. Please send ${sent.length === 1 ? 'it' : 'them'} inside each recipient.`;
}

/** One entry of `sheets`: a sheet number, a discipline designator, a range `A-101..A-110`, or a position (1..N). */
const sheetEntry = z.union([z.number().int('Sheet positions must be whole numbers'), z.string().trim().min(1, 'A sheet entry cannot be empty').max(40)], {
  error: 'Each sheet must be a sheet number, a discipline letter, a range such as A-101..A-110, or a position',
});

/** One recipient as a request sends it. */
export const RecipientSchema = z
  .object({
    name: nameField('Name', MAX_NAME),
    company: nameField('Company', MAX_NAME).nullish(),
    email: emailField.nullish().or(z.literal('').transform(() => null)),
    phone: phoneField,
    delivery: z.enum(['pickup', 'shipping'], { error: 'Delivery must be pickup or shipping' }),
    address: z.unknown().optional(),
    rateId: z.string().trim().max(100).nullish(),
    sets: setsField.default(1),
    halfSets: halfSetsField.default(0),
    /** Their 11" x 17" reduced sets and the finishing of their full-size and half-size sets, as an order's (./finishing.ts). */
    reducedSets: reducedSetsField.default(0),
    finishing: finishingField.default(NO_FINISHING),
    halfFinishing: finishingField.default(NO_FINISHING),
    sheets: z.array(sheetEntry, { error: 'Sheets must be a list' }).min(1, 'Sheets, when given, must name at least one sheet').max(MAX_SET_SHEETS).nullish(),
  })
  .refine((v) => v.sets + v.halfSets + v.reducedSets >= 1, { message: NO_SETS_MESSAGE, path: ['sets'] });

/** A recipient as checkout reads it: the address parsed for a shipping recipient, null for pickup. */
export type RecipientInput = Omit<z.output<typeof RecipientSchema>, 'address' | 'company' | 'email' | 'rateId' | 'sheets' | 'phone'> & {
  company: string | null;
  email: string | null;
  phone: string | null;
  address: Address | null;
  rateId: string | null;
  sheets: (string | number)[] | null;
};

/** A refused list: the field's path as people write it (`recipients[3].address.zipCode`) and the sentence. */
export type RecipientProblem = { path: string; message: string };

/** "Recipient 4 (Acme Steel)": who a sentence is about, counted from 1. */
export function recipientLabel(index: number, name?: string | null): string {
  return name ? `Recipient ${index + 1} (${name})` : `Recipient ${index + 1}`;
}

const pathText = (index: number, path: readonly PropertyKey[]) =>
  `recipients[${index}]${path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('')}`;

/**
 * Reads `recipients` of a request: 1 to 50 entries, each valid, a shipping one with an address.
 * The first problem found is returned, naming the recipient.
 */
export function parseRecipients(raw: unknown): { ok: true; recipients: RecipientInput[] } | ({ ok: false } & RecipientProblem) {
  if (!Array.isArray(raw)) return { ok: false, path: 'recipients', message: 'Recipients must be a list.' };
  if (raw.length < MIN_RECIPIENTS || raw.length > MAX_RECIPIENTS) {
    return { ok: false, path: 'recipients', message: `Please list from ${MIN_RECIPIENTS} to ${MAX_RECIPIENTS} recipients (${raw.length} were sent).` };
  }
  const recipients: RecipientInput[] = [];
  for (const [index, entry] of raw.entries()) {
    const name =
      typeof entry === 'object' && entry !== null && typeof (entry as { name?: unknown }).name === 'string' ? (entry as { name: string }).name.trim() : null;
    const who = recipientLabel(index, name);
    const parsed = RecipientSchema.safeParse(entry);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return { ok: false, path: pathText(index, issue.path), message: `${who}: ${issue.message}` };
    }
    const r = parsed.data;
    let address: Address | null = null;
    if (r.delivery === 'shipping') {
      if (r.address === undefined || r.address === null)
        return { ok: false, path: pathText(index, ['address']), message: `${who}: please give an address to ship to.` };
      const a = AddressSchema.safeParse(r.address);
      if (!a.success) {
        const issue = a.error.issues[0];
        const zip = (r.address as { zipCode?: unknown }).zipCode;
        // The shop's words for a malformed ZIP, said of this recipient.
        const message = issue.path[0] === 'zipCode' && !zipField.safeParse(zip).success ? 'ZIP code must be 5 digits' : issue.message;
        return { ok: false, path: pathText(index, ['address', ...issue.path]), message: `${who}: ${message}` };
      }
      address = a.data;
    }
    recipients.push({
      name: r.name,
      company: r.company ?? null,
      email: r.email ?? null,
      phone: r.phone ?? null,
      delivery: r.delivery,
      address,
      rateId: r.delivery === 'shipping' ? (r.rateId ?? null) : null,
      sets: r.sets,
      halfSets: r.halfSets,
      reducedSets: r.reducedSets,
      finishing: r.finishing,
      halfFinishing: r.halfFinishing,
      sheets: r.sheets ?? null,
    });
  }
  return { ok: true, recipients };
}

/** One sheet of the set as a selection is read against: its position (1..N) and its number, if read. */
export type SelectableSheet = { position: number; sheetNumber: string | null };

/** A range as people write it: `A-101..A-110` (two dots, or an en dash, spaces allowed). */
const RANGE = /^(.+?)\s*(?:\.\.|\u2013|\u2014)\s*(.+)$/;
/** A discipline designator alone: one to three letters. */
const DISCIPLINE = /^[A-Z]{1,3}$/;

/** A sheet number split for ordering: its letters, then its numbers compared as numbers (A-9 before A-10). */
function sheetKey(sheetNumber: string): { prefix: string; parts: number[]; suffix: string } {
  const n = normalizeSheetNumber(sheetNumber);
  const prefix = /^[A-Z]+/.exec(n)?.[0] ?? '';
  const rest = n.slice(prefix.length);
  const parts = [...rest.matchAll(/\d+/g)].map((m) => Number(m[0]));
  const suffix = /[A-Z]+$/.exec(rest)?.[0] ?? '';
  return { prefix, parts, suffix };
}

function compareKeys(a: ReturnType<typeof sheetKey>, b: ReturnType<typeof sheetKey>): number {
  for (let i = 0; i < Math.max(a.parts.length, b.parts.length); i++) {
    const d = (a.parts[i] ?? -1) - (b.parts[i] ?? -1);
    if (d !== 0) return d;
  }
  return a.suffix.localeCompare(b.suffix);
}

/** The positions one entry chooses, or the sentence saying why it chooses none. */
function entryPositions(entry: string | number, sheets: readonly SelectableSheet[]): number[] | string {
  if (typeof entry === 'number') {
    if (entry < 1 || entry > sheets.length) return `sheet position ${entry} is not in the set: positions go from 1 to ${sheets.length}.`;
    return [entry];
  }
  const text = normalizeSheetNumber(entry);
  const numbered = sheets.filter((s): s is { position: number; sheetNumber: string } => s.sheetNumber !== null);
  const range = RANGE.exec(entry.trim());
  if (range) {
    const [lo, hi] = [sheetKey(range[1]), sheetKey(range[2])];
    if (!lo.prefix || lo.prefix !== hi.prefix || lo.parts.length === 0 || hi.parts.length === 0) {
      return `"${entry}" is not a range of one discipline: write it as A-101..A-110.`;
    }
    const found = numbered.filter((s) => {
      const k = sheetKey(s.sheetNumber);
      return k.prefix === lo.prefix && compareKeys(k, lo) >= 0 && compareKeys(k, hi) <= 0;
    });
    return found.length > 0 ? found.map((s) => s.position) : `"${entry}" matches no sheet of the set.`;
  }
  if (DISCIPLINE.test(text)) {
    // A designator means every sheet of that discipline: "A" takes A-101 and AD-101 alike.
    const found = numbered.filter((s) => sheetKey(s.sheetNumber).prefix.startsWith(text));
    return found.length > 0 ? found.map((s) => s.position) : `"${entry}" matches no sheet of the set.`;
  }
  // One sheet as people write its number: "S101", "s 101" and "S-101" are the same sheet.
  const key = sheetKey(entry);
  const found = numbered.filter((s) => {
    const k = sheetKey(s.sheetNumber);
    return k.prefix === key.prefix && compareKeys(k, key) === 0;
  });
  return found.length > 0 ? found.map((s) => s.position) : `"${entry}" matches no sheet of the set.`;
}

/**
 * The positions (ascending, each once) a selection chooses from the set; null selection: the whole
 * set. An entry that chooses nothing refuses the whole selection with a sentence naming it.
 */
export function selectSheets(selection: readonly (string | number)[] | null, sheets: readonly SelectableSheet[]): { positions: number[] } | { error: string } {
  if (selection === null) return { positions: sheets.map((s) => s.position) };
  const chosen = new Set<number>();
  for (const entry of selection) {
    const found = entryPositions(entry, sheets);
    if (typeof found === 'string') return { error: found };
    for (const p of found) chosen.add(p);
  }
  return { positions: [...chosen].sort((a, b) => a - b) };
}

/** The sheet numbers of positions, for people (`sheet 4` where a sheet carries none). */
export function sheetNumbersOf(positions: readonly number[], sheets: readonly SelectableSheet[]): string[] {
  const byPosition = new Map(sheets.map((s) => [s.position, s.sheetNumber]));
  return positions.map((p) => byPosition.get(p) ?? `sheet ${p}`);
}
