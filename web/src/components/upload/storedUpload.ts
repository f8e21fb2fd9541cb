/**
 * The uploaded file as the landing page keeps it in session storage (spec: name, page count, size,
 * and the chosen print size, print type and total), so coming back from checkout shows it again.
 */
import { z } from 'zod';
import { PRINT_SIZES, PRINT_TYPES } from '../../../../shared/pricing';

export const UPLOADED_FILE_KEY = 'uploadedFile';

const StoredUploadSchema = z.object({
  uploadId: z.uuid(),
  name: z.string(),
  pageCount: z.number().int().positive(),
  size: z.number().int().nonnegative(),
  printSize: z.enum(PRINT_SIZES).nullable(),
  printType: z.enum(PRINT_TYPES).nullable(),
  totalAmount: z.number().nonnegative().nullable(),
});
export type StoredUpload = z.infer<typeof StoredUploadSchema>;

export function readStoredUpload(): StoredUpload | null {
  try {
    const parsed = StoredUploadSchema.safeParse(JSON.parse(sessionStorage.getItem(UPLOADED_FILE_KEY) ?? 'null'));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function writeStoredUpload(value: StoredUpload | null): void {
  try {
    if (value) sessionStorage.setItem(UPLOADED_FILE_KEY, JSON.stringify(value));
    else sessionStorage.removeItem(UPLOADED_FILE_KEY);
  } catch {
    // Storage full or disabled: the page still works, it just forgets on reload.
  }
}
