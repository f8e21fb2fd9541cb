/**
 * Paying on account: a firm's terms (Net 30 with a credit limit) and its invoices, as the API takes
 * and sends them. One home for the rules the server applies and the screens show: how an invoice is
 * numbered, when it is due and when it is overdue (docs/decisions/027-paying-on-account.md).
 */
import { z } from 'zod';
import { addCalendarDays, type CalendarDay } from './holidays';
import { shopDay, type ClockOptions } from './clock';
import { MAX_CREDIT_LIMIT_DOLLARS } from './limits';

export const FIRM_TERMS = ['net30'] as const;
export type FirmTerms = (typeof FIRM_TERMS)[number];
/** Days from the day an invoice is issued (at the counter) to the day it is due. */
export const NET_DAYS: Record<FirmTerms, number> = { net30: 30 };
/** How the terms read on screen and on the invoice. */
export const TERMS_TEXT: Record<FirmTerms, string> = { net30: 'Net 30' };

/** The two ways a payment method is chosen at checkout. */
export const PAYMENT_METHODS = ['card', 'invoice'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

const creditLimitField = z
  // A number, or the dollar string the API itself sends ("2500.00"), so an amount read can be sent back.
  .union(
    [
      z.number(),
      z
        .string()
        .trim()
        .regex(/^\d{1,9}(\.\d{1,2})?$/)
        .transform(Number),
    ],
    { error: 'Credit limit must be an amount in dollars' },
  )
  .pipe(
    z
      .number()
      .min(0, 'Credit limit cannot be negative')
      .max(MAX_CREDIT_LIMIT_DOLLARS, `Credit limit must be at most $${MAX_CREDIT_LIMIT_DOLLARS.toLocaleString('en-US')}`)
      .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'Credit limit must be in whole cents'),
  );

/** PATCH /api/admin/firms/{firmId}: open terms (with a limit), change the limit, or close them (null). */
export const FirmTermsSchema = z
  .object({
    terms: z.enum(FIRM_TERMS, { error: 'Terms must be "net30" or null' }).nullable(),
    creditLimit: creditLimitField.nullish(),
  })
  .refine((v) => v.terms === null || (v.creditLimit !== null && v.creditLimit !== undefined), {
    message: 'A credit limit is required with Net 30 terms',
    path: ['creditLimit'],
  });

/** An invoice's state: open until paid, overdue once past its due day, void when its order was cancelled. */
export const INVOICE_STATUSES = ['open', 'overdue', 'paid', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** "INV-000042": the number a firm's accountant files it under. */
export function invoiceNumberText(number: number | string): string {
  return `INV-${String(number).padStart(6, '0')}`;
}

/** The counter's day an invoice issued at `issuedAt` is due: NET_DAYS calendar days later. */
export function dueOnFor(issuedAt: Date, terms: FirmTerms, clock: ClockOptions): CalendarDay {
  return addCalendarDays(shopDay(issuedAt, clock), NET_DAYS[terms]);
}

/** Whether an unpaid invoice due on `dueOn` is overdue on the counter's day `today` (the due day itself is not). */
export function isOverdue(dueOn: CalendarDay, today: CalendarDay): boolean {
  return today > dueOn;
}

/** Cents as an exact dollar string with two decimals (12345 → "123.45"): money in the invoice JSON. */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** An invoice as the firm page and the admin see it. Amounts are dollar strings ("123.45"). */
export type InvoiceJson = {
  id: string;
  /** "INV-000042". */
  number: string;
  firmId: string;
  orderId: string;
  /** The order's 8-character number. */
  orderNumber: string;
  jobName: string | null;
  poNumber: string | null;
  projectCode: string | null;
  amount: string;
  issuedAt: string;
  /** The counter's day it is due (YYYY-MM-DD). */
  dueOn: string;
  status: InvoiceStatus;
  paidAt: string | null;
  paidBy: 'admin' | 'card' | null;
  /** The counter's reference for the payment (a check number, a transfer id), or null. */
  paymentReference: string | null;
};

/** "Order 4F2A9C01 · Library fit-out · PO 7731 · BCL-24": what an invoice is for, in one line. */
export function invoiceOrderText(invoice: Pick<InvoiceJson, 'orderNumber' | 'jobName' | 'poNumber' | 'projectCode'>): string {
  return [`Order ${invoice.orderNumber}`, invoice.jobName, invoice.poNumber && `PO ${invoice.poNumber}`, invoice.projectCode].filter(Boolean).join(' · ');
}

/** A firm's terms as its page shows them; amounts are dollar strings, null without terms. */
export type FirmTermsJson = {
  terms: FirmTerms | null;
  creditLimit: string | null;
  /** What the firm's open (unpaid, not void) invoices add up to. */
  openBalance: string;
  /** How much more may be invoiced: the limit less the open balance, never below 0. */
  available: string | null;
};

/** An admin's row of firms: the firm, its owner and its terms. */
export type AdminFirmJson = FirmTermsJson & { id: string; name: string; ownerEmail: string | null; members: number; overdue: number; createdAt: string };
