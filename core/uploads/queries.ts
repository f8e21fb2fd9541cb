/** Reads of uploads the HTTP side needs: an upload with its sheets, and a presigned upload's intent. */
import type { Queryable } from '../lib/db';
import type { DetectedSize, UnprintableSheet, UploadStatus } from '#shared/sheets';
import type { PrintFindings } from '#shared/printNotes';

/** The columns of `uploads` the API reads. */
export type UploadRow = {
  id: string;
  session_sid: string | null;
  user_id: string | null;
  file_name: string;
  file_size: number;
  storage_key: string;
  status: UploadStatus;
  page_count: number | null;
  detected_size: DetectedSize | null;
  actual_size: string | null;
  message: string | null;
  preview_count: number;
  sheets_complete: boolean;
  created_at: Date;
  /** Sheets no paper takes, when they alone refuse the file (shared/sheets.ts `unprintableSheetsOf`); null otherwise. */
  unprintable_sheets: UnprintableSheet[] | null;
  /** Made of this upload without its unprintable sheets (null when not, or when that upload is gone). */
  left_out_of: string | null;
  /** The sheets left out of it, and that upload's refusal; null unless made so. */
  left_out: UnprintableSheet[] | null;
  left_out_message: string | null;
};

/** The columns of `upload_sheets` the API reads (numeric sizes arrive as strings). */
export type UploadSheetRow = {
  number: number;
  width_in: string | number;
  height_in: string | number;
  color: boolean | null;
  color_share: number | null;
  blank: boolean | null;
  scale_notes: string[] | null;
  low_resolution: boolean | null;
  has_preview: boolean;
  sheet_number: string | null;
  sheet_title: string | null;
  listed_sheets: string[] | null;
  /** What will not print as it looks (shared/printNotes.ts); null until reported. */
  print_findings: PrintFindings | null;
};

/** The upload, or undefined; whoever asks checks who may see it. */
export async function uploadById(db: Queryable, uploadId: string): Promise<UploadRow | undefined> {
  const [row] = await db<UploadRow[]>`
    select id, session_sid, user_id, file_name, file_size, storage_key, status, page_count, detected_size, actual_size, message,
           preview_count, sheets_complete, created_at, unprintable_sheets, left_out_of, left_out, left_out_message
    from uploads where id = ${uploadId}`;
  return row;
}

/** The upload made of `uploadId` without its unprintable sheets, or undefined. */
export async function leftOutUploadOf(db: Queryable, uploadId: string): Promise<{ id: string; file_name: string; status: UploadStatus } | undefined> {
  const [row] = await db<{ id: string; file_name: string; status: UploadStatus }[]>`select id, file_name, status from uploads where left_out_of = ${uploadId}`;
  return row;
}

/** The upload's sheets in order, as the report has filled them in so far. */
export async function uploadSheetsOf(db: Queryable, uploadId: string): Promise<UploadSheetRow[]> {
  return await db<UploadSheetRow[]>`
    select number, width_in, height_in, color, color_share, blank, scale_notes, low_resolution, has_preview,
      sheet_number, sheet_title, listed_sheets, print_findings
    from upload_sheets where upload_id = ${uploadId} order by number`;
}

/** A presigned upload not completed yet: for whom, and where its object goes. */
export type UploadIntentRow = { id: string; session_sid: string; user_id: string | null; file_name: string; storage_key: string };

/** The presigned upload's intent, or undefined (completed, or swept). */
export async function uploadIntentById(db: Queryable, uploadId: string): Promise<UploadIntentRow | undefined> {
  const [row] = await db<UploadIntentRow[]>`select id, session_sid, user_id, file_name, storage_key from upload_intents where id = ${uploadId}`;
  return row;
}
