/** The analysis's verdict on an upload, and for a ready set its sheets and the report that follows. */
import { addJob, type Queryable } from '../../lib/db';
import { REPORT_FLAG } from '../../services/pdf/analyze';
import { POINTS_PER_INCH, unprintableSheetsOf, type SheetPoints, type SheetVerdict } from '#shared/sheets';
import { uploadSourcesOf } from '../uploadMoves';

/** What the analysis found: the verdict, and each sheet's size in points (empty when rejected). */
export type RecordVerdictInput = { uploadId: string; verdict: SheetVerdict; sheets: SheetPoints[] };

/**
 * Writes the verdict, only where the moves table allows it (a second run changes nothing); for a
 * ready set also its sheets and the job that reports on them, in the caller's transaction. Answers
 * whether the verdict was written.
 */
export async function recordVerdict(tx: Queryable, { uploadId, verdict, sheets }: RecordVerdictInput): Promise<boolean> {
  const from = uploadSourcesOf(verdict.status, 'verdict');
  // A file refused only for sheets no paper takes, while others print, names them: they may be left out.
  const unprintable = verdict.status === 'rejected' ? unprintableSheetsOf(verdict.pageCount ?? 0, sheets) : [];
  const updated = await tx`
    update uploads set status = ${verdict.status}, page_count = ${verdict.pageCount}, detected_size = ${verdict.detectedSize},
      actual_size = ${verdict.actualSize}, message = ${verdict.message}, preview_count = 0, analyzed_at = now(),
      unprintable_sheets = ${unprintable.length > 0 ? tx.json(unprintable) : null}
    where id = ${uploadId} and status = any(${from}::text[])`;
  if (updated.count === 0) return false;
  if (verdict.status !== 'ready') return true;
  const rows = sheets.map((s, i) => ({
    number: i + 1,
    width_in: +(s.width / POINTS_PER_INCH).toFixed(3),
    height_in: +(s.height / POINTS_PER_INCH).toFixed(3),
  }));
  await tx`
    insert into upload_sheets (upload_id, number, width_in, height_in)
    select ${uploadId}::uuid, v.number, v.width_in, v.height_in
    from jsonb_to_recordset(${tx.json(rows)}::jsonb) as v(number int, width_in numeric, height_in numeric)
    on conflict (upload_id, number) do nothing`;
  // Behind every waiting verdict (priority), one at a time per worker process (REPORT_FLAG): the
  // reports of different uploads run side by side on different workers.
  await addJob(tx, 'uploads__report', { uploadId }, { jobKey: `uploads__report:${uploadId}`, priority: 1, flags: [REPORT_FLAG], maxAttempts: 2 });
  return true;
}
