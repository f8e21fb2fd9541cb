import { describe, expect, it } from 'vitest';
import { APPROVAL_STATES, type ApprovalState } from '#shared/approval';
import { canMoveApproval, type ApprovalCause } from './approvalMoves';

const CAUSES: ApprovalCause[] = ['approver', 'placer', 'expiry'];

/** Every (from, to) cell: the one cause that may make the move, or null for none. */
const EXPECTED: Record<ApprovalState, Record<ApprovalState, ApprovalCause | null>> = {
  waiting: { waiting: null, approved: 'approver', declined: 'approver', withdrawn: 'placer', expired: 'expiry' },
  approved: { waiting: null, approved: null, declined: null, withdrawn: null, expired: 'expiry' },
  declined: { waiting: null, approved: null, declined: null, withdrawn: null, expired: null },
  withdrawn: { waiting: null, approved: null, declined: null, withdrawn: null, expired: null },
  expired: { waiting: null, approved: null, declined: null, withdrawn: null, expired: null },
};

describe('the approval moves table', () => {
  for (const from of APPROVAL_STATES) {
    for (const to of APPROVAL_STATES) {
      const expected = EXPECTED[from][to];
      it(`${from} → ${to} is ${expected ?? 'never'}`, () => {
        expect(CAUSES.filter((cause) => canMoveApproval(from, to, cause))).toEqual(expected ? [expected] : []);
      });
    }
  }
});
