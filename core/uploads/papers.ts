/**
 * The paper each sheet of an upload prints on at 100% (shared/sheets.ts, paperFor), so checkout and
 * shipping price and pack every sheet on its own paper.
 */
import type { Queryable } from '../lib/db';
import { badRequest } from '../lib/errors';
import type { PrintSize } from '#shared/pricing';
import { papersOf } from '#shared/sheets';

/**
 * Each sheet's paper in page order: from the measured sheets, or, for an upload made by reorder (which
 * has no sheet rows), the one paper its set was found on.
 */
export async function sheetPapersOf(sql: Queryable, uploadId: string, pageCount: number): Promise<PrintSize[]> {
  const rows = await sql<{ width_in: string; height_in: string }[]>`
    select width_in, height_in from upload_sheets where upload_id = ${uploadId} order by number`;
  if (rows.length === pageCount) return papersOf(rows.map((r) => ({ widthIn: Number(r.width_in), heightIn: Number(r.height_in) })));
  const [upload] = await sql<{ detected_size: string | null }[]>`select detected_size from uploads where id = ${uploadId}`;
  const paper = upload?.detected_size;
  if (paper === '24x36' || paper === '30x42') return Array.from({ length: pageCount }, () => paper);
  throw badRequest('We could not read the sheet sizes of this drawing. Please upload it again.');
}
