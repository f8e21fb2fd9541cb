/**
 * The one table of an approval's moves. An order that waits for a firm's approver is approved or
 * declined by an approver, withdrawn by its placer, or expires after APPROVAL_WAIT_DAYS; each of
 * those is final, so a second decision finds the first and changes nothing. An approved card order
 * waits once more, for its placer to pay: unpaid APPROVAL_WAIT_DAYS after the approval, it expires
 * (the command checks that it is a card order and unpaid; an approved order is never declined).
 */
import type { ApprovalState } from '#shared/approval';

/** Who moves an approval. */
export type ApprovalCause = 'approver' | 'placer' | 'expiry';

export const APPROVAL_MOVES: Readonly<Record<ApprovalState, Partial<Record<ApprovalState, ApprovalCause>>>> = {
  waiting: { approved: 'approver', declined: 'approver', withdrawn: 'placer', expired: 'expiry' },
  approved: { expired: 'expiry' },
  declined: {},
  withdrawn: {},
  expired: {},
};

/** True when `cause` may move an approval from `from` to `to`. */
export function canMoveApproval(from: ApprovalState, to: ApprovalState, cause: ApprovalCause): boolean {
  return APPROVAL_MOVES[from][to] === cause;
}
