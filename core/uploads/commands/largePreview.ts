/** Asking the worker for a sheet's enlarged preview (drawn by core/uploads/largePreview.ts). */
import { addJob, type Queryable } from '../../lib/db';

/** Queues the drawing of one enlarged preview; asking again while it waits queues nothing more (its jobKey). */
export async function queueLargePreview(db: Queryable, input: { uploadId: string; page: number }): Promise<void> {
  await addJob(db, 'uploads__render_large_preview', input, { jobKey: `large-preview:${input.uploadId}:${input.page}`, maxAttempts: 3 });
}
