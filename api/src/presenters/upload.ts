/** Upload rows as the API shows them (`GET /api/uploads/{uploadId}`), and who may see them. */
import type { Request } from 'express';
import { drawingIndexOf, sheetWarnings } from '#shared/sheetNumbers';
import { printNotesOf } from '#shared/printNotes';
import { paperFor, sizeNameOf } from '#shared/sheets';
import type { UploadInfo, UploadSheet } from '#shared/upload';
import type { UploadRow, UploadSheetRow } from '#core/uploads/queries';

export type { UploadRow, UploadSheetRow };

/** One sheet of the upload JSON; its preview through the upload's preview route. */
export function presentSheet(uploadId: string, row: UploadSheetRow): UploadSheet {
  const widthIn = Number(row.width_in);
  const heightIn = Number(row.height_in);
  // Only sheets of a ready set are shown, and every one of those fits a paper.
  return {
    number: row.number,
    widthIn,
    heightIn,
    paper: paperFor(widthIn, heightIn).paper ?? '30x42',
    sizeName: sizeNameOf(widthIn, heightIn),
    color: row.color,
    colorShare: row.color_share === null ? null : Number(row.color_share),
    blank: row.blank,
    scaleNotes: row.scale_notes,
    lowResolution: row.low_resolution,
    previewUrl: row.has_preview ? `/api/uploads/${uploadId}/preview/${row.number}` : null,
    sheetNumber: row.sheet_number,
    sheetTitle: row.sheet_title,
    printNotes: row.print_findings ? printNotesOf(row.print_findings, row.sheet_number ?? `sheet ${row.number}`) : null,
  };
}

/** The contract's upload JSON; `sheets` are the upload's sheet rows in page order (read only once ready). */
export function presentUpload(row: UploadRow, sheets: UploadSheetRow[] = []): UploadInfo {
  const ready = row.status === 'ready';
  const complete = row.status === 'rejected' || (ready && row.sheets_complete);
  const index =
    ready && complete
      ? drawingIndexOf(sheets.map((sheet) => ({ position: sheet.number, sheetTitle: sheet.sheet_title, listedSheets: sheet.listed_sheets })))
      : null;
  // A file whose sheets list no others keeps its first sheet's own numbers, as a set's files are compared.
  const listed = index?.listed ?? (ready && complete ? (sheets.find((sheet) => sheet.number === 1)?.listed_sheets ?? []) : []);
  return {
    uploadId: row.id,
    status: row.status,
    fileName: row.file_name,
    fileSize: row.file_size,
    pageCount: row.page_count,
    detectedSize: row.detected_size,
    actualSize: row.actual_size,
    message: row.message,
    sheets: ready ? sheets.map((sheet) => presentSheet(row.id, sheet)) : [],
    colorSheetCount: ready && complete ? sheets.filter((sheet) => sheet.color === true).length : null,
    warnings:
      ready && complete
        ? sheetWarnings(
            sheets.map((sheet) => ({ position: sheet.number, sheetNumber: sheet.sheet_number })),
            listed,
            index?.position,
          )
        : [],
    listedSheets: listed,
    listedOn: index?.position ?? null,
    sheetsComplete: complete,
    unprintableSheets: row.status === 'rejected' ? (row.unprintable_sheets ?? []) : [],
    leftOut: row.left_out ?? [],
    leftOutOf: row.left_out ? { uploadId: row.left_out_of, fileName: row.file_name, message: row.left_out_message ?? '' } : null,
  };
}

/**
 * The browser session that uploaded it, the signed-in account it was uploaded under (the same rule
 * checkout uses) and the admin may see an upload; everyone else gets 404.
 */
export function canAccessUpload(req: Request, row: Pick<UploadRow, 'session_sid' | 'user_id'>): boolean {
  if (req.shop.adminUsername) return true;
  if (req.shop.sid && row.session_sid === req.shop.sid) return true;
  return req.shop.userId !== null && row.user_id === req.shop.userId;
}
