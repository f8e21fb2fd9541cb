/** Reusable zod fields that carry the spec's user-facing messages. */
import { z } from 'zod';
import { MIN_PASSWORD_LENGTH } from './limits';
import { PRINT_SIZES, PRINT_TYPES } from './pricing';

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
