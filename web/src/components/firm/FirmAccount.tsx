/**
 * The firm page's account card: the terms the counter opened (Net 30, the credit limit, what is
 * open and what is left) and the unpaid invoices, each with its PDF; the owner pays one by card
 * here (the built-in test form or Stripe's), and the list updates once the payment is recorded.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { mutate } from 'swr';
import { longDayText } from '#shared/clock';
import { formatDollars } from '#shared/money';
import { TERMS_TEXT, invoiceOrderText, type InvoiceJson } from '#shared/invoice';
import type { FirmJson } from '#shared/firm';
import { apiRequest } from '../../data/client';
import { useShopConfig } from '../../data/config';
import { MY_FIRM_KEY } from '../../data/firm';
import { errorMessage } from '../../data/useSubmit';
import { Badge, Button, buttonClasses, Card, CardHeader, ErrorNote, Spinner, TextField } from '../ui';
import { toast } from '../toast';
import type { ConfirmPayment } from '../checkout/types';

const StripeCardForm = lazy(() => import('../checkout/StripeCardForm'));

type PayAnswer = { clientSecret: string; provider: 'stripe' | 'demo'; amount: string };

export function FirmAccount({ firm, email }: { firm: FirmJson; email: string }) {
  const { terms } = firm;
  const owner = firm.role === 'owner';
  const [paying, setPaying] = useState<string | null>(null);
  return (
    <Card>
      <CardHeader
        title="Account and invoices"
        description={
          terms.terms
            ? `${TERMS_TEXT[terms.terms]}: members may choose “Invoice to ${firm.name}” at checkout.`
            : 'Orders are paid by card. Ask the counter about Net 30 terms for your firm.'
        }
      />
      {terms.terms ? (
        <dl className="grid grid-cols-3 gap-3 px-4 pb-4 text-sm sm:px-6">
          {(
            [
              ['Credit limit', terms.creditLimit],
              ['Open invoices', terms.openBalance],
              ['Available', terms.available],
            ] as const
          ).map(([label, value]) => (
            <div key={label} className="min-w-0 rounded-md bg-slate-50 p-3">
              <dt className="text-xs text-slate-500">{label}</dt>
              <dd className="truncate font-semibold text-slate-900">{value === null ? '—' : formatDollars(value)}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {firm.invoices.length === 0 ? (
        <p className="border-t border-slate-100 px-4 py-3 text-sm text-slate-600 sm:px-6">No open invoices.</p>
      ) : (
        <ul className="divide-y divide-slate-100 border-t border-slate-100" aria-label="Open invoices">
          {firm.invoices.map((invoice) => (
            <li key={invoice.id} className="grid gap-2 px-4 py-3 sm:px-6">
              <InvoiceLine invoice={invoice} firmId={firm.id} owner={owner} paying={paying === invoice.id} onPay={() => setPaying(invoice.id)} />
              {paying === invoice.id ? <PayInvoice invoice={invoice} firmId={firm.id} email={email} onClose={() => setPaying(null)} /> : null}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function InvoiceLine({ invoice, firmId, owner, paying, onPay }: { invoice: InvoiceJson; firmId: string; owner: boolean; paying: boolean; onPay: () => void }) {
  const overdue = invoice.status === 'overdue';
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900">
          <span className="font-mono">{invoice.number}</span>
          <Badge tone={overdue ? 'failed' : 'pending'}>{overdue ? 'Overdue' : 'Open'}</Badge>
          <span>{formatDollars(invoice.amount)}</span>
        </p>
        <p className={`text-xs ${overdue ? 'font-semibold text-red-700' : 'text-slate-500'}`}>Due {longDayText(invoice.dueOn)}</p>
        <p className="truncate text-xs text-slate-500">{invoiceOrderText(invoice)}</p>
      </div>
      <div className="flex gap-2">
        <a
          href={`/api/firms/${firmId}/invoices/${invoice.id}/pdf`}
          target="_blank"
          rel="noreferrer"
          className={buttonClasses('outline', 'sm')}
          aria-label={`PDF of invoice ${invoice.number}`}
        >
          PDF
        </a>
        {owner && !paying ? (
          <Button size="sm" onClick={onPay} aria-label={`Pay by card: ${invoice.number}`}>
            Pay by card
          </Button>
        ) : null}
      </div>
    </div>
  );
}

/** Reloads the firm a few times while the payment is being recorded (the reconciliation job). */
function refreshUntilRecorded(): void {
  for (const ms of [800, 2000, 4000]) setTimeout(() => void mutate(MY_FIRM_KEY), ms);
}

function PayInvoice({ invoice, firmId, email, onClose }: { invoice: InvoiceJson; firmId: string; email: string; onClose: () => void }) {
  const config = useShopConfig();
  const url = `/api/firms/${firmId}/invoices/${invoice.id}/pay`;
  const [intent, setIntent] = useState<PayAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [card, setCard] = useState('');
  const [busy, setBusy] = useState(false);
  const [stripeConfirm, setStripeConfirm] = useState<ConfirmPayment | null>(null);
  useEffect(() => {
    apiRequest<PayAnswer>('POST', url, {})
      .then(setIntent)
      .catch((caught: unknown) => setError(errorMessage(caught)));
  }, [url]);

  function paid() {
    toast({ title: 'Payment received', description: `Invoice ${invoice.number} is marked paid in a moment.` });
    refreshUntilRecorded();
    onClose();
  }

  async function pay() {
    setBusy(true);
    setError(null);
    try {
      if (intent?.provider === 'stripe') {
        const outcome = stripeConfirm ? await stripeConfirm() : { status: 'failed' as const, message: 'The card form is not ready yet.' };
        if (outcome.status === 'failed') setError(outcome.message);
        else paid();
        return;
      }
      const outcome = await apiRequest<{ status: 'succeeded' | 'declined'; message?: string }>('POST', url, { cardNumber: card });
      if (outcome.status === 'succeeded') paid();
      else setError(outcome.message ?? 'Your card was declined.');
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="grid gap-3 rounded-md border border-slate-200 bg-slate-50 p-3">
      {!intent && !error ? <Spinner label="Preparing the payment…" /> : null}
      {intent?.provider === 'demo' ? (
        <TextField
          id={`card-${invoice.id}`}
          label="Card number"
          inputMode="numeric"
          autoComplete="cc-number"
          value={card}
          onChange={(e) => setCard(e.target.value)}
          hint="Test mode: 4242 4242 4242 4242 succeeds."
        />
      ) : null}
      {intent?.provider === 'stripe' && config.stripePublishableKey ? (
        <Suspense fallback={<Spinner label="Loading the card form…" />}>
          <StripeCardForm
            publishableKey={config.stripePublishableKey}
            clientSecret={intent.clientSecret}
            orderId={invoice.orderId}
            email={email}
            onReady={(fn) => setStripeConfirm(() => fn)}
          />
        </Suspense>
      ) : null}
      {error ? <ErrorNote title="The invoice was not paid">{error}</ErrorNote> : null}
      <div className="flex flex-wrap gap-2">
        <Button size="sm" disabled={!intent || busy || (intent.provider === 'demo' && card.trim() === '')} onClick={() => void pay()}>
          {busy ? 'Paying…' : `Pay ${formatDollars(invoice.amount)}`}
        </Button>
        <Button size="sm" variant="outline" disabled={busy} onClick={onClose}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
