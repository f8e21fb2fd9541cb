/**
 * What the configuration card hands to /checkout through sessionStorage (key `checkoutData`).
 * The server never trusts these amounts: it re-prices from the upload; they are for display only.
 */
import { z } from 'zod';
import { MAX_SET_FILES, MAX_SET_SHEETS } from './limits';
import { MAX_SETS, MIN_SETS, ORDER_PRINT_SIZES, ORDER_PRINT_TYPES } from './pricing';
import { MAX_ORDER_NOTES } from './fields';

export { CHECKOUT_DATA_KEY } from './storageKeys';

export const CheckoutDataSchema = z.object({
  /** The set's first file (the whole set when it has one file). */
  uploadId: z.uuid(),
  /** A set of several files: every file in print order (the first is `uploadId`); absent for one file. */
  uploadIds: z.array(z.uuid()).min(1).max(MAX_SET_FILES).optional(),
  /** What the summary names: the file, or `Plans.pdf + 2 more files`. */
  fileName: z.string().min(1),
  pageCount: z.number().int().positive(),
  fileSize: z.number().int().nonnegative(),
  printSize: z.enum(ORDER_PRINT_SIZES),
  printType: z.enum(ORDER_PRINT_TYPES),
  /** Complete copies of the set; absent on data stored before sets existed. */
  sets: z.number().int().min(MIN_SETS).max(MAX_SETS).default(1),
  /** Half-size copies; absent on data stored before half-size sets existed. */
  halfSets: z.number().int().min(MIN_SETS).max(MAX_SETS).default(0),
  /** With `auto`: the positions (1..pageCount through the set) to print in color. */
  colorSheets: z.array(z.number().int().positive()).optional(),
  /** Carried over by a reorder and a revision's reprint (editable at checkout). */
  jobName: z.string().max(100).nullish(),
  poNumber: z.string().max(50).nullish(),
  notes: z.string().max(MAX_ORDER_NOTES).nullish(),
  /** The firm project the earlier order was for. */
  projectId: z.uuid().nullish(),
  pricePerPage: z.number().nonnegative().nullable(),
  totalAmount: z.number().nonnegative(),
  /** Set when the checkout re-orders an earlier order's file. */
  reorderOf: z.uuid().optional(),
  /** A reorder starts from the earlier order's choices: rush, delivery and address. */
  rushOrder: z.boolean().optional(),
  shippingMethod: z.enum(['pickup', 'shipping']).optional(),
  shippingAddress: z.object({ street1: z.string(), street2: z.string().nullish(), city: z.string(), state: z.string(), zipCode: z.string() }).nullish(),
  /** A revision's reprint (the order page's revision card): only these positions of its new issue print; `pageCount` is their count. */
  revision: z
    .object({
      revisionId: z.uuid(),
      printPositions: z.array(z.number().int().positive()).min(1).max(MAX_SET_SHEETS),
      /** The order it revises, for the summary; null when compared with an issue uploaded again. */
      previousOrderNumber: z.string().nullable(),
    })
    .optional(),
});

export type CheckoutData = z.input<typeof CheckoutDataSchema>;
/** After parsing: `sets` is always there. */
export type ParsedCheckoutData = z.infer<typeof CheckoutDataSchema>;

/** Which files the API prices: `uploadIds` for a set of several files, else the one `uploadId`; for a revision's reprint, its id and the positions printed too. */
export function uploadsBody(
  data: Pick<CheckoutData, 'uploadId' | 'uploadIds' | 'revision'>,
): ({ uploadId: string } | { uploadIds: string[] }) & { revisionId?: string; printPositions?: number[] } {
  const files = data.uploadIds && data.uploadIds.length > 1 ? { uploadIds: data.uploadIds } : { uploadId: data.uploadId };
  return data.revision ? { ...files, revisionId: data.revision.revisionId, printPositions: data.revision.printPositions } : files;
}
