/**
 * /firm/approvals/:orderId: the page the approval email links to. An owner or approver of the firm
 * reads the order (who placed it, what it is, what it costs) and approves or declines it, once; a
 * decided order shows what was decided and by whom.
 */
import { useState } from 'react';
import useSWR from 'swr';
import { Link, useParams } from 'wouter';
import { Badge, Button, Card, CardHeader, ErrorNote, Spinner } from '../components/ui';
import { toast } from '../components/toast';
import { ReasonDialog } from '../components/ReasonDialog';
import { decide } from '../components/firm/Approvals';
import { useRedirectToLogin } from '../components/account/useSignedInOnly';
import { useUser } from '../data/auth';
import { useMyFirm } from '../data/firm';
import { ApiError, fetcher } from '../data/client';
import { errorMessage } from '../data/useSubmit';
import { formatDollars } from '#shared/money';
import type { OrderJson } from '#shared/orderJson';

const STATE_TEXT = { waiting: 'Waiting', approved: 'Approved', declined: 'Declined', withdrawn: 'Withdrawn', expired: 'Expired' } as const;

export default function FirmApproval() {
  const { orderId } = useParams<{ orderId: string }>();
  const { user, isLoading: userLoading } = useUser();
  useRedirectToLogin(!userLoading && !user, { title: 'Please sign in', description: 'Sign in to approve your firm’s orders.' });
  const { data: mine, error: firmError } = useMyFirm(Boolean(user));
  const firm = mine?.firm ?? null;
  const key = firm ? `/api/firms/${firm.id}/approvals/${orderId}` : null;
  const { data: order, error } = useSWR<OrderJson, ApiError>(key, fetcher);
  const [declining, setDeclining] = useState(false);
  const [busy, setBusy] = useState(false);

  const problem = firmError ?? error ?? (mine && !firm ? new Error('You do not belong to a firm.') : null);
  if (!problem && (!user || !order)) {
    return (
      <div className="flex justify-center py-24">
        <Spinner />
      </div>
    );
  }

  async function approve() {
    if (!firm || !order) return;
    setBusy(true);
    try {
      await decide(firm.id, order.id, 'approve');
    } catch (caught) {
      toast({ title: 'Could not approve the order', description: errorMessage(caught), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mx-auto max-w-2xl px-4 py-8 sm:px-6 sm:py-10">
      <Link href="/firm" className="text-sm text-blueprint-700 hover:underline">
        ← {firm?.name ?? 'Your firm'}
      </Link>
      {problem ? (
        <ErrorNote className="mt-4" title="This order could not be loaded">
          {errorMessage(problem)}
        </ErrorNote>
      ) : null}
      {order && firm ? (
        <Card className="mt-4" aria-labelledby="approval-title">
          <CardHeader
            titleId="approval-title"
            title={`Approve order ${order.orderNumber}?`}
            description={order.statusText}
            action={
              order.approval ? (
                <Badge tone={order.approval.state === 'waiting' ? 'pending' : order.approval.state === 'approved' ? 'completed' : 'failed'}>
                  {STATE_TEXT[order.approval.state]}
                </Badge>
              ) : null
            }
          />
          <dl className="grid grid-cols-[minmax(0,auto)_minmax(0,1fr)] gap-x-4 gap-y-2 p-4 text-sm sm:p-6">
            <dt className="text-slate-500">Placed by</dt>
            <dd className="break-words text-slate-900">{order.placedBy ? `${order.placedBy.name} (${order.placedBy.email})` : order.customerEmail}</dd>
            <dt className="text-slate-500">Total</dt>
            <dd className="font-semibold text-slate-900">{formatDollars(order.totalAmount)}</dd>
            <dt className="text-slate-500">Prints</dt>
            <dd className="break-words text-slate-900">
              {order.pageCount} sheet{order.pageCount === 1 ? '' : 's'} × {order.sets} set{order.sets === 1 ? '' : 's'}, {order.fileName}
            </dd>
            {order.jobName ? (
              <>
                <dt className="text-slate-500">Job</dt>
                <dd className="break-words text-slate-900">{order.jobName}</dd>
              </>
            ) : null}
            {order.projectCode ? (
              <>
                <dt className="text-slate-500">Project</dt>
                <dd className="break-words text-slate-900">
                  {order.projectCode} {order.projectName}
                  {order.costCode ? ` · ${order.costCode}` : ''}
                </dd>
              </>
            ) : null}
            {order.poNumber ? (
              <>
                <dt className="text-slate-500">PO</dt>
                <dd className="break-words text-slate-900">{order.poNumber}</dd>
              </>
            ) : null}
          </dl>
          {order.approval?.state === 'waiting' ? (
            <div className="flex flex-wrap gap-2 border-t border-slate-100 p-4 sm:p-6">
              <Button disabled={busy} onClick={() => void approve()}>
                Approve
              </Button>
              <Button variant="outline" disabled={busy} onClick={() => setDeclining(true)}>
                Decline
              </Button>
            </div>
          ) : null}
        </Card>
      ) : null}
      {declining && firm && order ? (
        <ReasonDialog
          title={`Decline order ${order.orderNumber}?`}
          description="The order is cancelled and the person who placed it is emailed your reason."
          reasonLabel="Reason (optional)"
          reasonRequired={false}
          actionLabel="Decline"
          onAction={async (reason) => {
            await decide(firm.id, order.id, 'decline', reason);
          }}
          onClose={() => setDeclining(false)}
        />
      ) : null}
    </div>
  );
}
