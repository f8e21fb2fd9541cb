/**
 * Cron: "files are deleted after printing". FILE_RETENTION_DAYS after an order is completed, its
 * PDF, sheet previews, print-ready files and a reprint's printed sheets are deleted (every file of its set); the order, its receipt and its label stay. The order records
 * when (file_deleted_at), which the admin row shows.
 */
import { defineTask } from '../task';
import { markFilesDeleted } from '#core/orders/commands/files';
import { markUploadFileDeleted } from '#core/uploads/commands/files';
import { forgetPrintFiles } from '#core/production/commands/printBatches';
import { printedSheetsKey, printFilesPrefix } from '#core/services/storage/keys';

/** One file of a completed order's set: its stored key, its upload and that upload's folder key. */
type FileRow = { order_id: string; file_key: string | null; upload_id: string | null; upload_key: string | null; shared: boolean };

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
    const orders = await ctx.sql<{ id: string }[]>`
      select o.id from orders o
      where o.status = 'completed' and o.file_deleted_at is null and o.completed_at < now() - make_interval(days => ${days})
      order by o.completed_at limit 500`;
    if (orders.length === 0) return;
    // Every file of each order's set (order_files), or the order's own one file for an order placed
    // before sets; each marked shared when another order still needs its upload.
    const files = await ctx.sql<FileRow[]>`
      with set_files as (
        select f.order_id, f.file_key, f.upload_id from order_files f where f.order_id = any(${orders.map((o) => o.id)}::uuid[])
        union all
        select o.id, o.file_key, o.upload_id from orders o
        where o.id = any(${orders.map((o) => o.id)}::uuid[]) and not exists (select 1 from order_files f where f.order_id = o.id)
      ),
      needing as (
        select o.id, o.upload_id from orders o
        where o.file_deleted_at is null and (o.status <> 'completed' or o.completed_at > now() - make_interval(days => ${days}))
        union all
        select o.id, f.upload_id from order_files f join orders o on o.id = f.order_id
        where o.file_deleted_at is null and (o.status <> 'completed' or o.completed_at > now() - make_interval(days => ${days}))
      )
      select s.order_id, s.file_key, s.upload_id, u.storage_key as upload_key,
        exists (select 1 from needing n where n.upload_id = s.upload_id and n.id <> s.order_id) as shared
      from set_files s left join uploads u on u.id = s.upload_id`;
    for (const order of orders) {
      // An upload reordered (or put in another set) by a newer order stays until that order is done with it too.
      for (const file of files.filter((f) => f.order_id === order.id && !f.shared)) {
        for (const key of new Set([file.file_key, file.upload_key].filter((k): k is string => k !== null))) {
          const folder = folderOf(key);
          if (folder && folder.startsWith('uploads/')) await ctx.storage.deletePrefix(folder);
          else await ctx.storage.delete(key);
        }
        if (file.upload_id) await markUploadFileDeleted(ctx.sql, { uploadId: file.upload_id });
      }
      // Its print-ready files and a reprint's printed sheets are built from the set, and go with it.
      await ctx.storage.deletePrefix(printFilesPrefix(order.id));
      await ctx.storage.delete(printedSheetsKey(order.id));
      await forgetPrintFiles(ctx.sql, { orderId: order.id });
      await markFilesDeleted(ctx.sql, { orderId: order.id });
    }
    log.info(`deleted the files of ${orders.length} completed order(s)`);
  },
});
