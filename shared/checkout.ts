/**
 * The checkout's schemas: what the configuration card hands to /checkout through sessionStorage
 * (key `checkoutData`; the server never trusts its amounts: it re-prices from the upload, they are
 * for display only), and the body the page sends to price and place the order.
 */
import { z } from 'zod';
import { MAX_SET_FILES, MAX_SET_SHEETS } from './limits';
import { BINDS, FOLDS, NO_FINISHING } from './finishing';
import { MAX_SETS, MIN_SETS, ORDER_PRINT_SIZES, ORDER_PRINT_TYPES } from './pricing';
import { PAYMENT_METHODS } from './invoice';
import {
  colorSheetsField,
  controlCharacterMessage,
  halfSetsField,
  finishingField,
  reducedSetsField,
  sheetOrderField,
  NO_SETS_MESSAGE,
  hasNoControlCharacters,
  holdsWebAddress,
  jobNameField,
  MAX_NAME,
  NO_UPLOAD_MESSAGE,
  ONE_UPLOAD_FIELD_MESSAGE,
  orderNotesField,
  orderPrintTypeField,
  poNumberField,
  printPositionsField,
  printSizeField,
  setsField,
  uploadIdsField,
  uuidField,
  webAddressMessage,
  withoutInvisibleControls,
  optionalPlainTextField,
  MAX_ORDER_NOTES,
} from './fields';

export { CHECKOUT_DATA_KEY } from './storageKeys';

/** The configuration card's hand-over to /checkout. */
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
  /** 11" x 17" reduced copies, and finishing of the full-size and half-size sets; absent: none. */
  reducedSets: z.number().int().min(MIN_SETS).max(MAX_SETS).optional(),
  finishing: z.object({ fold: z.enum(FOLDS), bind: z.enum(BINDS), holes: z.union([z.literal(0), z.literal(3)]) }).optional(),
  halfFinishing: z.object({ fold: z.enum(FOLDS), bind: z.enum(BINDS), holes: z.union([z.literal(0), z.literal(3)]) }).optional(),
  /** With `auto`: the positions (1..pageCount through the set) to print in color. */
  colorSheets: z.array(z.number().int().positive()).optional(),
  /** The set's positions in the order they print ("Sort by discipline"); absent: file order. */
  sheetOrder: z.array(z.number().int().positive()).max(MAX_SET_SHEETS).optional(),
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
      /** Sent to the previous order's recipients (`recipients: "holders"`), each their own package, rather than to the customer. */
      holders: z.boolean().optional(),
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

/**
 * Customer fields are accepted as placeholders by the checkout's request (the page asks for an
 * intent at load, before the customer has typed anything); they must be real before the payment is
 * confirmed, which the checkout command and the page's own field checks see to.
 */
const looseText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .refine(hasNoControlCharacters, controlCharacterMessage(label))
    .overwrite(withoutInvisibleControls)
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((v) => v ?? '');
/** A name, loose as above, that holds no web address: it is the greeting of every email about the order. */
const looseName = (label: string) => looseText(label, MAX_NAME).refine((v) => !holdsWebAddress(v), webAddressMessage(label));

/**
 * POST /api/create-payment-intent, the checkout form's one request schema: the route validates the
 * body with it and the page builds the body as `CreateIntentBody`, so a field renamed or dropped on
 * one side fails the typecheck of the other.
 */
export const CreateIntentSchema = z
  .object({
    orderId: uuidField.optional(),
    updateOnly: z.boolean().optional(),
    /** A drawing set of one file; or `uploadIds`, the set's files in print order (exactly one of them). */
    uploadId: uuidField.optional(),
    uploadIds: uploadIdsField.optional(),
    /** A revision's reprint: its new issue's files (uploadId/uploadIds, if sent, must be the same) and the positions to print. */
    revisionId: uuidField.optional(),
    /** With revisionId: the positions of the new issue to print; its changed and new sheets when absent. */
    printPositions: printPositionsField.optional(),
    printSize: printSizeField,
    printType: orderPrintTypeField,
    sets: setsField.default(1),
    halfSets: halfSetsField.default(0),
    /** 11" x 17" reduced sets (not to scale, no finishing). */
    reducedSets: reducedSetsField.default(0),
    /** Finishing of the full-size sets and of the half-size sets; checked against the set by the checkout. */
    finishing: finishingField.default(NO_FINISHING),
    halfFinishing: finishingField.default(NO_FINISHING),
    /** Only with `auto`: exactly these positions (1..N through the set) print in color. Checked against the set below. */
    colorSheets: colorSheetsField.optional(),
    /** The set's positions (1..N) in the order they print (`POST /api/uploads/sort`); checked against the set by the checkout. */
    sheetOrder: sheetOrderField.optional(),
    jobName: jobNameField,
    poNumber: poNumberField,
    notes: orderNotesField,
    rushOrder: z.boolean().default(false),
    shippingMethod: z.enum(['pickup', 'shipping'], { error: 'Delivery method must be pickup or shipping' }).default('pickup'),
    rateId: z.string().trim().max(100).nullish(),
    shippingAddress: z.unknown().optional(),
    customerEmail: looseText('Email', 254).transform((v) => v.toLowerCase()),
    customerFirstName: looseName('First name'),
    customerLastName: looseName('Last name'),
    customerPhone: looseText('Phone', 40),
    createAccount: z.boolean().optional(),
    /** A project of the signed-in customer's firm (400 otherwise). */
    projectId: uuidField.nullish(),
    /** One of that project's cost codes (400 otherwise). */
    costCode: optionalPlainTextField('Cost code', 30),
    /** `invoice`: on the firm's account (Net 30), placed at once with no payment intent. */
    paymentMethod: z.enum(PAYMENT_METHODS, { error: 'Payment method must be card or invoice' }).default('card'),
    /** A distribution list (shared/recipients.ts): then sets, halfSets, shippingMethod, shippingAddress and rateId are per recipient. */
    recipients: z.unknown().optional(),
  })
  .refine((v) => v.sets + v.halfSets + v.reducedSets >= 1, { message: NO_SETS_MESSAGE, path: ['sets'] })
  .refine((v) => !(v.uploadId && v.uploadIds), { message: ONE_UPLOAD_FIELD_MESSAGE, path: ['uploadIds'] })
  .refine((v) => v.uploadId || v.uploadIds || v.revisionId, { message: NO_UPLOAD_MESSAGE, path: ['uploadId'] })
  .refine((v) => v.printPositions === undefined || v.revisionId, { message: 'printPositions needs a revisionId.', path: ['printPositions'] })
  .refine((v) => v.colorSheets === undefined || v.printType === 'auto', {
    message: 'Color sheets can only be chosen with print type auto.',
    path: ['colorSheets'],
  });

/** The body the checkout page sends, before the route's defaults and transforms. */
export type CreateIntentBody = z.input<typeof CreateIntentSchema>;
