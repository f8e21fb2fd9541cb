/**
 * A distribution list pasted or imported as CSV (the checkout's "Send to several people"): a header
 * row naming the columns (name, company, email, phone, street1, street2, city, state, zip, sets,
 * halfSets, sheets, fold, bind, holes, reducedSets; any order, any case, only `name` required), then
 * one recipient a row. A row with an address ships, one without is picked up. `sheets` holds the
 * selection as people write it, entries split by `;` or `,` (`A-101..A-110; E`, `1; 2; 5`). `fold`
 * (`title_out`, or `yes`) and `bind` (`staple_left` or `staple`, `screw_post`) finish every set of
 * the row, full size and half size; `holes` (3) its half-size sets. The rows become the request's
 * `recipients`; parseRecipients (./recipients.ts) then judges each one, naming it.
 */
import { NO_FINISHING, type Finishing } from './finishing';

/** The columns the header may name. */
export const RECIPIENT_CSV_COLUMNS = [
  'name',
  'company',
  'email',
  'phone',
  'street1',
  'street2',
  'city',
  'state',
  'zip',
  'sets',
  'halfsets',
  'sheets',
  'fold',
  'bind',
  'holes',
  'reducedsets',
] as const;

/** The columns as a header names them, for people: `halfSets`, `reducedSets`. */
export const RECIPIENT_CSV_HEADER = RECIPIENT_CSV_COLUMNS.map((c) => (c === 'halfsets' ? 'halfSets' : c === 'reducedsets' ? 'reducedSets' : c));

/** Reads CSV text into rows of fields (RFC 4180: quoted fields may hold commas, quotes doubled, line breaks). */
export function readCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const src = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < src.length; i++) {
    const c = src[i];
    if (quoted) {
      if (c === '"' && src[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && src[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  // Blank lines are no one.
  return rows.filter((r) => r.some((f) => f.trim() !== ''));
}

/** A row as the request sends it, before parseRecipients judges it. */
export type CsvRecipient = {
  name: string;
  company?: string;
  email?: string;
  phone?: string;
  delivery: 'pickup' | 'shipping';
  address?: { street1: string; street2: string; city: string; state: string; zipCode: string };
  sets?: number;
  halfSets?: number;
  reducedSets?: number;
  /** As typed when a word is not one the shop knows, so the server's sentence names it. */
  finishing?: CsvFinishing;
  halfFinishing?: CsvFinishing;
  sheets?: (string | number)[];
};

/** A finishing as a CSV row gives it: the shop's values, or the word typed when it is none of them. */
export type CsvFinishing = { fold: Finishing['fold'] | string; bind: Finishing['bind'] | string; holes: Finishing['holes'] | string };

/** A cell's word as the API's value: `Title out` → `title_out`; blank, `no` and `none` → none. */
const word = (value: string) =>
  value
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
const FOLD_WORDS: Record<string, Finishing['fold']> = { '': 'none', no: 'none', none: 'none', yes: 'title_out', title_out: 'title_out' };
const BIND_WORDS: Record<string, Finishing['bind']> = {
  '': 'none',
  no: 'none',
  none: 'none',
  staple: 'staple_left',
  staple_left: 'staple_left',
  screw_post: 'screw_post',
};
const HOLES_WORDS: Record<string, Finishing['holes']> = { '': 0, '0': 0, no: 0, none: 0, '3': 3 };

/**
 * The finishing a row's `fold`, `bind` and `holes` give its sets: fold and bind on every kind of set
 * it has (full size unless `sets` is 0, half size when `halfSets` is above 0), holes on the half-size
 * sets (asked for without one, the server says why). Also the checkout's "Add a recipient", with
 * the finishing chosen for the set. A kind of set without finishing gets none (the field is left out).
 */
export function rowFinishing(
  counts: { sets?: number; halfSets?: number },
  chosen: { fold: string; bind: string; holes: string | number },
): { finishing?: CsvFinishing; halfFinishing?: CsvFinishing } {
  const fold = FOLD_WORDS[word(chosen.fold)] ?? chosen.fold;
  const bind = BIND_WORDS[word(chosen.bind)] ?? chosen.bind;
  const holes = HOLES_WORDS[word(String(chosen.holes))] ?? chosen.holes;
  const full = (counts.sets ?? 1) > 0;
  const half = (counts.halfSets ?? 0) > 0;
  const out: { finishing?: CsvFinishing; halfFinishing?: CsvFinishing } = {};
  if (full && (fold !== 'none' || bind !== 'none')) out.finishing = { fold, bind, holes: 0 };
  if (holes !== 0 || (half && (fold !== 'none' || bind !== 'none'))) out.halfFinishing = half ? { fold, bind, holes } : { ...NO_FINISHING, holes };
  return out;
}

/** Whole numbers stay numbers for the schema to judge; anything else is sent as typed, so its sentence names it. */
const countOf = (value: string): number | undefined => (value.trim() === '' ? undefined : /^\d+$/.test(value.trim()) ? Number(value.trim()) : Number.NaN);

/**
 * The recipients of a CSV with a header, or the sentence saying why the file is not one: no header
 * naming `name`, a column the shop does not know, or no rows.
 */
export function recipientsFromCsv(text: string): { ok: true; recipients: CsvRecipient[] } | { ok: false; message: string } {
  const [header, ...rows] = readCsv(text);
  if (!header) return { ok: false, message: 'The CSV is empty. Please give a header row and one recipient a row.' };
  const columns = header.map((h) =>
    h
      .trim()
      .toLowerCase()
      .replace(/[\s_-]/g, ''),
  );
  const unknown = columns.find((c) => !(RECIPIENT_CSV_COLUMNS as readonly string[]).includes(c));
  if (unknown !== undefined) {
    return {
      ok: false,
      message: `The CSV has a column "${unknown}" we do not know. Columns: ${RECIPIENT_CSV_HEADER.join(', ')}.`,
    };
  }
  if (!columns.includes('name')) return { ok: false, message: 'The CSV header must name a "name" column.' };
  if (rows.length === 0) return { ok: false, message: 'The CSV has a header but no recipients.' };
  const recipients = rows.map((cells) => {
    const get = (column: string) => (cells[columns.indexOf(column)] ?? '').trim();
    const address = { street1: get('street1'), street2: get('street2'), city: get('city'), state: get('state'), zipCode: get('zip') };
    const ships = Object.values(address).some((v) => v !== '');
    const sheets = get('sheets')
      .split(/[;,]/)
      .map((s) => s.trim())
      .filter(Boolean)
      .map((s) => (/^\d+$/.test(s) ? Number(s) : s));
    const r: CsvRecipient = { name: get('name'), delivery: ships ? 'shipping' : 'pickup' };
    if (get('company')) r.company = get('company');
    if (get('email')) r.email = get('email');
    if (get('phone')) r.phone = get('phone');
    if (ships) r.address = address;
    const sets = countOf(get('sets'));
    const halfSets = countOf(get('halfsets'));
    if (sets !== undefined) r.sets = sets;
    if (halfSets !== undefined) r.halfSets = halfSets;
    const reducedSets = countOf(get('reducedsets'));
    if (reducedSets !== undefined) r.reducedSets = reducedSets;
    Object.assign(r, rowFinishing(r, { fold: get('fold'), bind: get('bind'), holes: get('holes') }));
    if (sheets.length > 0) r.sheets = sheets;
    return r;
  });
  return { ok: true, recipients };
}
