/**
 * Firm accounts as the API takes and sends them: the request schemas (with the shop's field rules
 * from fields.ts) and the JSON of a firm. One home for the server's routes and the firm page.
 */
import { z } from 'zod';
import { clockDayField, emailField, MAX_NAME, nameField, plainTextField, stateField } from './fields';
import { US_STATES } from './pricing';
import { addCalendarDays, addCalendarMonths, type CalendarDay } from './holidays';
import { isClockDay, OUTSIDE_CLOCK_YEARS } from './clock';
import type { FirmTermsJson, InvoiceJson } from './invoice';

export const MAX_FIRM_NAME = MAX_NAME;
export const MAX_PROJECT_NAME = 100;
export const MAX_PROJECT_CODE = 30;

/** A firm's name: a name (no web address), as it reads in invites and on invoices. */
export const firmNameField = nameField('Firm name', MAX_FIRM_NAME);
export const projectNameField = plainTextField('Project name', MAX_PROJECT_NAME);
export const projectCodeField = plainTextField('Project code', MAX_PROJECT_CODE);

/** POST /api/firms. */
export const FirmSchema = z.object({ name: firmNameField });

/** Largest amount a firm may set as its approval limit, in dollars. */
export const MAX_APPROVAL_OVER_DOLLARS = 1_000_000;

/** A firm's buying rules as the API sends them. `approvalOverDollars` null: no order needs approval. */
export type FirmRulesJson = { requirePoNumber: boolean; requireCostCode: boolean; approvalOverDollars: number | null };

/** The rules an owner sets: any of the three; those left out stay as they are. */
export const FirmRulesSchema = z.strictObject(
  {
    requirePoNumber: z.boolean({ error: 'requirePoNumber must be true or false' }).optional(),
    requireCostCode: z.boolean({ error: 'requireCostCode must be true or false' }).optional(),
    approvalOverDollars: z
      .number({ error: 'approvalOverDollars must be an amount in dollars, or null for never' })
      .min(0, 'approvalOverDollars must be $0 or more')
      .max(MAX_APPROVAL_OVER_DOLLARS, `approvalOverDollars must be at most $${MAX_APPROVAL_OVER_DOLLARS.toLocaleString('en-US')}`)
      .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'approvalOverDollars must be whole cents')
      .nullable()
      .optional(),
  },
  { error: 'rules must be an object: {requirePoNumber, requireCostCode, approvalOverDollars}' },
);

/** PATCH /api/firms/{firmId}: a new name, new rules, or both. */
export const FirmPatchSchema = z
  .object({ name: firmNameField.optional(), rules: FirmRulesSchema.optional() })
  .refine((v) => v.name !== undefined || v.rules !== undefined, { message: 'Send a new name, new rules, or both.', path: ['name'] });
/** POST /api/firms/{firmId}/invites. */
export const FirmInviteSchema = z.object({ email: emailField });
/** POST /api/firm-invites/accept. */
export const AcceptInviteSchema = z.object({ token: z.string({ error: 'The invite link is missing its token' }).trim().min(1).max(200) });
export const MAX_COST_CODES = 50;
export const costCodeField = plainTextField('Cost code', 30);
export const costCodeNameField = plainTextField('Cost code name', 100);
/** A project's cost code, as a firm bills printing back: `04-REIMB` "Reimbursable printing". */
export const CostCodeSchema = z.object({ code: costCodeField, name: costCodeNameField }, { error: 'Each cost code needs a code and a name' });
export type CostCodeJson = { code: string; name: string };
/** A project's cost codes: each code once (in any case). */
export const costCodesField = z
  .array(CostCodeSchema, { error: 'costCodes must be a list of {code, name}' })
  .max(MAX_COST_CODES, `A project can have at most ${MAX_COST_CODES} cost codes.`)
  .refine((codes) => new Set(codes.map((c) => c.code.toLowerCase())).size === codes.length, 'Each cost code can be listed only once.');

/** POST /api/firms/{firmId}/projects. */
export const ProjectSchema = z.object({ name: projectNameField, code: projectCodeField, costCodes: costCodesField.default([]) });
/** PATCH /api/firms/{firmId}/projects/{projectId}: any of its name, code and cost codes. */
export const ProjectPatchSchema = z
  .object({ name: projectNameField.optional(), code: projectCodeField.optional(), costCodes: costCodesField.optional() })
  .refine((v) => v.name !== undefined || v.code !== undefined || v.costCodes !== undefined, {
    message: 'Send the project’s new name, code or cost codes.',
    path: ['name'],
  });

export const SPEND_MONTH_FORMAT = 'month must be a month (YYYY-MM), such as 2026-11';
export const SPEND_MONTH_AHEAD = 'That month has not begun yet. Please choose this month or an earlier one.';

/** GET /api/firms/{firmId}/reports/spend: a month of the counter's calendar, as a CSV or a PDF. */
export const SpendReportQuerySchema = z.object({
  month: z
    .string({ error: SPEND_MONTH_FORMAT })
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, SPEND_MONTH_FORMAT)
    .refine((month) => isClockDay(`${month}-01`), OUTSIDE_CLOCK_YEARS),
  format: z.enum(['csv', 'pdf'], { error: 'format must be csv or pdf' }).default('csv'),
});

/** Whether `month` (YYYY-MM) is still to come on the day `today` (YYYY-MM-DD): a report of it would be empty by definition. */
export function isMonthAhead(month: string, today: CalendarDay): boolean {
  return month > today.slice(0, 7);
}

/** Owners run the firm; approvers approve members' orders and read its spend; members order. */
export const FIRM_ROLES = ['owner', 'approver', 'member'] as const;
export type FirmRole = (typeof FIRM_ROLES)[number];

/** PATCH /api/firms/{firmId}/members/{userId}: the role an owner gives someone who is not an owner. */
export const MemberRoleSchema = z.object({ role: z.enum(['approver', 'member'], { error: 'role must be approver or member' }) });

export type FirmMemberJson = { userId: string; email: string; firstName: string | null; lastName: string | null; role: FirmRole; joinedAt: string };
export type FirmInviteJson = { id: string; email: string; invitedAt: string; expiresAt: string | null };
export type FirmProjectJson = { id: string; name: string; code: string; costCodes: CostCodeJson[]; createdAt: string };

/** GET /api/firms/{firmId}. */
export type FirmJson = {
  id: string;
  name: string;
  /** The role of the person asking. */
  role: FirmRole;
  members: FirmMemberJson[];
  /** The firm's buying rules, which every member's checkout follows. */
  rules: FirmRulesJson;
  /** Open invites; null for a member (inviting is an owner's part). */
  invites: FirmInviteJson[] | null;
  projects: FirmProjectJson[];
  /** Tax-exempt certificates, newest first; null for a member (filing them is an owner's part). */
  certificates: TaxCertificateJson[] | null;
  /** Paying on account: the terms, the limit, what is open and what is left. */
  terms: FirmTermsJson;
  /** Unpaid invoices (open and overdue), oldest due first; every member sees them, the owner pays them. */
  invoices: InvoiceJson[];
  createdAt: string;
};

/** Largest tax-exempt certificate file taken (PDF or image). */
export const MAX_CERTIFICATE_BYTES = 10 * 1024 * 1024;
/**
 * A certificate's states: filed (pending), decided by the counter (verified or rejected), withdrawn
 * (by the counter or an owner, once verified) and expired: a verified one past its expiry date, or,
 * with none on the form, past its NO_EXPIRY_VALID_MONTHS. Expired is read from the dates, never stored.
 */
export const CERTIFICATE_STATUSES = ['pending', 'verified', 'rejected', 'withdrawn', 'expired'] as const;
export type CertificateStatus = (typeof CERTIFICATE_STATUSES)[number];

/** Many states' forms carry no expiry date: such a certificate exempts for this many months after it was verified. */
export const NO_EXPIRY_VALID_MONTHS = 12;
/** The owners are reminded this many months before such a certificate stops exempting. */
export const RENEWAL_NOTICE_MONTHS = 1;

/**
 * When a verified certificate exempts until, on the counter's calendar: `validThrough` is its last
 * exempt day (the form's expiry date, or the day before NO_EXPIRY_VALID_MONTHS after it was verified);
 * `remindOn` the day its owners are told it needs verifying again (null with an expiry date: the
 * form says when it ends).
 */
export function certificateValidity(certificate: { expiresOn: CalendarDay | null; verifiedOn: CalendarDay }): {
  validThrough: CalendarDay;
  remindOn: CalendarDay | null;
} {
  if (certificate.expiresOn) return { validThrough: certificate.expiresOn, remindOn: null };
  const lapsesOn = addCalendarMonths(certificate.verifiedOn, NO_EXPIRY_VALID_MONTHS);
  return { validThrough: addCalendarDays(lapsesOn, -1), remindOn: addCalendarMonths(lapsesOn, -RENEWAL_NOTICE_MONTHS) };
}

/** The form fields of POST /api/firms/{firmId}/tax-certificates (the file comes beside them). */
export const TaxCertificateSchema = z.object({
  state: stateField.refine((s) => US_STATES.includes(s), 'Please enter a valid US state'),
  kind: plainTextField('Certificate kind', 60),
  number: plainTextField('Certificate number', 50),
  expiresOn: z
    .union([z.literal(''), clockDayField('Expires on must be a date (YYYY-MM-DD)')])
    .optional()
    .transform((v) => v || null),
});

/** POST /api/admin/tax-certificates/{id}/reject. */
export const RejectCertificateSchema = z.object({ reason: plainTextField('Reason', 500) });
/** POST /api/admin/tax-certificates/{id}/withdraw: the owners are emailed the reason. */
export const WithdrawCertificateSchema = z.object({ reason: plainTextField('Reason', 500) });
/** POST /api/firms/{firmId}/tax-certificates/{id}/withdraw: an owner's reason is optional. */
export const OwnerWithdrawCertificateSchema = z.object({
  reason: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), plainTextField('Reason', 500).nullish()).transform((v) => v ?? null),
});

/**
 * What made an order's tax $0.00, as the checkout's amounts and the order JSON carry it: the
 * certificate's state, kind and number as they were when the order was priced, and the words every
 * screen and document shows (`label`).
 */
export type TaxExemptionJson = { state: string; kind: string; number: string; label: string };

/** "Tax exempt — NJ ST-5 exempt organization #12345": the kind as the owner filed it. */
export function taxExemptionLabel(certificate: { state: string; kind: string; number: string }): string {
  return `Tax exempt — ${certificate.state} ${certificate.kind} #${certificate.number}`;
}

/** A certificate as the firm page and the admin see it. */
export type TaxCertificateJson = {
  id: string;
  state: string;
  kind: string;
  number: string;
  expiresOn: string | null;
  status: CertificateStatus;
  /** Why the counter rejected it, for the owner to read. */
  rejectReason: string | null;
  fileName: string;
  uploadedAt: string;
  decidedAt: string | null;
  /** Verified or expired: its last exempt day (certificateValidity); null before it is verified and once withdrawn. */
  validThrough: string | null;
  /** No expiry date and within its last month, or past it: the counter may verify it again. */
  renewalDue: boolean;
  /** Withdrawn: when, by whom ("counter" or "owner") and why (the owner's reason is optional). */
  withdrawnAt: string | null;
  withdrawnBy: 'counter' | 'owner' | null;
  withdrawReason: string | null;
};

/** "Keystone Architects'" / "Harbor Studio's": a firm's name as the owner of something, as a person writes it. */
export function possessive(name: string, apostrophe: "'" | '’' = "'"): string {
  return /s$/i.test(name.trim()) ? `${name}${apostrophe}` : `${name}${apostrophe}s`;
}
