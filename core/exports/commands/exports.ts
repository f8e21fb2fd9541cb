/**
 * Every change to a zip export: the counter requests one (its row and its build job in one
 * transaction), `exports__build` counts its files, reports progress and completes or fails it, and
 * `exports__delete_expired` deletes it. Every status change is looked up in ../exportMoves.ts.
 */
import { addJob, type Queryable } from '../../lib/db';
import { exportSourcesOf } from '../exportMoves';

/** Why an export with nothing to put in its zip failed, for the counter's page. */
export const NOTHING_TO_EXPORT = 'None of the selected orders has a file to export (files are deleted after printing).';
/** Why an export whose last attempt failed failed. */
export const EXPORT_PROCESS_FAILED = 'Export process failed';

/** Records the counter's request (processing) and queues its build; resolves with the export's id. */
export async function requestExport(tx: Queryable, input: { requestedBy: string; orderIds: string[] }): Promise<string> {
  const [row] = await tx<{ id: string }[]>`
    insert into exports (requested_by, order_ids, total_files) values (${input.requestedBy}, ${input.orderIds}::uuid[], ${input.orderIds.length}) returning id`;
  await addJob(tx, 'exports__build', { exportId: row.id }, { jobKey: `export:${row.id}`, maxAttempts: 3 });
  return row.id;
}

/** A build (or a retry) starts: the files it will put in the zip, none done yet. */
export async function startExportBuild(db: Queryable, input: { exportId: string; totalFiles: number }): Promise<void> {
  await db`update exports set total_files = ${input.totalFiles}, processed_files = 0, error = null where id = ${input.exportId}`;
}

/** The build's progress, for the page that polls; a finished export keeps its own. */
export async function recordExportProgress(db: Queryable, input: { exportId: string; processedFiles: number }): Promise<void> {
  await db`update exports set processed_files = ${input.processedFiles} where id = ${input.exportId} and status = 'processing'`;
}

/** The zip is stored: the export is completed. */
export async function completeExport(db: Queryable, input: { exportId: string; processedFiles: number; key: string; byteSize: number }): Promise<void> {
  await db`
    update exports set status = 'completed', processed_files = ${input.processedFiles}, storage_key = ${input.key}, byte_size = ${input.byteSize},
      completed_at = now(), error = null
    where id = ${input.exportId} and status in ${db(exportSourcesOf('completed'))}`;
}

/**
 * The export failed, with the sentence the counter reads: nothing to export (its counts go to
 * zero), or its last attempt failed (its counts stay where the build got to).
 */
export async function failExport(db: Queryable, input: { exportId: string; reason: 'nothing to export' | 'last attempt failed' }): Promise<void> {
  const sources = db(exportSourcesOf('failed'));
  if (input.reason === 'nothing to export') {
    await db`
      update exports set status = 'failed', total_files = 0, processed_files = 0, error = ${NOTHING_TO_EXPORT}
      where id = ${input.exportId} and status in ${sources}`;
    return;
  }
  await db`update exports set status = 'failed', error = ${EXPORT_PROCESS_FAILED} where id = ${input.exportId} and status in ${sources}`;
}

/** Deletes an export's row (its zip is deleted first, by the caller, so no file is ever left without its row). */
export async function deleteExport(db: Queryable, exportId: string): Promise<void> {
  await db`delete from exports where id = ${exportId}`;
}
