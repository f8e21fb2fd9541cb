/** Reusable zod fields that carry the spec's user-facing messages. */
import { z } from 'zod';
import { MIN_PASSWORD_LENGTH } from './limits';
import { MAX_SETS, MIN_SETS, ORDER_PRINT_TYPES, PRINT_SIZES, PRINT_TYPES } from './pricing';

export const emailField = z
  .string({ error: 'Please enter a valid email address' })
  .trim()
  .toLowerCase()
  .max(254, 'Please enter a valid email address')
  .pipe(z.email('Please enter a valid email address'));

export const newPasswordField = z
  .string({ error: 'Password must be at least 8 characters' })
  .min(MIN_PASSWORD_LENGTH, 'Password must be at least 8 characters')
  .max(200, 'Password must be at most 200 characters');

export const passwordField = z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200);

export const firstNameField = z.string({ error: 'First name is required' }).trim().min(1, 'First name is required').max(100);
export const lastNameField = z.string({ error: 'Last name is required' }).trim().min(1, 'Last name is required').max(100);

export const printSizeField = z.enum(PRINT_SIZES, { error: 'Print size must be 24x36 or 30x42' });
export const printTypeField = z.enum(PRINT_TYPES, { error: 'Print type must be bw or color' });
/** What an order asks for: all B&W, all color, or color only where needed. */
export const orderPrintTypeField = z.enum(ORDER_PRINT_TYPES, { error: 'Print type must be bw, color or auto' });

/** Complete copies of the set. */
export const setsField = z
  .number({ error: `Sets must be a whole number from ${MIN_SETS} to ${MAX_SETS}` })
  .int(`Sets must be a whole number from ${MIN_SETS} to ${MAX_SETS}`)
  .min(MIN_SETS, `Sets must be a whole number from ${MIN_SETS} to ${MAX_SETS}`)
  .max(MAX_SETS, `Sets must be a whole number from ${MIN_SETS} to ${MAX_SETS}`);

/** With print type `auto`: exactly these sheet numbers print in color (checked against the upload by the server). */
export const colorSheetsField = z
  .array(z.number({ error: 'Color sheets must be sheet numbers' }).int('Color sheets must be sheet numbers'), { error: 'Color sheets must be a list of sheet numbers' })
  .max(1000);

// Control characters end up on the receipt, the job ticket and in emails: refuse them. Notes may
// keep their line breaks (a textarea makes them), nothing else.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const CONTROL_BUT_LINE_BREAKS = /[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/** An optional free-text order field: trimmed, at most `max` characters, empty → null. */
function orderText(label: string, max: number, control: RegExp) {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .refine((v) => !control.test(v), `${label} must not contain control characters`)
    .nullish()
    .transform((v) => (v ? v.replace(/\r\n?/g, '\n') : null));
}

export const MAX_JOB_NAME = 100;
export const MAX_PO_NUMBER = 50;
export const MAX_ORDER_NOTES = 1000;
/** The customer's name for the job ('Smith Residence'). */
export const jobNameField = orderText('Job name', MAX_JOB_NAME, CONTROL);
/** The customer's purchase order number. */
export const poNumberField = orderText('PO number', MAX_PO_NUMBER, CONTROL);
/** Notes for the shop. */
export const orderNotesField = orderText('Notes', MAX_ORDER_NOTES, CONTROL_BUT_LINE_BREAKS);

export const uuidField = z.uuid({ error: 'Not a valid id' });

export const ORDER_STATUSES = ['pending', 'processing', 'completed', 'failed'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const PAYMENT_STATUSES = ['unpaid', 'paid', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const orderStatusField = z.enum(ORDER_STATUSES, { error: 'Status must be pending, processing, completed or failed' });

/** US ZIP: 12345 or 12345-6789. */
export const zipField = z.string().trim().regex(/^\d{5}(-\d{4})?$/, 'Please enter a valid 5-digit ZIP code');
/** Two-letter state, forced to upper case. */
export const stateField = z.string().trim().toUpperCase().regex(/^[A-Z]{2}$/, 'Please enter a 2-letter state');

/** The order number a person reads: the last 8 characters of the id, upper-cased. */
export function orderNumberOf(id: string): string {
  return id.slice(-8).toUpperCase();
}
