/** The printers as the production reads them. */
import type { Paper } from '#shared/production';
import type { Queryable } from '../lib/db';

/** A `printers` row. */
export type PrinterRow = {
  id: string;
  name: string;
  kind: 'ipp' | 'folder';
  uri: string | null;
  papers: Paper[];
  color: boolean;
  sheets_per_hour: number;
  created_at: Date;
  updated_at: Date;
};

/** Every printer, oldest first. */
export async function listPrinters(sql: Queryable): Promise<PrinterRow[]> {
  return sql<PrinterRow[]>`select * from printers order by created_at, name`;
}

/** One printer, or undefined. */
export async function printerById(sql: Queryable, id: string): Promise<PrinterRow | undefined> {
  const [row] = await sql<PrinterRow[]>`select * from printers where id = ${id}`;
  return row;
}
