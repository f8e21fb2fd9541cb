/**
 * The one reader of an upload's color sheets, so pricing `auto` does not care where the per-sheet
 * analysis keeps its results: the per-sheet report's `upload_sheets` rows, or `uploads.color_sheets`
 * for an upload made by reorder (which copies the earlier upload's finding and has no rows).
 */
import type { Queryable } from '../lib/db';
import { badRequest } from '../lib/errors';
import type { OrderPrintType } from '#shared/pricing';

/**
 * The sheet numbers (1-based, ascending) the analysis found carrying colored ink, [] when none;
 * null when the analysis has not judged color (yet) or the upload does not exist.
 */
export async function colorSheetNumbersOf(sql: Queryable, uploadId: string): Promise<number[] | null> {
  const [row] = await sql<{ color_sheets: number[] | null; sheets_complete: boolean; judged: number; detected: number[] | null }[]>`
    select u.color_sheets, u.sheets_complete,
      (select count(*) from upload_sheets s where s.upload_id = u.id and s.color is not null)::int as judged,
      (select array_agg(s.number order by s.number) from upload_sheets s where s.upload_id = u.id and s.color) as detected
    from uploads u where u.id = ${uploadId}`;
  if (!row) return null;
  if (row.color_sheets) return [...new Set(row.color_sheets)].sort((a, b) => a - b);
  if (!row.sheets_complete || row.judged === 0) return null;
  return row.detected ?? [];
}

/** The files of a set in order, each with its sheet count (a single upload is a set of one). */
type SetFiles = readonly { uploadId: string; pageCount: number }[];

/**
 * The set-wide positions this order prints in color: none for `bw`, all for `color`; for `auto` the
 * customer's choice when given (each 1..pageCount, no duplicates), else the sheets the analysis found
 * in color in each file, numbered through the set. Refuses `auto` while color is not judged yet,
 * rather than guess the ink.
 */
export async function colorSheetsFor(sql: Queryable, files: SetFiles, printType: OrderPrintType, chosen: number[] | undefined): Promise<number[]> {
  const pageCount = files.reduce((sum, f) => sum + f.pageCount, 0);
  if (printType === 'bw') return [];
  if (printType === 'color') return Array.from({ length: pageCount }, (_, i) => i + 1);
  if (chosen) {
    const outside = chosen.find((n) => n < 1 || n > pageCount);
    if (outside !== undefined) throw badRequest(`Sheet ${outside} is not in this drawing: color sheets must be from 1 to ${pageCount}.`);
    if (new Set(chosen).size !== chosen.length) throw badRequest('Each color sheet can be listed only once.');
    return [...chosen].sort((a, b) => a - b);
  }
  const positions: number[] = [];
  let before = 0;
  for (const file of files) {
    const detected = await colorSheetNumbersOf(sql, file.uploadId);
    if (detected === null) throw badRequest('We are still checking which sheets are in color. Please wait a moment, or choose the color sheets yourself.');
    positions.push(...detected.filter((n) => n >= 1 && n <= file.pageCount).map((n) => before + n));
    before += file.pageCount;
  }
  return positions;
}
