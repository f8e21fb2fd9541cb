/**
 * The one reader of an upload's color sheets, so pricing `auto` does not care where the per-sheet
 * analysis keeps its results (today `uploads.color_sheets`; issue 14 section 1 may move it).
 */
import type { Queryable } from '../lib/db';

/**
 * The sheet numbers (1-based, ascending) the analysis found carrying colored ink, [] when none;
 * null when the analysis has not judged color (yet) or the upload does not exist.
 */
export async function colorSheetNumbersOf(sql: Queryable, uploadId: string): Promise<number[] | null> {
  const [row] = await sql<{ color_sheets: number[] | null }[]>`select color_sheets from uploads where id = ${uploadId}`;
  if (!row?.color_sheets) return null;
  return [...new Set(row.color_sheets)].sort((a, b) => a - b);
}
