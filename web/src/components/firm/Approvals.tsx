/**
 * Orders waiting for an approver's yes: the firm page's list (owners and approvers), each with
 * Approve and Decline (a reason, optional, that the placer reads). The decision is sent once; the
 * list and the firm's orders reload after it.
 */
import { useState } from 'react';
import { Link } from 'wouter';
import useSWR, { mutate } from 'swr';
import { Button, Card, CardHeader, ErrorNote } from '../ui';
import { toast } from '../toast';
import { ReasonDialog } from '../ReasonDialog';
import { ApiError, fetcher } from '../../data/client';
import { changeFirm } from '../../data/firm';
import { errorMessage } from '../../data/useSubmit';
import { formatDollars } from '#shared/money';
import type { FirmJson } from '#shared/firm';
import type { WaitingOrderJson } from '#shared/approval';

export const approvalsKey = (firmId: string) => `/api/firms/${firmId}/approvals`;

/** Sends an approver's decision; answers with what was decided (perhaps already, by someone else). */
export async function decide(firmId: string, orderId: string, decision: 'approve' | 'decline', reason?: string) {
  const answer = await changeFirm<{ alreadyDecided: boolean; approval: { state: string; payBy: 'account' | 'card'; decidedBy: string | null } }>(
    'POST',
    `/api/firms/${firmId}/approvals/${orderId}`,
    reason ? { decision, reason } : { decision },
  );
  await mutate(approvalsKey(firmId));
  await mutate((key) => typeof key === 'string' && key.startsWith(`/api/firms/${firmId}/approvals/`));
  const what = answer.approval.state === 'approved' ? 'approved' : 'declined';
  toast(
    answer.alreadyDecided
      ? { title: `Already ${what}`, description: `${answer.approval.decidedBy ?? 'Another approver'} decided it first; nothing was changed.` }
      : {
          title: `Order ${what}`,
          description:
            what === 'declined'
              ? 'The person who placed it is told.'
              : answer.approval.payBy === 'card'
                ? 'The person who placed it is told they can pay it by card; it goes to print once paid.'
                : 'It is invoiced to the firm and goes to the print queue.',
        },
  );
  return answer;
}

/** The waiting orders of `firm`; null for a member (they cannot approve). */
export function WaitingApprovals({ firm }: { firm: FirmJson }) {
  const canApprove = firm.role !== 'member';
  const { data, error } = useSWR<{ orders: WaitingOrderJson[] }, ApiError>(canApprove ? approvalsKey(firm.id) : null, fetcher);
  const [declining, setDeclining] = useState<WaitingOrderJson | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  if (!canApprove) return null;
  const orders = data?.orders ?? [];

  async function approve(order: WaitingOrderJson) {
    setBusy(order.orderId);
    try {
      await decide(firm.id, order.orderId, 'approve');
    } catch (caught) {
      toast({ title: 'Could not approve the order', description: errorMessage(caught), variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  }

  return (
    <Card aria-labelledby="waiting-approvals">
      <CardHeader
        titleId="waiting-approvals"
        title="Waiting for approval"
        description={
          firm.rules.approvalOverDollars === null
            ? 'No approval limit is set.'
            : `Members’ orders over ${formatDollars(firm.rules.approvalOverDollars)}, on account or by card, wait here for an owner’s or approver’s yes, at most 7 days.`
        }
      />
      <div className="p-4 sm:p-6">
        {error ? <ErrorNote title="The waiting orders could not be loaded">{errorMessage(error)}</ErrorNote> : null}
        {data && orders.length === 0 ? <p className="text-sm text-slate-600">No orders are waiting.</p> : null}
        <ul className="grid gap-3">
          {orders.map((o) => (
            <li key={o.orderId} className="rounded-md border border-slate-200 p-3" aria-label={`Order ${o.orderNumber}`}>
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <Link href={`/firm/approvals/${o.orderId}`} className="font-semibold text-blueprint-700 hover:underline">
                  Order {o.orderNumber}
                </Link>
                <span className="font-semibold text-slate-900">{formatDollars(o.totalAmount)}</span>
              </div>
              <p className="mt-1 break-words text-sm text-slate-600">
                {[`Placed by ${o.placedBy}`, o.jobName, o.projectCode && `Project ${o.projectCode}`, o.costCode, o.poNumber && `PO ${o.poNumber}`]
                  .filter(Boolean)
                  .join(' · ')}
              </p>
              <p className="text-xs text-slate-500">
                Cancelled on its own {new Date(o.expiresAt).toLocaleDateString('en-US', { month: 'short', day: 'numeric' })} if no one decides.
              </p>
              <div className="mt-2 flex flex-wrap gap-2">
                <Button size="sm" disabled={busy === o.orderId} onClick={() => void approve(o)} aria-label={`Approve order ${o.orderNumber}`}>
                  Approve
                </Button>
                <Button size="sm" variant="outline" disabled={busy === o.orderId} onClick={() => setDeclining(o)} aria-label={`Decline order ${o.orderNumber}`}>
                  Decline
                </Button>
              </div>
            </li>
          ))}
        </ul>
      </div>
      {declining ? (
        <ReasonDialog
          title={`Decline order ${declining.orderNumber}?`}
          description={`${declining.placedBy}’s order of ${formatDollars(declining.totalAmount)} is cancelled and they are emailed your reason.`}
          reasonLabel="Reason (optional)"
          reasonRequired={false}
          actionLabel="Decline"
          onAction={async (reason) => {
            await decide(firm.id, declining.orderId, 'decline', reason);
          }}
          onClose={() => setDeclining(null)}
        />
      ) : null}
    </Card>
  );
}
