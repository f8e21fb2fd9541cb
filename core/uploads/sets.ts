/**
 * A drawing set: one or more uploaded files printed as one, in the order the customer set them.
 * Sheets are numbered through the whole set (`position` 1..N): a file's sheet n is position
 * `firstPosition + n - 1`. Checkout and shipping read the set through here, so a set of one file and
 * a set of thirty are priced, packed and checked by the same code.
 */
import type { Queryable } from '../lib/db';
import { badRequest, notFound } from '../lib/errors';
import { MAX_SET_SHEETS } from '#shared/limits';
import type { PrintSize } from '#shared/pricing';
import { drawingIndexOf, sheetWarnings, type SheetWarning } from '#shared/sheetNumbers';
import { sheetPapersOf } from './papers';

/** One file of a set, ready to print. */
export type SetFile = {
  uploadId: string;
  fileName: string;
  fileSize: number;
  storageKey: string;
  pageCount: number;
  /** The set-wide position of the file's first sheet (1 for the first file). */
  firstPosition: number;
};

export type UploadSet = { files: SetFile[]; pageCount: number };

/**
 * Who asks: the browser session and, when signed in, the account (the rule uploads are shown by);
 * null when the caller checked access another way (a revision's files, read by its access rule).
 */
export type SetOwner = { sid: string; userId: string | null } | null;

type Row = { id: string; status: string; page_count: number | null; file_name: string; file_size: number; storage_key: string; message: string | null };

/** "File 2 (east.pdf)": how a refusal names a file of a set. */
const fileLabel = (index: number, name: string) => `File ${index + 1} (${name})`;

/**
 * The caller's uploads in this order, each analysed and printable. `single` keeps the one-file
 * answers (404 for an upload that is not the caller's); a set answers 400 naming the file, so the
 * customer knows which one to upload again and nothing else of the set is lost.
 */
export async function readySet(sql: Queryable, uploadIds: readonly string[], who: SetOwner, single: boolean): Promise<UploadSet> {
  const rows = await sql<Row[]>`
    select id, status, page_count, file_name, file_size, storage_key, message from uploads
    where id = any(${[...uploadIds]}::uuid[])
      and (${who === null}::boolean or session_sid = ${who?.sid ?? null} or (${who?.userId ?? null}::uuid is not null and user_id = ${who?.userId ?? null}))`;
  const byId = new Map(rows.map((r) => [r.id, r]));
  const files: SetFile[] = [];
  let next = 1;
  for (const [index, id] of uploadIds.entries()) {
    const row = byId.get(id.toLowerCase());
    if (!row) {
      if (single) throw notFound('That upload was not found. Please upload your drawing again.');
      throw badRequest(`File ${index + 1} of your set was not found. Please remove it and upload it again.`);
    }
    const label = single ? '' : `${fileLabel(index, row.file_name)}: `;
    if (row.status === 'analyzing') throw badRequest(`${label}Your drawing is still being analyzed. Please wait a moment and try again.`);
    if (row.status !== 'ready' || !row.page_count) throw badRequest(`${label}${row.message ?? 'This drawing cannot be printed. Please upload another file.'}`);
    files.push({
      uploadId: row.id,
      fileName: row.file_name,
      fileSize: Number(row.file_size),
      storageKey: row.storage_key,
      pageCount: row.page_count,
      firstPosition: next,
    });
    next += row.page_count;
  }
  const pageCount = next - 1;
  if (pageCount > MAX_SET_SHEETS)
    throw badRequest(
      `Your set has ${pageCount.toLocaleString('en-US')} sheets; we print at most ${MAX_SET_SHEETS.toLocaleString('en-US')} sheets in one order. Please order the rest separately.`,
    );
  return { files, pageCount };
}

/** Each sheet's paper through the whole set, in position order. */
export async function setPapersOf(sql: Queryable, set: UploadSet): Promise<PrintSize[]> {
  const papers: PrintSize[] = [];
  for (const file of set.files) papers.push(...(await sheetPapersOf(sql, file.uploadId, file.pageCount)));
  return papers;
}

/**
 * The preflight of the whole set (shared/sheetNumbers.ts, the one rule): sheet numbers carried twice
 * across files and sheets the set's drawing index (on whichever sheet carries it) lists that no sheet of the set carries,
 * with set-wide positions. [] while any file's report is still coming.
 */
export async function setWarningsOf(sql: Queryable, set: UploadSet): Promise<SheetWarning[]> {
  const ids = set.files.map((f) => f.uploadId);
  const rows = await sql<{ upload_id: string; number: number; sheet_number: string | null; sheet_title: string | null; listed_sheets: string[] | null }[]>`
    select s.upload_id, s.number, s.sheet_number, s.sheet_title, s.listed_sheets from upload_sheets s
    join uploads u on u.id = s.upload_id
    where s.upload_id = any(${ids}::uuid[]) and u.sheets_complete`;
  const complete = new Set(rows.map((r) => r.upload_id));
  if (ids.some((id) => !complete.has(id))) return [];
  const first = new Map(set.files.map((f) => [f.uploadId, f.firstPosition]));
  const sheets = rows.map((r) => ({
    position: (first.get(r.upload_id) ?? 1) + r.number - 1,
    sheetNumber: r.sheet_number,
    sheetTitle: r.sheet_title,
    listedSheets: r.listed_sheets,
  }));
  sheets.sort((a, b) => a.position - b.position);
  // The index is read from whichever sheet carries it, so the warning holds wherever the cover sits.
  const index = drawingIndexOf(sheets);
  return sheetWarnings(sheets, index?.listed ?? [], index?.position);
}

/** One sheet of a set: where it sits in the set and in its file, its size and its title block. */
export type SetSheet = {
  /** 1..N across the files of the set. */
  position: number;
  uploadId: string;
  /** The page of its file, from 1. */
  number: number;
  widthIn: number;
  heightIn: number;
  sheetNumber: string | null;
  sheetTitle: string | null;
};

/** The set's sheets in order, from their uploads alone (revisions compare two sets by these); an upload without sheet rows (or not found) adds none. */
export async function setSheetsOf(sql: Queryable, uploadIds: readonly string[]): Promise<SetSheet[]> {
  if (uploadIds.length === 0) return [];
  const rows = await sql<{ upload_id: string; number: number; width_in: string; height_in: string; sheet_number: string | null; sheet_title: string | null }[]>`
    select s.upload_id, s.number, s.width_in, s.height_in, s.sheet_number, s.sheet_title
    from unnest(${[...uploadIds]}::uuid[]) with ordinality as u(id, ord)
    join upload_sheets s on s.upload_id = u.id
    order by u.ord, s.number`;
  return rows.map((r, i) => ({
    position: i + 1,
    uploadId: r.upload_id,
    number: r.number,
    widthIn: Number(r.width_in),
    heightIn: Number(r.height_in),
    sheetNumber: r.sheet_number,
    sheetTitle: r.sheet_title,
  }));
}

/** The sheets an order prints of its set: how many, each one's paper, and which print in color (1..pageCount among them), as pricing counts them. */
export type PrintedPart = { pageCount: number; papers: PrintSize[]; colorSheets: number[] };

/**
 * Narrows a set to the positions an order prints (a revision's reprint): only those count as sheets,
 * each on its own paper; `colorSheets` (set positions) are kept where printed and renumbered through
 * the printed sheets. Null positions: the whole set.
 */
export function printedPart(papers: readonly PrintSize[], colorSheets: readonly number[], positions: readonly number[] | null): PrintedPart {
  if (positions === null) return { pageCount: papers.length, papers: [...papers], colorSheets: [...colorSheets] };
  const index = new Map(positions.map((p, i) => [p, i + 1]));
  return {
    pageCount: positions.length,
    papers: positions.map((p) => papers[p - 1]),
    colorSheets: colorSheets.flatMap((p) => (index.has(p) ? [index.get(p) as number] : [])),
  };
}
