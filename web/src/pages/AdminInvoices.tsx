/**
 * /admin/invoices: invoices of orders placed on firms' accounts, open (overdue ones first and
 * marked), overdue only, or paid. The counter opens each PDF and marks an invoice paid when a check
 * or transfer comes in; the order becomes paid with it.
 */
import { useState } from 'react';
import useSWR from 'swr';
import { Link } from 'wouter';
import { Badge, Button, buttonClasses, Card, ErrorNote, Spinner } from '../components/ui';
import { toast } from '../components/toast';
import { ReasonDialog } from '../components/ReasonDialog';
import { AdminPage, useAdminOnly } from '../components/admin/AdminPage';
import { apiRequest, fetcher, type ApiError } from '../data/client';
import { errorMessage } from '../data/useSubmit';
import { formatDollars } from '#shared/money';
import { longDayText } from '#shared/clock';
import { invoiceOrderText, type InvoiceJson, type InvoiceStatus } from '#shared/invoice';

type AdminInvoice = InvoiceJson & { firmName: string };
const FILTERS = [
  ['open', 'Open'],
  ['overdue', 'Overdue'],
  ['paid', 'Paid'],
] as const;
type Filter = (typeof FILTERS)[number][0];
const TONE: Record<InvoiceStatus, 'pending' | 'failed' | 'completed' | 'neutral'> = { open: 'pending', overdue: 'failed', paid: 'completed', void: 'neutral' };
const LABEL: Record<InvoiceStatus, string> = { open: 'Open', overdue: 'Overdue', paid: 'Paid', void: 'Void' };

export default function AdminInvoices() {
  const admin = useAdminOnly();
  const [filter, setFilter] = useState<Filter>('open');
  const { data, error, mutate } = useSWR<AdminInvoice[], ApiError>(admin ? `/api/admin/invoices?status=${filter}` : null, fetcher, { revalidateOnMount: true });
  if (!admin) return null;
  return (
    <AdminPage
      wide
      title="Invoices"
      description={
        <>
          Orders placed on a firm’s account (Net 30). An overdue invoice stops the firm’s new orders on account until it is paid. Terms are set on the{' '}
          <Link href="/admin/firms" className="font-medium text-blueprint-700 underline">
            firms
          </Link>{' '}
          page.
        </>
      }
    >
      <div role="group" aria-label="Show invoices" className="flex flex-wrap gap-2">
        {FILTERS.map(([value, label]) => (
          <Button key={value} size="sm" variant={filter === value ? 'primary' : 'outline'} aria-pressed={filter === value} onClick={() => setFilter(value)}>
            {label}
          </Button>
        ))}
      </div>
      {error ? <ErrorNote title="The invoices could not be loaded">{errorMessage(error)}</ErrorNote> : null}
      {!data && !error ? <Spinner label="Loading invoices…" /> : null}
      {data?.length === 0 ? <p className="text-slate-600">No {filter} invoices.</p> : null}
      {data && data.length > 0 ? (
        <Card>
          <ul className="divide-y divide-slate-100">
            {data.map((invoice) => (
              <InvoiceRow key={invoice.id} invoice={invoice} onPaid={() => void mutate()} />
            ))}
          </ul>
        </Card>
      ) : null}
    </AdminPage>
  );
}

function InvoiceRow({ invoice, onPaid }: { invoice: AdminInvoice; onPaid: () => void }) {
  const [asking, setAsking] = useState(false);
  const overdue = invoice.status === 'overdue';
  // Asked in the shop's own dialog, which records the payment's reference; its errors stay in it.
  async function markPaid(reference: string) {
    await apiRequest('POST', `/api/admin/invoices/${invoice.id}/mark-paid`, { reference: reference || null });
    toast({ title: 'Invoice paid', description: `${invoice.number}: order ${invoice.orderNumber} is paid.` });
    onPaid();
  }
  return (
    <li className={`flex flex-wrap items-center justify-between gap-3 px-4 py-3 sm:px-6 ${overdue ? 'border-l-4 border-red-500 bg-red-50' : ''}`}>
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900">
          <span className="font-mono">{invoice.number}</span>
          <Badge tone={TONE[invoice.status]}>{LABEL[invoice.status]}</Badge>
          <span className="break-words">{invoice.firmName}</span>
          <span>{formatDollars(invoice.amount)}</span>
        </p>
        <p className={`text-xs ${overdue ? 'font-semibold text-red-700' : 'text-slate-600'}`}>
          {invoice.paidAt
            ? `Paid ${new Date(invoice.paidAt).toLocaleDateString('en-US')} ${invoice.paidBy === 'card' ? 'by card' : 'at the counter'}${invoice.paymentReference ? ` (ref. ${invoice.paymentReference})` : ''}`
            : `Due ${longDayText(invoice.dueOn)}`}
        </p>
        <p className="truncate text-xs text-slate-600">{invoiceOrderText(invoice)}</p>
      </div>
      <div className="flex gap-2">
        <a
          href={`/api/admin/invoices/${invoice.id}/pdf`}
          target="_blank"
          rel="noreferrer"
          className={buttonClasses('outline', 'sm')}
          aria-label={`PDF of invoice ${invoice.number}`}
        >
          PDF
        </a>
        {invoice.status === 'open' || overdue ? (
          <Button size="sm" onClick={() => setAsking(true)} aria-label={`Mark paid: ${invoice.number}`}>
            Mark paid
          </Button>
        ) : null}
        {asking ? (
          <ReasonDialog
            title={`Mark invoice ${invoice.number} paid?`}
            description={`${invoice.firmName}, ${formatDollars(invoice.amount)}: its order ${invoice.orderNumber} becomes paid.`}
            reasonLabel="Reference (check number, transfer id)"
            reasonRequired={false}
            actionLabel="Mark paid"
            actionVariant="primary"
            onAction={markPaid}
            onClose={() => setAsking(false)}
          />
        ) : null}
      </div>
    </li>
  );
}
