/** Cron: deletes exports (row and zip) older than EXPORT_TTL_HOURS. */
import { defineTask } from '../task';
import { exportPrefix } from '#core/services/storage/keys';
import { expiredExportIds } from '#core/exports/queries';
import { deleteExport } from '#core/exports/commands/exports';

export default defineTask({
  name: 'exports__delete_expired',
  async run(_payload, ctx) {
    const ids = await expiredExportIds(ctx.sql, 1000);
    for (const id of ids) {
      // Files first: a crash in between leaves a row whose file is gone (a 404), never an orphan file.
      await ctx.storage.deletePrefix(exportPrefix(id));
      await deleteExport(ctx.sql, id);
    }
    if (ids.length > 0) ctx.log.child('exports').info(`deleted ${ids.length} expired export(s)`);
  },
});
