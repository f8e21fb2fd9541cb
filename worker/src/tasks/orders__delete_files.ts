/**
 * Cron: "files are deleted after printing". FILE_RETENTION_DAYS after an order is completed, its
 * PDF and sheet previews are deleted; the order, its receipt and its label stay. The order records
 * when (file_deleted_at), which the admin row shows.
 */
import { defineTask } from '../task';
import { markFilesDeleted } from '#core/orders/commands/files';

type Row = { id: string; file_key: string | null; upload_id: string | null; upload_key: string | null; shared: boolean };

/** The upload's folder (uploads/<id>/…) holds the original and its previews. */
function folderOf(key: string): string | null {
  const parts = key.split('/');
  return parts.length >= 3 ? `${parts.slice(0, -1).join('/')}/` : null;
}

export default defineTask({
  name: 'orders__delete_files',
  async run(_payload, ctx) {
    const log = ctx.log.child('retention');
    const days = ctx.env.FILE_RETENTION_DAYS;
    const rows = await ctx.sql<Row[]>`
      select o.id, o.file_key, o.upload_id, u.storage_key as upload_key,
        exists (select 1 from orders other where other.upload_id = o.upload_id and other.id <> o.id
                and other.file_deleted_at is null and (other.status <> 'completed' or other.completed_at > now() - make_interval(days => ${days}))) as shared
      from orders o left join uploads u on u.id = o.upload_id
      where o.status = 'completed' and o.file_deleted_at is null and o.completed_at < now() - make_interval(days => ${days})
      order by o.completed_at limit 500`;
    for (const row of rows) {
      // An upload reordered by a newer order stays until that order is done with it too.
      if (!row.shared) {
        for (const key of new Set([row.file_key, row.upload_key].filter((k): k is string => k !== null))) {
          const folder = folderOf(key);
          if (folder && folder.startsWith('uploads/')) await ctx.storage.deletePrefix(folder);
          else await ctx.storage.delete(key);
        }
        if (row.upload_id) await ctx.sql`update uploads set file_deleted_at = coalesce(file_deleted_at, now()) where id = ${row.upload_id}`;
      }
      await markFilesDeleted(ctx.sql, { orderId: row.id });
    }
    if (rows.length > 0) log.info(`deleted the files of ${rows.length} completed order(s)`);
  },
});
