/**
 * Firm accounts as the API takes and sends them: the request schemas (with the shop's field rules
 * from fields.ts) and the JSON of a firm. One home for the server's routes and the firm page.
 */
import { z } from 'zod';
import { clockDayField, emailField, MAX_NAME, nameField, plainTextField, stateField } from './fields';
import { US_STATES } from './pricing';
import { addCalendarDays, addCalendarMonths, type CalendarDay } from './holidays';
import type { FirmTermsJson, InvoiceJson } from './invoice';

export const MAX_FIRM_NAME = MAX_NAME;
export const MAX_PROJECT_NAME = 100;
export const MAX_PROJECT_CODE = 30;

/** A firm's name: a name (no web address), as it reads in invites and on invoices. */
export const firmNameField = nameField('Firm name', MAX_FIRM_NAME);
export const projectNameField = plainTextField('Project name', MAX_PROJECT_NAME);
export const projectCodeField = plainTextField('Project code', MAX_PROJECT_CODE);

/** POST /api/firms and PATCH /api/firms/{firmId}. */
export const FirmSchema = z.object({ name: firmNameField });
/** POST /api/firms/{firmId}/invites. */
export const FirmInviteSchema = z.object({ email: emailField });
/** POST /api/firm-invites/accept. */
export const AcceptInviteSchema = z.object({ token: z.string({ error: 'The invite link is missing its token' }).trim().min(1).max(200) });
/** POST /api/firms/{firmId}/projects. */
export const ProjectSchema = z.object({ name: projectNameField, code: projectCodeField });

export const FIRM_ROLES = ['owner', 'member'] as const;
export type FirmRole = (typeof FIRM_ROLES)[number];

export type FirmMemberJson = { userId: string; email: string; firstName: string | null; lastName: string | null; role: FirmRole; joinedAt: string };
export type FirmInviteJson = { id: string; email: string; invitedAt: string; expiresAt: string | null };
export type FirmProjectJson = { id: string; name: string; code: string; createdAt: string };

/** GET /api/firms/{firmId}. */
export type FirmJson = {
  id: string;
  name: string;
  /** The role of the person asking. */
  role: FirmRole;
  members: FirmMemberJson[];
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
