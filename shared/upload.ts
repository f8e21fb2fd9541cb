/**
 * Uploads: the JSON the API answers with (zod schemas and their types), plus the sheet rules of
 * ./sheets.ts re-exported, so server code has one import. The client imports ./sheets.ts directly
 * and only types from here, which keeps zod out of the landing page's bundle.
 */
import { z } from 'zod';
import { PRINT_SIZES } from './pricing';
import { SHEET_WARNING_KINDS } from './sheetNumbers';
import { PRINT_NOTE_KINDS } from './printNotes';
import { MAX_PAGES } from './limits';
import { DETECTED_SIZES, SIZE_NAMES, UPLOAD_STATUSES } from './sheets';

export * from './sheets';

/**
 * `POST /api/upload-pdf` → 202, and `POST /api/uploads/{id}/complete`: `analyzing` for a file just
 * taken; a complete call repeated after the analysis says where the upload stands.
 */
export const UploadAcceptedSchema = z.object({
  uploadId: z.uuid(),
  fileName: z.string(),
  fileSize: z.number().int().nonnegative(),
  status: z.enum(UPLOAD_STATUSES),
});
export type UploadAccepted = z.infer<typeof UploadAcceptedSchema>;

/** `POST /api/uploads`: the file a browser is about to send (its name to show, its size to check). */
export const UploadStartSchema = z.object({
  fileName: z.string().trim().min(1).max(500),
  fileSize: z.number().int().positive(),
});
export type UploadStart = z.infer<typeof UploadStartSchema>;

/**
 * `POST /api/uploads` → which way this shop takes the file. With S3: a presigned POST (send `fields`
 * and then the file as `file` to `url`, then `POST completeUrl`); otherwise the multipart upload to
 * `url` (`POST /api/upload-pdf`).
 */
export type UploadRoute =
  { method: 'presigned'; uploadId: string; url: string; fields: Record<string, string>; completeUrl: string } | { method: 'multipart'; url: string };

/** Where a presigned upload is reported done. */
export const uploadCompletePath = (uploadId: string) => `/api/uploads/${uploadId}/complete`;

/** One sheet of `GET /api/uploads/{uploadId}`'s `sheets`; null = still coming (or could not be analysed). */
export const UploadSheetSchema = z.object({
  number: z.number().int().min(1),
  widthIn: z.number(),
  heightIn: z.number(),
  /** The paper it prints on at 100% (the smaller of ours it fits). */
  paper: z.enum(PRINT_SIZES),
  /** Its standard name when it is one our papers are made for, else null. */
  sizeName: z.enum(SIZE_NAMES).nullable(),
  color: z.boolean().nullable(),
  /** The share of the sheet (0–1) its colored ink covers. */
  colorShare: z.number().min(0).max(1).nullable(),
  blank: z.boolean().nullable(),
  scaleNotes: z.array(z.string()).nullable(),
  lowResolution: z.boolean().nullable(),
  previewUrl: z.string().nullable(),
  /** The sheet number its title block carries (`A-101`), null when none was found (or not yet read). */
  sheetNumber: z.string().nullable(),
  /** The sheet's title beside its number, null when none was found. */
  sheetTitle: z.string().nullable(),
  /**
   * What will not print as it looks on screen (hairlines per printed scale, light grey, fonts the
   * file does not embed), each with the share of the sheet it affects; null while still coming.
   * They warn; they never block.
   */
  printNotes: z
    .array(z.object({ kind: z.enum(PRINT_NOTE_KINDS), share: z.number().min(0).max(1), message: z.string(), printedAt: z.enum(['full', 'half']).optional() }))
    .nullable(),
});
export type UploadSheet = z.infer<typeof UploadSheetSchema>;

/** A sheet no paper takes at 100% (shared/sheets.ts `UnprintableSheet`). */
export const UnprintableSheetSchema = z.object({
  page: z.number().int().min(1),
  size: z.string(),
  sizeName: z.string().nullable(),
  reason: z.string(),
});

/** `POST /api/uploads/{id}/leave-out`: the pages (of the file, from 1) to leave out, which must be exactly its unprintable sheets. */
export const LeaveOutSchema = z.object({
  pages: z
    .array(z.number({ error: 'Pages are sheet numbers, such as 3.' }).int('Pages are whole sheet numbers, such as 3.').min(1, 'Sheet numbers start at 1.'), {
      error: 'Please name the sheets to leave out, as a list of page numbers (pages: [3]).',
    })
    .min(1, 'Please name at least one sheet to leave out.')
    .max(MAX_PAGES, `A file has at most ${MAX_PAGES} pages.`),
});
export type LeaveOut = z.infer<typeof LeaveOutSchema>;

/** `POST /api/uploads/{id}/leave-out` → 202: the new upload (the same one however often asked). */
export type LeftOutAccepted = { uploadId: string; fileName: string; status: (typeof UPLOAD_STATUSES)[number] };

/** `GET /api/uploads/{uploadId}`. */
export const UploadInfoSchema = z.object({
  uploadId: z.uuid(),
  status: z.enum(UPLOAD_STATUSES),
  fileName: z.string(),
  fileSize: z.number().int().nonnegative(),
  pageCount: z.number().int().nonnegative().nullable(),
  /** The paper every sheet prints on, or `mixed` when sheets need both; null unless ready. */
  detectedSize: z.enum(DETECTED_SIZES).nullable(),
  actualSize: z.string().nullable(),
  message: z.string().nullable(),
  /**
   * Each sheet in page order once `ready`; [] before and when rejected. Sizes come with
   * the verdict; the other fields are null while the report is still coming.
   */
  sheets: z.array(UploadSheetSchema),
  /** Sheets with color, once every sheet is reported; else null. */
  colorSheetCount: z.number().int().nonnegative().nullable(),
  /**
   * The preflight of the set, once every sheet is reported: a sheet number carried twice, a sheet
   * the drawing index lists that no sheet carries, a number a series skips
   * (`number_gap`). They warn; they never block.
   */
  warnings: z.array(
    z.object({
      kind: z.enum(SHEET_WARNING_KINDS),
      sheetNumber: z.string(),
      /** The sheets (from 1) it concerns: both of a duplicate; none for a missing sheet. */
      positions: z.array(z.number().int().min(1)),
      message: z.string(),
    }),
  ),
  /**
   * The sheet numbers the file's drawing index lists (from whichever sheet carries it, see
   * drawingIndexOf in sheetNumbers.ts), once every sheet is reported ([] before and when none lists
   * others): what a set of several files checks its missing sheets against.
   */
  listedSheets: z.array(z.string()),
  /** The page of this file carrying that index, or null: a set picks its index among its files' by this sheet's title. */
  listedOn: z.number().int().min(1).nullable().optional(),
  /** Nothing more will come for this upload: every sheet reported (or the report gave up), or rejected. */
  sheetsComplete: z.boolean(),
  /**
   * A rejected file whose only fault is sheets no paper takes, while its other sheets print: those
   * sheets, which `POST /api/uploads/{id}/leave-out` may leave out. [] otherwise.
   */
  unprintableSheets: z.array(UnprintableSheetSchema).optional(),
  /** An upload made of another without its unprintable sheets: the sheets left out (pages of the original). [] otherwise. */
  leftOut: z.array(UnprintableSheetSchema).optional(),
  /** The upload it was made of (the customer's file, same name) and that upload's refusal, or null. */
  leftOutOf: z.object({ uploadId: z.uuid().nullable(), fileName: z.string(), message: z.string() }).nullable().optional(),
});
export type UploadInfo = z.infer<typeof UploadInfoSchema>;

/** `POST /api/uploads/sort {uploadIds}` → `{order}`: the set's positions (1..N through its files) in the standard's order. */
export const SORT_UPLOADS_PATH = '/api/uploads/sort';
export type SheetOrderAnswer = { order: number[] };
