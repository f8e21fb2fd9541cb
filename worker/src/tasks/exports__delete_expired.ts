/** Cron: deletes exports (row and zip) older than 24 hours. */
import { defineTask } from '../task';
import { exportPrefix } from '#core/services/storage/keys';

export const EXPORT_TTL_HOURS = 24;

export default defineTask({
  name: 'exports__delete_expired',
  async run(_payload, ctx) {
    const rows = await ctx.sql<{ id: string }[]>`
      select id from exports where created_at < now() - make_interval(hours => ${EXPORT_TTL_HOURS}) order by created_at limit 1000`;
    for (const { id } of rows) {
      // Files first: a crash in between leaves a row whose file is gone (a 404), never an orphan file.
      await ctx.storage.deletePrefix(exportPrefix(id));
      await ctx.sql`delete from exports where id = ${id}`;
    }
    if (rows.length > 0) ctx.log.child('exports').info(`deleted ${rows.length} expired export(s)`);
  },
});
