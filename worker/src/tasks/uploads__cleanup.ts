/**
 * Hourly (worker/crontab): deletes uploads that never became orders (nor a file of an order's set)
 * within UPLOAD_TTL_HOURS: their
 * PDF, their previews and their row. Each upload is locked and re-checked for an order before its
 * files go, and its row goes in the same transaction: an order placed at that moment waits on the
 * lock and then fails on the missing upload rather than pointing at deleted files. A storage error
 * rolls the row back, so the next run tries again.
 */
import { CLEANUP_BATCH, defineTask } from '../task';
import { UPLOAD_TTL_HOURS, uploadTtlCutoff } from '#shared/limits';
import { uploadPrefix } from '#core/services/storage/keys';
import { deleteUpload } from '#core/uploads/commands/files';

export default defineTask({
  name: 'uploads__cleanup',
  async run(_payload, ctx) {
    const log = ctx.log.child('uploads__cleanup');
    const cutoff = uploadTtlCutoff();
    const candidates = await ctx.sql<{ id: string }[]>`
      select u.id from uploads u
      where u.created_at < ${cutoff} and not exists (select 1 from orders o where o.upload_id = u.id)
        and not exists (select 1 from order_files f where f.upload_id = u.id)
      order by u.created_at limit ${CLEANUP_BATCH}`;
    let deleted = 0;
    for (const { id } of candidates) {
      try {
        const gone = await ctx.sql.begin(async (tx) => {
          const [row] = await tx<{ id: string }[]>`select id from uploads where id = ${id} for update skip locked`;
          if (!row) return false;
          const [order] = await tx`
            select 1 from orders where upload_id = ${id} union all select 1 from order_files where upload_id = ${id} limit 1`;
          if (order) return false;
          await ctx.storage.deletePrefix(uploadPrefix(id));
          await deleteUpload(tx, { uploadId: id });
          return true;
        });
        if (gone) deleted += 1;
      } catch (error) {
        log.warn('could not delete an expired upload; the next run tries again', { id, error });
      }
    }
    if (deleted > 0) log.info(`deleted ${deleted} upload(s) older than ${UPLOAD_TTL_HOURS} h that never became orders`);
  },
});
