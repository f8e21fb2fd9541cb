/**
 * /order-lookup (Track Orders): ask for an emailed link to the orders of an address, check one
 * order's status with email + order number, and, opened from the emailed link (?token=), the list.
 */
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import useSWR from 'swr';
import { z } from 'zod';
import { Link, useSearch } from 'wouter';
import { Button, Card, CardHeader, ErrorNote, Spinner, TextField } from '../components/ui';
import { ApiError, apiRequest, fetcher } from '../data/client';
import { errorMessage } from '../data/useSubmit';
import { EmailLinkForm } from '../components/account/EmailLinkForm';
import { StatusBadge, StatusIcon, StatusText, formatDate } from '../components/account/status';
import { formatDollars } from '#shared/money';
import { emailField, orderNumberField } from '#shared/fields';

/** What both lookups say of an order's state (api/src/routes/orders.ts). */
type LookupStatus = {
  id: string;
  orderNumber: string;
  status: string;
  statusText: string;
  readyBy: string | null;
  readyByText: string | null;
  createdAt: string;
  url: string;
};
type LookupOrder = LookupStatus & { name: string; fileName: string; totalAmount: number };

export default function OrderLookup() {
  const token = new URLSearchParams(useSearch()).get('token');
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:py-12">
      <h1 className="text-3xl font-bold text-slate-900">Track Orders</h1>
      <p className="mt-1 text-slate-600">No account needed: we email the order list to the address you ordered with.</p>
      <div className="mt-6 grid gap-6">
        {token && <TokenOrders token={token} />}
        <EmailLinkCard />
        <QuickCheckForm />
      </div>
    </div>
  );
}

function TokenOrders({ token }: { token: string }) {
  const { data, error, isLoading } = useSWR<LookupOrder[], ApiError>(`/api/orders/lookup?token=${encodeURIComponent(token)}`, fetcher);
  return (
    <Card>
      <CardHeader title="Your orders" description="The paid orders placed with your email address." />
      <div className="p-4 sm:p-6">
        {isLoading ? (
          <Spinner label="Loading your orders…" />
        ) : error ? (
          <p role="alert" className="text-sm text-red-700">
            {error.status === 404 ? 'This tracking link is invalid or has expired. Ask for a new one below.' : error.serverMessage}
          </p>
        ) : !data || data.length === 0 ? (
          <p className="text-sm text-slate-600">No paid orders were found for this email address.</p>
        ) : (
          <ul className="grid gap-3" aria-label="Orders found">
            {data.map((o) => (
              <li key={o.id} className={`rounded-lg border p-4 ${o.status === 'failed' ? 'border-red-200 bg-red-50' : 'border-slate-200 bg-white'}`}>
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="flex items-center gap-2 font-semibold text-slate-900">
                    <StatusIcon status={o.status} />
                    <Link href={o.url} className="text-blueprint-700 underline underline-offset-2 hover:text-blueprint-900">
                      Order #{o.orderNumber}
                    </Link>
                  </p>
                  <StatusBadge status={o.status} statusText={o.statusText} />
                </div>
                <p className="mt-1 text-sm text-slate-700">
                  {o.name} • {formatDate(o.createdAt)} • {formatDollars(o.totalAmount)}
                </p>
                <div className="mt-2 grid gap-2">
                  <StatusText status={o.status} text={o.statusText} />
                  <ReadyBy order={o} />
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}

function EmailLinkCard() {
  return (
    <Card>
      <CardHeader title="Find your orders by email" description="We send a link to your orders to that address. It works for 24 hours." />
      <EmailLinkForm />
    </Card>
  );
}

const QuickCheck = z.object({ email: emailField, orderNumber: orderNumberField });

function QuickCheckForm() {
  const [result, setResult] = useState<LookupStatus[] | null>(null);
  const form = useForm<z.input<typeof QuickCheck>, unknown, z.output<typeof QuickCheck>>({
    resolver: zodResolver(QuickCheck),
    defaultValues: { email: '', orderNumber: '' },
  });
  const { errors, isSubmitting } = form.formState;
  // The spec: the search waits for an email with an @ in it.
  const email = useWatch({ control: form.control, name: 'email' });
  const failedRef = useRef<HTMLDivElement>(null);
  const failed = errors.root?.server?.message;
  // A failed lookup is about neither field alone: its note takes focus.
  useEffect(() => {
    if (failed) failedRef.current?.focus();
  }, [failed]);

  async function check({ email, orderNumber }: z.output<typeof QuickCheck>) {
    setResult(null);
    try {
      const query = new URLSearchParams({ email, orderNumber });
      setResult(await apiRequest<LookupStatus[]>('GET', `/api/orders/lookup?${query}`));
    } catch (error) {
      form.setError('root.server', { message: errorMessage(error, 'Please try again.') });
    }
  }

  return (
    <Card>
      <CardHeader title="Quick status check" description="Enter the email you ordered with and the 8-character order number from your confirmation." />
      {/* A refused check puts the last answer away, so a refusal never sits beside an old result. */}
      <form onSubmit={form.handleSubmit(check, () => setResult(null))} className="grid gap-3 p-4 sm:p-6" noValidate>
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            id="quick-email"
            label="Email you ordered with"
            type="email"
            autoComplete="email"
            required
            error={errors.email?.message}
            {...form.register('email')}
          />
          <TextField
            id="quick-number"
            label="Order number"
            maxLength={12}
            placeholder="e.g. 4F2A9C01"
            style={{ textTransform: 'uppercase' }}
            required
            error={errors.orderNumber?.message}
            {...form.register('orderNumber')}
          />
        </div>
        <div>
          <Button type="submit" variant="outline" disabled={isSubmitting || !email.includes('@')}>
            {isSubmitting ? 'Checking…' : 'Check status'}
          </Button>
        </div>
        {failed && (
          <ErrorNote ref={failedRef} title="Status check failed">
            {failed}
          </ErrorNote>
        )}
        <div role="status">
          {result && result.length === 0 && <p className="text-sm text-slate-700">No order matches that email address and order number.</p>}
          {result?.map((o) => (
            <div key={o.orderNumber} className={`rounded-lg border p-4 ${o.status === 'failed' ? 'border-red-200 bg-red-50' : 'border-slate-200'}`}>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="flex items-center gap-2 font-semibold text-slate-900">
                  <StatusIcon status={o.status} />
                  Order #{o.orderNumber}
                </p>
                <StatusBadge status={o.status} statusText={o.statusText} />
              </div>
              <p className="mt-1 text-sm text-slate-600">Placed {formatDate(o.createdAt)}</p>
              <div className="mt-2 grid gap-2">
                <StatusText status={o.status} text={o.statusText} />
                <ReadyBy order={o} />
                <p className="text-sm">
                  <Link href={o.url} className="font-medium text-blueprint-700 underline underline-offset-2 hover:text-blueprint-900">
                    Open the order page
                  </Link>
                  <span className="text-slate-600">
                    {' '}
                    — it opens on the device or account you ordered with; elsewhere, use &ldquo;Email me my orders&rdquo; above for a link.
                  </span>
                </p>
              </div>
            </div>
          ))}
        </div>
      </form>
    </Card>
  );
}

/** The promised ready-by, while the order is still on its way to it. */
function ReadyBy({ order }: { order: LookupStatus }) {
  if (!order.readyByText) return null;
  return (
    <p className="rounded-md bg-blueprint-50 px-3 py-2 text-sm font-medium text-blueprint-900" data-testid="lookup-ready-by">
      Ready {order.readyByText.replace(/^Today/, 'today')}
    </p>
  );
}
