/**
 * The order page's "Pay by card" step for a card order a firm's approver said yes to: the approved
 * total, then the shop's card form (the built-in test form or Stripe's) on the order's one intent,
 * which POST /api/orders/{id}/pay creates through the checkout's own step. Only the person who
 * placed the order may pay it; anyone else is told so. Once the card is confirmed, the page waits
 * for the payment to be recorded like any checkout's order page.
 */
import { lazy, Suspense, useState } from 'react';
import { formatDollars } from '#shared/money';
import type { OrderJson } from '#shared/orderJson';
import { ApiError, apiRequest } from '../../data/client';
import { useShopConfig } from '../../data/config';
import { errorMessage } from '../../data/useSubmit';
import { DemoCardForm, type DemoCard } from '../checkout/DemoCardForm';
import type { ConfirmPayment } from '../checkout/types';
import { Button, Card, CardHeader, ErrorNote, Spinner } from '../ui';

const StripeCardForm = lazy(() => import('../checkout/StripeCardForm'));

type PayAnswer = { orderId: string; clientSecret: string; provider: 'stripe' | 'demo'; amount: number };

const NOT_THE_PLACER = 'Only the person who placed this order can pay it: please sign in with their account, or open it on the device it was placed from.';

export function PayApprovedOrder({ order, onPaid, className }: { order: OrderJson; onPaid: () => void; className?: string }) {
  const config = useShopConfig();
  const [intent, setIntent] = useState<PayAnswer | null>(null);
  const [card, setCard] = useState<DemoCard>({ number: '', expiry: '', cvc: '' });
  const [stripeConfirm, setStripeConfirm] = useState<ConfirmPayment | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const approvedBy = order.approval?.decidedBy ?? 'your firm';

  async function start() {
    setBusy(true);
    setError(null);
    try {
      setIntent(await apiRequest<PayAnswer>('POST', `/api/orders/${order.id}/pay`, {}));
    } catch (caught) {
      setError(caught instanceof ApiError && caught.status === 404 ? NOT_THE_PLACER : errorMessage(caught));
    } finally {
      setBusy(false);
    }
  }

  async function pay() {
    if (!intent) return;
    setBusy(true);
    setError(null);
    try {
      if (intent.provider === 'stripe') {
        const outcome = stripeConfirm ? await stripeConfirm() : { status: 'failed' as const, message: 'The card form is not ready yet.' };
        if (outcome.status === 'failed') setError(outcome.message);
        else onPaid();
        return;
      }
      const outcome = await apiRequest<{ status: 'succeeded' | 'declined'; message?: string }>('POST', '/api/payments/demo/confirm', {
        orderId: order.id,
        cardNumber: card.number,
      });
      if (outcome.status === 'succeeded') onPaid();
      else setError(outcome.message ?? 'Your card was declined.');
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  }

  const amount = intent?.amount ?? order.totalAmount;
  return (
    <Card className={className}>
      <CardHeader title="Pay by card" description={`Approved by ${approvedBy}. Pay ${formatDollars(amount)} by card and the order goes to print at once.`} />
      <div className="grid gap-4 p-6" data-testid="pay-approved-order">
        <p className="text-2xl font-bold text-slate-900">
          {formatDollars(amount)} <span className="text-sm font-normal text-slate-600">approved total</span>
        </p>
        {intent?.provider === 'demo' ? <DemoCardForm card={card} onChange={setCard} disabled={busy} /> : null}
        {intent?.provider === 'stripe' && config.stripePublishableKey ? (
          <Suspense fallback={<Spinner label="Loading the card form…" />}>
            <StripeCardForm
              publishableKey={config.stripePublishableKey}
              clientSecret={intent.clientSecret}
              orderId={order.id}
              email={order.customerEmail}
              onReady={(fn) => setStripeConfirm(() => fn)}
            />
          </Suspense>
        ) : null}
        {error ? <ErrorNote title="The order was not paid">{error}</ErrorNote> : null}
        <div>
          {intent ? (
            <Button size="lg" disabled={busy || (intent.provider === 'demo' && card.number.trim() === '')} onClick={() => void pay()}>
              {busy ? 'Paying…' : `Pay ${formatDollars(amount)}`}
            </Button>
          ) : (
            <Button size="lg" disabled={busy} onClick={() => void start()}>
              {busy ? 'Preparing the payment…' : 'Pay by card'}
            </Button>
          )}
        </div>
      </div>
    </Card>
  );
}
