/**
 * An order's sheets as its documents list them: each sheet's position in the set and the number and
 * title read from its title block (null when none was found), from the upload's sheet report.
 */
import type { Queryable } from '../lib/db';

export type SheetListEntry = { position: number; sheetNumber: string | null; sheetTitle: string | null };

/**
 * The order's sheets in set order, numbered through the whole set (a file's sheets follow the files
 * before it); an order placed before sets kept their files reads its one upload. [] when the uploads
 * (or their reports) are gone.
 */
export async function sheetListOf(
  db: Queryable,
  order: { id: string; upload_id: string | null; print_positions?: number[] | null },
): Promise<SheetListEntry[]> {
  const inSet = await db<{ position: number; sheet_number: string | null; sheet_title: string | null }[]>`
    select f.first_position + s.number - 1 as position, s.sheet_number, s.sheet_title
    from order_files f join upload_sheets s on s.upload_id = f.upload_id
    where f.order_id = ${order.id}
    order by 1`;
  const rows =
    inSet.length > 0 || !order.upload_id
      ? inSet
      : await db<{ position: number; sheet_number: string | null; sheet_title: string | null }[]>`
          select number as position, sheet_number, sheet_title from upload_sheets where upload_id = ${order.upload_id} order by number`;
  // A revision's reprint lists the sheets it prints, not the whole new issue.
  const printed = order.print_positions ? new Set(order.print_positions) : null;
  return rows.filter((r) => !printed || printed.has(r.position)).map((r) => ({ position: r.position, sheetNumber: r.sheet_number, sheetTitle: r.sheet_title }));
}

/** Whether any sheet was named by its title block: only then do the documents list the sheets. */
export function hasSheetNames(sheets: readonly SheetListEntry[]): boolean {
  return sheets.some((s) => s.sheetNumber !== null || s.sheetTitle !== null);
}
