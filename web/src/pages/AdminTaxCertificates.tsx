/**
 * /admin/tax-certificates: the counter checks each firm's tax-exempt certificate against its file
 * and verifies it, or rejects it with a reason the firm's owner reads. Pending ones come first. A
 * verified one can be withdrawn (with a reason the owners are emailed); one without an expiry date is
 * verified again in its last month, or once it has run out.
 */
import { useState } from 'react';
import useSWR from 'swr';
import { Badge, Button, Card, CardHeader, ErrorNote, Spinner, TextField } from '../components/ui';
import { ReasonDialog } from '../components/ReasonDialog';
import { CERTIFICATE_STATUS, certificateDates } from '../components/firm/certificateStatus';
import { toast } from '../components/toast';
import { AdminPage, useAdminOnly } from '../components/admin/AdminPage';
import { apiRequest, fetcher, type ApiError } from '../data/client';
import { errorMessage } from '../data/useSubmit';
import type { TaxCertificateJson } from '#shared/firm';

type AdminCertificate = TaxCertificateJson & { firmId: string; firmName: string };
const KEY = '/api/admin/tax-certificates';

export default function AdminTaxCertificates() {
  const admin = useAdminOnly();
  const { data, error, mutate } = useSWR<AdminCertificate[], ApiError>(admin ? KEY : null, fetcher, { revalidateOnMount: true });
  if (!admin) return null;
  return (
    <AdminPage
      title="Tax-exempt certificates"
      description="Check each certificate against its file. A verified one makes the firm’s orders in its state tax exempt until it expires."
    >
      {error ? <ErrorNote title="The certificates could not be loaded">{errorMessage(error)}</ErrorNote> : null}
      {!data && !error ? <Spinner label="Loading certificates…" /> : null}
      {data?.length === 0 ? <p className="text-slate-600">No certificates yet.</p> : null}
      {data?.map((c) => (
        <CertificateCard key={c.id} certificate={c} onDecided={() => void mutate()} />
      ))}
    </AdminPage>
  );
}

function CertificateCard({ certificate: c, onDecided }: { certificate: AdminCertificate; onDecided: () => void }) {
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [withdrawing, setWithdrawing] = useState(false);
  const named = `${c.firmName}: ${c.state} ${c.kind} #${c.number}`;
  async function withdraw(reason: string) {
    await apiRequest('POST', `/api/admin/tax-certificates/${c.id}/withdraw`, { reason });
    toast({ title: 'Certificate withdrawn', description: named });
    onDecided();
  }
  async function decide(action: 'verify' | 'reject') {
    setBusy(true);
    setError(null);
    try {
      await apiRequest('POST', `/api/admin/tax-certificates/${c.id}/${action}`, action === 'reject' ? { reason } : undefined);
      toast({ title: action === 'verify' ? 'Certificate verified' : 'Certificate rejected', description: named });
      onDecided();
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Card>
      <CardHeader
        title={
          <span className="flex flex-wrap items-center gap-2">
            <span className="break-words">{c.firmName}</span> <Badge tone={CERTIFICATE_STATUS[c.status].tone}>{CERTIFICATE_STATUS[c.status].label}</Badge>
          </span>
        }
        description={`${c.state} ${c.kind} #${c.number} · ${certificateDates(c)} · filed ${new Date(c.uploadedAt).toLocaleDateString('en-US')}`}
      />
      <div className="grid gap-3 px-6 pt-3 pb-6">
        <a href={`/api/admin/tax-certificates/${c.id}/file`} target="_blank" rel="noreferrer" className="text-sm font-medium text-blueprint-700 underline">
          Open the certificate ({c.fileName})
        </a>
        {c.rejectReason ? <p className="text-sm text-red-700">Reason given: {c.rejectReason}</p> : null}
        {c.status === 'pending' ? (
          <div className="grid gap-3 sm:grid-cols-[1fr_auto_auto] sm:items-end">
            <TextField id={`reason-${c.id}`} label="Reason (to reject)" value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} />
            <Button variant="outline" disabled={busy || reason.trim() === ''} onClick={() => void decide('reject')}>
              Reject
            </Button>
            <Button disabled={busy} onClick={() => void decide('verify')}>
              Verify
            </Button>
          </div>
        ) : null}
        {c.withdrawReason ? (
          <p className="text-sm text-slate-700">
            Withdrawn{c.withdrawnBy === 'owner' ? ' by the firm' : ''}: {c.withdrawReason}
          </p>
        ) : null}
        {c.status === 'verified' || c.renewalDue ? (
          <div className="flex flex-wrap justify-end gap-3">
            {c.renewalDue ? (
              <Button variant="outline" disabled={busy} onClick={() => void decide('verify')}>
                Verify again
              </Button>
            ) : null}
            {c.status === 'verified' ? (
              <Button variant="outline" disabled={busy} onClick={() => setWithdrawing(true)}>
                Withdraw
              </Button>
            ) : null}
          </div>
        ) : null}
        {withdrawing ? (
          <ReasonDialog
            title="Withdraw this certificate?"
            description={`${named}. The firm’s orders from now on are taxed; orders already placed keep what they were charged. The owners are emailed the reason.`}
            reasonLabel="Reason (emailed to the owners)"
            reasonRequired
            actionLabel="Withdraw"
            onAction={withdraw}
            onClose={() => setWithdrawing(false)}
          />
        ) : null}
        {error ? <ErrorNote title="The decision was not saved">{error}</ErrorNote> : null}
      </div>
    </Card>
  );
}
