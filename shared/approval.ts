/**
 * A firm's approval of a member's order over its limit: the states it goes through, the request's
 * body, and the sentences the placer and the approvers read.
 */
import { z } from 'zod';

/**
 * waiting → approved | declined (an approver), withdrawn (the placer cancelled), expired (7 days);
 * approved → expired (a card order its placer did not pay within 7 days of the approval).
 */
export const APPROVAL_STATES = ['waiting', 'approved', 'declined', 'withdrawn', 'expired'] as const;
export type ApprovalState = (typeof APPROVAL_STATES)[number];

/**
 * Days an order waits for an approver before it is cancelled; an approved card order waits as long
 * again for its placer to pay it.
 */
export const APPROVAL_WAIT_DAYS = 7;

export const MAX_APPROVAL_REASON = 500;

export const ApprovalDecisionSchema = z.object(
  {
    decision: z.enum(['approve', 'decline'], { error: 'decision must be approve or decline' }),
    reason: z
      .string({ error: 'reason must be text' })
      .trim()
      .max(MAX_APPROVAL_REASON, `reason must be at most ${MAX_APPROVAL_REASON} characters`)
      .optional()
      .nullable(),
  },
  { error: 'The body must be an object: {decision, reason}' },
);

/**
 * How an approved order is paid: `account` (the approval issues the invoice) or `card` (the placer
 * pays by card from the order page once it is approved).
 */
export type ApprovalPayBy = 'account' | 'card';

/** How an order's approval reads in the API. `decidedBy` is the approver's name (null while waiting or when no one decided). */
export type ApprovalJson = {
  state: ApprovalState;
  payBy: ApprovalPayBy;
  waitsFor: string | null;
  requestedAt: string | null;
  decidedBy: string | null;
  decidedAt: string | null;
  reason: string | null;
};

/** An order waiting for approval, as the firm page lists it. */
export type WaitingOrderJson = {
  orderId: string;
  orderNumber: string;
  placedBy: string;
  jobName: string | null;
  poNumber: string | null;
  projectCode: string | null;
  costCode: string | null;
  totalAmount: number;
  requestedAt: string;
  expiresAt: string;
};
