/**
 * An order's sheets as its documents list them: each sheet's position in the set and the number and
 * title read from its title block (null when none was found), from the upload's sheet report.
 */
import type { Queryable } from '../lib/db';

export type SheetListEntry = { position: number; sheetNumber: string | null; sheetTitle: string | null };

/** The order's sheets in set order; [] when the upload (or its report) is gone. */
export async function sheetListOf(db: Queryable, order: { upload_id: string | null }): Promise<SheetListEntry[]> {
  if (!order.upload_id) return [];
  const rows = await db<{ number: number; sheet_number: string | null; sheet_title: string | null }[]>`
    select number, sheet_number, sheet_title from upload_sheets where upload_id = ${order.upload_id} order by number`;
  return rows.map((r) => ({ position: r.number, sheetNumber: r.sheet_number, sheetTitle: r.sheet_title }));
}

/** Whether any sheet was named by its title block: only then do the documents list the sheets. */
export function hasSheetNames(sheets: readonly SheetListEntry[]): boolean {
  return sheets.some((s) => s.sheetNumber !== null || s.sheetTitle !== null);
}
