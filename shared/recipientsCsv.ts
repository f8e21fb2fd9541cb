/**
 * A distribution list pasted or imported as CSV (the checkout's "Send to several people"): a header
 * row naming the columns (name, company, email, phone, street1, street2, city, state, zip, sets,
 * halfSets, sheets; any order, any case, only `name` required), then one recipient a row. A row with
 * an address ships, one without is picked up. `sheets` holds the selection as people write it,
 * entries split by `;` or `,` (`A-101..A-110; E`, `1; 2; 5`). The rows become the request's
 * `recipients`; parseRecipients (./recipients.ts) then judges each one, naming it.
 */

/** The columns the header may name. */
export const RECIPIENT_CSV_COLUMNS = ['name', 'company', 'email', 'phone', 'street1', 'street2', 'city', 'state', 'zip', 'sets', 'halfsets', 'sheets'] as const;

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
  sheets?: (string | number)[];
};

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
      message: `The CSV has a column "${unknown}" we do not know. Columns: ${RECIPIENT_CSV_COLUMNS.join(', ').replace('halfsets', 'halfSets')}.`,
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
    if (sheets.length > 0) r.sheets = sheets;
    return r;
  });
  return { ok: true, recipients };
}
