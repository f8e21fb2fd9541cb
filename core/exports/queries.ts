/** Reading zip exports: one for the counter's page and the build, and those past their time. */
import { EXPORT_TTL_HOURS } from '#shared/limits';
import type { Queryable } from '../lib/db';
import type { ExportStatus } from './exportMoves';

/** An export's row. */
export type ExportRow = {
  id: string;
  requested_by: string;
  order_ids: string[];
  status: ExportStatus;
  total_files: number;
  processed_files: number;
  storage_key: string | null;
  error: string | null;
  created_at: Date;
  completed_at: Date | null;
};

/** One export, or null when there is none (or it has been deleted). */
export async function exportById(db: Queryable, exportId: string): Promise<ExportRow | null> {
  const [row] = await db<ExportRow[]>`select * from exports where id = ${exportId}`;
  return row ?? null;
}

/** Exports requested more than EXPORT_TTL_HOURS ago, the oldest first (at most `limit`). */
export async function expiredExportIds(db: Queryable, limit: number): Promise<string[]> {
  const rows = await db<{ id: string }[]>`
    select id from exports where created_at < now() - make_interval(hours => ${EXPORT_TTL_HOURS}) order by created_at limit ${limit}`;
  return rows.map((r) => r.id);
}
