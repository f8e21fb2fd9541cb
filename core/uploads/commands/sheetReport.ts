/**
 * The per-sheet report of a ready upload (docs/decisions/012-sheet-report-after-ready.md): its
 * sheets' findings as they come, and its end, which may still turn the set down.
 */
import type { Queryable } from '../../lib/db';
import { NO_DRAWINGS_MESSAGE, type SheetReport } from '#shared/sheets';
import { sheetReportStatuses, uploadSourcesOf } from '../uploadMoves';

/** A batch of sheet findings, with whether each sheet's preview is stored, and how many previews are stored in a row from sheet 1. */
export type RecordSheetReportsInput = { uploadId: string; reports: (SheetReport & { has_preview: boolean })[]; previewCount: number };

/** Writes a batch of sheet findings (writing a sheet again writes the same values) and the previews stored so far. */
export async function recordSheetReports(tx: Queryable, { uploadId, reports, previewCount }: RecordSheetReportsInput): Promise<void> {
  await tx`
    update upload_sheets s set color = v.color, blank = v.blank, low_resolution = v."lowResolution", has_preview = v.has_preview,
      scale_notes = case when jsonb_typeof(v."scaleNotes") = 'array' then array(select jsonb_array_elements_text(v."scaleNotes")) end,
      color_share = v."colorShare", sheet_number = v."sheetNumber", sheet_title = v."sheetTitle",
      listed_sheets = case when jsonb_typeof(v."listedSheets") = 'array' then array(select jsonb_array_elements_text(v."listedSheets")) end,
      print_findings = case when jsonb_typeof(v."printFindings") = 'object' then v."printFindings" end
    from jsonb_to_recordset(${tx.json(reports)}::jsonb)
      as v(number int, color boolean, blank boolean, "lowResolution" boolean, has_preview boolean, "scaleNotes" jsonb,
        "colorShare" real, "sheetNumber" text, "sheetTitle" text, "listedSheets" jsonb, "printFindings" jsonb)
    where s.upload_id = ${uploadId} and s.number = v.number`;
  await tx`update uploads set preview_count = greatest(preview_count, ${previewCount}) where id = ${uploadId}`;
}

/**
 * Marks the report complete, where the moves table allows it (the upload is still ready). `allBlank`:
 * every sheet rendered as nothing, so the set is turned down after all (ready → rejected by the
 * report), with the words the customer reads.
 */
export async function completeSheetReport(db: Queryable, input: { uploadId: string; allBlank: boolean }): Promise<void> {
  const reportable = sheetReportStatuses();
  // The report's own move is allowed only from these statuses; turning down is allowed only from where the table says.
  const rejectable = uploadSourcesOf('rejected', 'report');
  const reject = input.allBlank;
  await db`
    update uploads set sheets_complete = true,
      status = case when ${reject} and status = any(${rejectable}::text[]) then 'rejected' else status end,
      message = case when ${reject} and status = any(${rejectable}::text[]) then ${NO_DRAWINGS_MESSAGE} else message end,
      detected_size = case when ${reject} and status = any(${rejectable}::text[]) then null else detected_size end
    where id = ${input.uploadId} and status = any(${reportable}::text[])`;
}
