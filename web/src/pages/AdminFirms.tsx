/**
 * /admin/firms: every firm with its owner, its size and its account. The counter opens Net 30 terms
 * with a credit limit (in dollars), changes the limit, or closes the terms; a firm with an overdue
 * invoice says so.
 */
import { useState } from 'react';
import useSWR from 'swr';
import { Link } from 'wouter';
import { Badge, Button, Card, ErrorNote, Field, Select, Spinner, TextField } from '../components/ui';
import { toast } from '../components/toast';
import { AdminPage, useAdminOnly } from '../components/admin/AdminPage';
import { apiRequest, fetcher, type ApiError } from '../data/client';
import { errorMessage } from '../data/useSubmit';
import { formatDollars } from '#shared/money';
import { MAX_CREDIT_LIMIT_DOLLARS } from '#shared/limits';
import { TERMS_TEXT, type AdminFirmJson } from '#shared/invoice';

const KEY = '/api/admin/firms';

export default function AdminFirms() {
  const admin = useAdminOnly();
  const { data, error, mutate } = useSWR<AdminFirmJson[], ApiError>(admin ? KEY : null, fetcher, { revalidateOnMount: true });
  if (!admin) return null;
  return (
    <AdminPage
      title="Firms"
      description={
        <>
          Open Net 30 terms with a credit limit: the firm’s members may then have orders invoiced. Unpaid invoices are on the{' '}
          <Link href="/admin/invoices" className="font-medium text-blueprint-700 underline">
            invoices
          </Link>{' '}
          page.
        </>
      }
    >
      {error ? <ErrorNote title="The firms could not be loaded">{errorMessage(error)}</ErrorNote> : null}
      {!data && !error ? <Spinner label="Loading firms…" /> : null}
      {data?.length === 0 ? <p className="text-slate-600">No firms yet.</p> : null}
      {data?.map((firm) => (
        <FirmTermsCard key={firm.id} firm={firm} onSaved={() => void mutate()} />
      ))}
    </AdminPage>
  );
}

function FirmTermsCard({ firm, onSaved }: { firm: AdminFirmJson; onSaved: () => void }) {
  const [terms, setTerms] = useState<'net30' | ''>(firm.terms ?? '');
  const [limit, setLimit] = useState(firm.creditLimit ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function save() {
    setBusy(true);
    setError(null);
    try {
      await apiRequest('PATCH', `/api/admin/firms/${firm.id}`, terms ? { terms, creditLimit: Number(limit) } : { terms: null });
      toast({ title: 'Terms saved', description: terms ? `${firm.name}: Net 30, limit ${formatDollars(Number(limit))}` : `${firm.name}: card only` });
      onSaved();
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Card className="grid gap-3 p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">
          <h2 className="flex flex-wrap items-center gap-2 text-lg font-semibold text-slate-900">
            <span className="break-words">{firm.name}</span>
            <Badge tone={firm.terms ? 'processing' : 'neutral'}>{firm.terms ? TERMS_TEXT[firm.terms] : 'Card only'}</Badge>
            {firm.overdue > 0 ? <Badge tone="failed">{firm.overdue} overdue</Badge> : null}
          </h2>
          <p className="truncate text-sm text-slate-600">
            {firm.ownerEmail ?? 'No owner'} · {firm.members} {firm.members === 1 ? 'person' : 'people'}
          </p>
        </div>
        {firm.terms ? (
          <p className="text-sm text-slate-700">
            Open {formatDollars(firm.openBalance)} of {formatDollars(firm.creditLimit ?? 0)} · available{' '}
            <span className="font-semibold">{formatDollars(firm.available ?? 0)}</span>
          </p>
        ) : null}
      </div>
      <div className="grid gap-3 sm:grid-cols-[12rem_12rem_auto] sm:items-start">
        <Field htmlFor={`terms-${firm.id}`} label="Terms">
          <Select id={`terms-${firm.id}`} value={terms} onChange={(e) => setTerms(e.target.value === 'net30' ? 'net30' : '')} disabled={busy}>
            <option value="">Card only</option>
            <option value="net30">Net 30</option>
          </Select>
        </Field>
        <TextField
          id={`limit-${firm.id}`}
          label="Credit limit ($)"
          inputMode="decimal"
          value={limit}
          onChange={(e) => setLimit(e.target.value)}
          disabled={busy || !terms}
          hint={`Up to ${formatDollars(MAX_CREDIT_LIMIT_DOLLARS)}`}
        />
        <Button className="sm:mt-7" disabled={busy || (terms === 'net30' && limit.trim() === '')} onClick={() => void save()}>
          {busy ? 'Saving…' : 'Save terms'}
        </Button>
      </div>
      {error ? <ErrorNote title="The terms were not saved">{error}</ErrorNote> : null}
    </Card>
  );
}
