/**
 * The sheets of a set made of one or more uploads, in the order given: positions 1..N run across the
 * files (the first file's sheets, then the next file's). Revisions compare two sets by these.
 */
import type { Queryable } from '../lib/db';

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

/** The set's sheets in order; an upload without sheet rows (or not found) adds none. */
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
