/**
 * Uploads: the JSON the API answers with (zod schemas and their types), plus the sheet rules of
 * ./sheets.ts re-exported, so server code has one import. The client imports ./sheets.ts directly
 * and only types from here, which keeps zod out of the landing page's bundle.
 */
import { z } from 'zod';
import { PRINT_SIZES } from './pricing';
import { UPLOAD_STATUSES } from './sheets';

export * from './sheets';

/** `POST /api/upload-pdf` → 202. */
export const UploadAcceptedSchema = z.object({
  uploadId: z.uuid(),
  fileName: z.string(),
  fileSize: z.number().int().nonnegative(),
  status: z.literal('analyzing'),
});
export type UploadAccepted = z.infer<typeof UploadAcceptedSchema>;

/** `GET /api/uploads/{uploadId}`. */
export const UploadInfoSchema = z.object({
  uploadId: z.uuid(),
  status: z.enum(UPLOAD_STATUSES),
  fileName: z.string(),
  fileSize: z.number().int().nonnegative(),
  pageCount: z.number().int().nonnegative().nullable(),
  detectedSize: z.enum(PRINT_SIZES).nullable(),
  actualSize: z.string().nullable(),
  message: z.string().nullable(),
});
export type UploadInfo = z.infer<typeof UploadInfoSchema>;

