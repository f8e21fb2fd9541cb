/**
 * Every 15 minutes (worker/crontab): removes what a crash or an abandoned upload leaves in storage,
 * so nothing of a refused, aborted or killed upload lasts an hour. Requests clean up after
 * themselves; this is for what they never got to: a process killed mid-write (a local temp file, an
 * S3 multipart upload never completed), a presigned upload the browser never reported done, and an
 * upload folder with no row (the row's transaction failed after the file was stored). Only what has
 * not been written for LEFTOVER_AGE_MS is touched, past any upload still in flight.
 */
import { defineTask } from '../task';
import type { AppContext } from '#core/context';
import { uploadPrefix } from '#core/services/storage/keys';
import { LEFTOVER_AGE_MS } from '#core/services/storage/leftovers';
import { checkStoreOwner } from '#core/services/storage/owner';
import { isUuid } from '#shared/ids';
import { dropUploadIntent } from '#core/uploads/commands/receive';

/** Upload ids looked up in the database at once. */
const BATCH = 500;

/** `refused`: why nothing was deleted (the store belongs to another database), or null. */
export type SweepResult = { unfinished: number; intents: number; folders: number; refused: string | null };

/**
 * One sweep as of `now` (tests pass a later clock instead of waiting half an hour): unfinished writes,
 * expired presigned uploads with their objects, and upload folders that no row names. Nothing at all
 * when the store belongs to another database: that database's rows, unseen from here, name its folders.
 */
export async function sweepUploadOrphans(ctx: AppContext, now = new Date()): Promise<SweepResult> {
  const owner = await checkStoreOwner(ctx.sql, ctx.storage);
  if (!owner.ok) return { unfinished: 0, intents: 0, folders: 0, refused: owner.reason };
  const cutoff = new Date(now.getTime() - LEFTOVER_AGE_MS);
  const unfinished = await ctx.storage.removeUnfinished(cutoff);

  // Presigned uploads never completed: the object first, then the row, so a failure leaves the row to try again.
  let intents = 0;
  const expired = await ctx.sql<{ id: string }[]>`select id from upload_intents where created_at < ${cutoff} order by created_at limit ${BATCH}`;
  for (const { id } of expired) {
    await ctx.storage.deletePrefix(uploadPrefix(id));
    await dropUploadIntent(ctx.sql, { uploadId: id, createdBefore: cutoff });
    intents += 1;
  }

  let folders = 0;
  let batch: string[] = [];
  const sweepBatch = async () => {
    const ids = batch;
    batch = [];
    const known = await ctx.sql<{ id: string }[]>`
      select id from uploads where id = any(${ids}::uuid[])
      union all select id from upload_intents where id = any(${ids}::uuid[])`;
    const named = new Set(known.map((row) => row.id));
    for (const id of ids) {
      if (named.has(id)) continue;
      const prefix = uploadPrefix(id);
      const written = await ctx.storage.lastModified(prefix);
      if (written === null || written >= cutoff) continue;
      await ctx.storage.deletePrefix(prefix);
      folders += 1;
    }
  };
  for await (const name of ctx.storage.listFolders('uploads/')) {
    // Nothing but upload ids is ever stored under uploads/ (storage/keys.ts).
    if (!isUuid(name)) continue;
    batch.push(name);
    if (batch.length >= BATCH) await sweepBatch();
  }
  if (batch.length > 0) await sweepBatch();
  return { unfinished, intents, folders, refused: null };
}

export default defineTask({
  name: 'uploads__sweep_orphans',
  async run(_payload, ctx) {
    const result = await sweepUploadOrphans(ctx);
    if (result.refused) {
      ctx.log.child('uploads__sweep_orphans').warn(`deleted nothing: ${result.refused}`);
      return;
    }
    const removed = result.unfinished + result.intents + result.folders;
    if (removed > 0)
      ctx.log
        .child('uploads__sweep_orphans')
        .info(`removed ${result.unfinished} unfinished write(s), ${result.intents} expired direct upload(s), ${result.folders} folder(s) with no upload`);
  },
});
