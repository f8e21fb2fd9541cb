/**
 * Hourly (worker/crontab): a revision's overlays are pictures of the customer's drawings, kept no
 * longer than the drawings themselves. A revision no order names goes (overlays, then its rows)
 * UPLOAD_TTL_HOURS after it was started, as its uploads do. A revision an order reprinted keeps its
 * rows (the order's job ticket lists its slip-sheet instructions from them) and loses its overlays
 * once every order that names it has had its files deleted.
 */
import { CLEANUP_BATCH, defineTask } from '../task';
import { uploadTtlCutoff } from '#shared/limits';
import { revisionPrefix } from '#core/services/storage/keys';
import { deleteRevision, markOverlaysDeleted } from '#core/revisions/commands';

export default defineTask({
  name: 'revisions__delete_expired',
  async run(_payload, ctx) {
    const log = ctx.log.child('revisions__delete_expired');
    const cutoff = uploadTtlCutoff();
    const unordered = await ctx.sql<{ id: string }[]>`
      select r.id from revisions r
      where r.created_at < ${cutoff} and not exists (select 1 from orders o where o.revision_id = r.id)
      order by r.created_at limit ${CLEANUP_BATCH}`;
    for (const { id } of unordered) {
      await ctx.sql.begin(async (tx) => {
        // Locked and checked again: an order placed from it meanwhile keeps it.
        const [row] = await tx`select id from revisions where id = ${id} for update skip locked`;
        if (!row) return;
        const [order] = await tx`select 1 from orders where revision_id = ${id} limit 1`;
        if (order) return;
        await ctx.storage.deletePrefix(revisionPrefix(id));
        await deleteRevision(tx, { revisionId: id });
      });
    }
    const printed = await ctx.sql<{ id: string }[]>`
      select r.id from revisions r
      where exists (select 1 from revision_sheets s where s.revision_id = r.id and s.has_overlay)
        and exists (select 1 from orders o where o.revision_id = r.id)
        and not exists (select 1 from orders o where o.revision_id = r.id and o.file_deleted_at is null)
      limit ${CLEANUP_BATCH}`;
    for (const { id } of printed) {
      // Files first: a crash in between leaves a flag whose picture is gone (a 404), never a picture kept.
      await ctx.storage.deletePrefix(revisionPrefix(id));
      await markOverlaysDeleted(ctx.sql, { revisionId: id });
    }
    if (unordered.length + printed.length > 0) log.info(`expired ${unordered.length} revision(s); removed the overlays of ${printed.length} printed one(s)`);
  },
});
