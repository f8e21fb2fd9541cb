/**
 * /order-success/:orderId and /orders/:orderId: the live order page that every email links to. The
 * current status with its explanation, the timeline (statusHistory), the ready-by promise, tracking
 * once a label exists, the details and the receipt. It polls quickly while the payment is being
 * confirmed, then every 30 s until the order is completed or failed. A `?token=` from an email link
 * is passed on to the API. A card order a firm's approver said yes to is paid here, by its placer
 * (PayApprovedOrder).
 */
import { useState } from 'react';
import useSWR from 'swr';
import { Link, useParams, useSearch } from 'wouter';
import { formatDollars } from '#shared/money';
import { ORDER_PRINT_SIZE_LABELS, PRINT_TYPE_LABELS, type OrderPrintType } from '#shared/pricing';
import { dateTimeText } from '#shared/clock';
import { orderColorText, orderSetsText, PriceLines } from '../components/orders/OrderPrints';
import { projectText } from '#shared/orderText';
import { addressLine } from '#shared/address';
import { ApiError, apiRequest, downloadBlob, fetcher, saveBlob } from '../data/client';
import { errorMessage as errorText } from '../data/useSubmit';
import { useShopConfig } from '../data/config';
import { toast } from '../components/toast';
import { Badge, Button, buttonClasses, Card, CardHeader, Spinner } from '../components/ui';
import { StatusBadge } from '../components/account/status';
import { EmailLinkForm } from '../components/account/EmailLinkForm';
import { formatDeliveryDate } from '../components/checkout/types';
import { RevisionCard } from '../components/orders/RevisionCard';
import { PayApprovedOrder } from '../components/orders/PayApprovedOrder';
import type { OrderJson } from '#shared/orderJson';
import { revisionText } from '#shared/orderText';

type Order = OrderJson;

/** How often the page asks again while the payment is being confirmed, and for how long at most. */
const POLL_MS = 1500;
const POLL_FOR_MS = 10 * 60_000;
/** How often a paid order that is not finished yet is read again. */
const LIVE_MS = 30_000;

/** How often to ask again for `order`: fast while paying, slowly while printing, never once done. */
export function refreshFor(order: Order | undefined, openedAt: number, now = Date.now()): number {
  if (!order) return 0;
  // An order that went to a firm's approver and was cancelled there is done; no payment is coming.
  if (order.approval && order.approval.state !== 'waiting' && order.approval.state !== 'approved' && order.paymentStatus === 'unpaid') return 0;
  if (order.paymentStatus === 'unpaid') return now - openedAt < POLL_FOR_MS ? POLL_MS : 0;
  if (order.paymentStatus === 'refunded' || order.status === 'completed' || order.status === 'failed') return 0;
  return LIVE_MS;
}

const STATUS_LABEL: Record<Order['status'], string> = { pending: 'Order placed', processing: 'Printing', completed: 'Completed', failed: 'Problem reported' };

/** A card order its firm's approver said yes to, not paid yet: its placer pays it on this page. */
export function payableAfterApproval(order: Order): boolean {
  return order.approval?.state === 'approved' && order.approval.payBy === 'card' && order.paymentStatus === 'unpaid' && order.status !== 'failed';
}

/** The heading for where the order is now. */
function headline(order: Order): string {
  if (order.paymentStatus === 'refunded') return 'Order Refunded';
  if (order.paymentStatus === 'awaiting_approval') return 'Waiting for Approval';
  if (payableAfterApproval(order)) return 'Approved — Ready to Pay';
  if (order.approval && order.paymentStatus === 'unpaid' && order.status === 'failed') return 'Order Cancelled';
  switch (order.status) {
    case 'processing':
      return 'Your Order Is Being Printed';
    case 'completed':
      return order.shippingMethod === 'pickup' ? 'Ready for Pickup' : order.trackingNumber ? 'Your Order Has Shipped' : 'Your Order Is Complete';
    case 'failed':
      return 'There Is a Problem With Your Order';
    default:
      return 'Order Confirmed!';
  }
}

export default function OrderSuccess() {
  const { orderId } = useParams<{ orderId: string }>();
  const [openedAt, setOpenedAt] = useState(() => Date.now());
  // The approved order's card was confirmed here: wait for the payment to be recorded.
  const [confirming, setConfirming] = useState(false);
  const search = useSearch();
  const token = new URLSearchParams(search).get('token');
  const query = token ? `?token=${encodeURIComponent(token)}` : '';
  const {
    data: order,
    error,
    isLoading,
    mutate: reload,
  } = useSWR<Order>(orderId ? `/api/orders/${orderId}${query}` : null, fetcher, {
    // An approved order waiting for its card is read again slowly, quickly once its card was confirmed.
    refreshInterval: (latest) => (latest && payableAfterApproval(latest) && !confirming ? LIVE_MS : refreshFor(latest, openedAt)),
  });
  const config = useShopConfig();
  const { shop } = config;

  if (isLoading && !order) {
    return (
      <div className="flex justify-center py-24">
        <Spinner label="Loading your order…" />
      </div>
    );
  }
  if (!order || error) {
    const notFound = !order || (error instanceof ApiError && (error.status === 404 || error.status === 400));
    return (
      <div className="mx-auto max-w-xl px-4 py-24 text-center">
        <h1 className="text-3xl font-bold text-slate-900">Order Not Found</h1>
        <p className="mt-3 text-slate-600">
          {notFound
            ? 'We could not find that order here. An order page opens on the device or account it was placed with, or from the link in its emails.'
            : 'We could not load this order right now.'}
        </p>
        {notFound && (
          <Card className="mt-8 text-left">
            <CardHeader title="Get a link by email" description="Enter the email address you ordered with: we send it a link to its orders." />
            <EmailLinkForm />
          </Card>
        )}
        <Link href="/" className={buttonClasses('primary', 'lg', 'mt-8')}>
          Return Home
        </Link>
      </div>
    );
  }

  async function downloadReceipt() {
    if (!order) return;
    try {
      const blob = await downloadBlob(`/api/orders/${order.id}/receipt${query}`);
      saveBlob(blob, `receipt-${order.id}.pdf`);
      toast({ title: 'Receipt downloaded' });
    } catch {
      toast({ title: 'Download failed', description: 'Failed to download receipt. Please try again.', variant: 'destructive' });
    }
  }

  const waiting = order.paymentStatus === 'awaiting_approval';
  const payable = payableAfterApproval(order) && !confirming;
  // Cancelled while it waited for the firm's approver (declined, withdrawn or expired): never paid.
  const cancelledUnpaid = order.approval !== null && order.paymentStatus === 'unpaid' && !payableAfterApproval(order);
  const paid = order.paymentStatus !== 'unpaid' && !waiting;
  const size = ORDER_PRINT_SIZE_LABELS[order.printSize] ?? order.printSize;
  const type = PRINT_TYPE_LABELS[order.printType as OrderPrintType] ?? order.printType;
  const a = order.shippingAddress;
  const project = projectText({ code: order.projectCode, name: order.projectName });
  const taxLabel = order.taxAmount === 0 ? 'Tax' : `Tax${order.taxState ? ` (${order.taxState})` : ''}`;
  const estimated = order.shippingMethod === 'shipping' && order.estimatedDelivery ? estimateText(order.estimatedDelivery) : null;
  const when = (iso: string) => dateTimeText(new Date(iso), { timeZone: shop.timeZone });
  // No promise left to keep: printed, failed or refunded.
  const done = order.status === 'completed' || order.status === 'failed' || order.paymentStatus === 'refunded';
  const readyText = order.readyBy ? (order.readyByText?.replace(/^Today/, 'today') ?? when(order.readyBy)) : null;

  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:py-14">
      <div className="text-center">
        <div
          className={`mx-auto flex h-16 w-16 items-center justify-center rounded-full text-3xl ${order.status === 'failed' ? 'bg-red-100 text-red-700' : 'bg-green-100 text-green-700'}`}
          aria-hidden="true"
        >
          {order.status === 'failed' ? '!' : '✓'}
        </div>
        <h1 className="mt-4 text-3xl font-bold text-slate-900">{headline(order)}</h1>
        <p className="mt-2 text-slate-600">
          Thank you, {order.customerFirstName || 'there'}. Your order number is{' '}
          <span className="font-mono font-semibold text-slate-900">{order.orderNumber}</span>.
        </p>
        <div className="mt-3 flex justify-center" aria-live="polite">
          {waiting ? (
            <span className="flex flex-wrap items-center justify-center gap-2">
              <Badge tone="pending">Waiting for your firm’s approval</Badge>
              <Button
                size="sm"
                variant="outline"
                onClick={() =>
                  void apiRequest<Order>('POST', `/api/orders/${order.id}/withdraw${query}`, {})
                    .then((withdrawn) => reload(withdrawn, { revalidate: false }))
                    .then(() => toast({ title: 'Order withdrawn', description: 'Nothing was charged or printed.' }))
                    .catch((caught: unknown) => toast({ title: 'Could not withdraw the order', description: errorText(caught), variant: 'destructive' }))
                }
              >
                Withdraw order
              </Button>
            </span>
          ) : payable ? (
            <Badge tone="pending">Approved — pay by card below</Badge>
          ) : cancelledUnpaid ? (
            <Badge tone="failed">Not approved</Badge>
          ) : paid ? (
            <Badge tone={order.paymentStatus === 'refunded' ? 'neutral' : 'completed'}>
              {order.paymentStatus === 'refunded' ? 'Refunded' : order.paymentStatus === 'invoiced' ? "Invoiced to your firm's account" : 'Payment received'}
            </Badge>
          ) : (
            <Spinner label="Confirming your payment…" />
          )}
        </div>
      </div>

      <div className="mt-10 grid gap-6 md:grid-cols-2">
        {payable && (
          <PayApprovedOrder
            className="md:col-span-2"
            order={order}
            onPaid={() => {
              setConfirming(true);
              // Poll quickly again from now, as after a checkout's payment.
              setOpenedAt(Date.now());
              void reload();
            }}
          />
        )}
        <Card className="md:col-span-2">
          <CardHeader title="Order status" description={paid && !done ? 'This page updates by itself.' : undefined} />
          <div className="grid gap-5 p-6 sm:grid-cols-2">
            <div className="grid content-start gap-3 text-sm" aria-live="polite">
              <div className="flex items-center gap-3">
                <StatusBadge status={order.status} statusText={order.statusText} />
                <span className="text-slate-700" data-testid="order-status-text">
                  {order.statusText}
                </span>
              </div>
              {order.readyBy && !done && (
                <p className="rounded-md bg-blueprint-50 px-3 py-2 text-blueprint-900" data-testid="order-ready-by">
                  <span className="font-semibold">Ready {readyText}</span>
                  {order.rushOrder ? ' (rush)' : ''}
                  {order.shippingMethod === 'pickup' ? ` for pickup at ${shop.address}.` : ', then it ships.'}
                </p>
              )}
              {order.trackingNumber && (
                <p className="text-slate-700">
                  Tracking number <span className="font-mono font-semibold text-slate-900">{order.trackingNumber}</span>
                  {order.trackingUrl && (
                    <>
                      {' · '}
                      <a href={order.trackingUrl} target="_blank" rel="noreferrer" className="font-medium text-blueprint-700 underline underline-offset-2">
                        Track your package
                      </a>
                    </>
                  )}
                </p>
              )}
              {order.shippingMethod === 'pickup' && (
                <p className="text-slate-700">
                  Pickup at {shop.name},{' '}
                  <a href={shop.mapUrl} target="_blank" rel="noreferrer" className="text-blueprint-700 underline underline-offset-2">
                    {shop.address}
                  </a>
                  . {shop.hoursText}.
                </p>
              )}
            </div>
            <ol className="grid content-start gap-3 border-l-2 border-blueprint-100 pl-4 text-sm" aria-label="Order timeline">
              {order.statusHistory.map((step, i) => (
                <li key={`${step.status}-${step.at}-${i}`} className="relative">
                  <span className="absolute -left-[23px] top-1 h-3 w-3 rounded-full bg-blueprint-500" aria-hidden="true" />
                  <span className="font-medium text-slate-900">{STATUS_LABEL[step.status] ?? step.status}</span>
                  <span className="block text-slate-600">{when(step.at)}</span>
                </li>
              ))}
            </ol>
          </div>
        </Card>

        <Card className="md:col-span-2">
          <CardHeader title="Order details" description={when(order.createdAt)} />
          <div className="grid gap-6 p-6 sm:grid-cols-2">
            <dl className="grid gap-2 text-sm">
              {/* The job name has its own row: the drawings are named here only when it does not name them. */}
              {order.name !== order.jobName && <Row label="Drawings" value={order.name} />}
              {order.printPositions && <Row label="Revision" value={revisionText(order.revisionOf?.orderNumber ?? null, order.printPositions.length)} />}
              <Row label="Sets" value={orderSetsText(order)} />
              <Row label="Size" value={size} />
              <Row label="Type" value={type} />
              {order.printType === 'auto' && <Row label="Color sheets" value={orderColorText(order)} />}
              {order.jobName && <Row label="Job name" value={order.jobName} />}
              {order.poNumber && <Row label="PO" value={order.poNumber} />}
              {project && <Row label="Project" value={project} />}
              {order.notes && <Row label="Notes" value={order.notes} />}
              {order.pricePerPage !== null && <Row label="Price per sheet" value={formatDollars(order.pricePerPage)} />}
              {order.rushOrder && <Row label="Turnaround" value="RUSH ORDER" />}
              <Row
                label="Delivery"
                value={order.shippingMethod === 'pickup' ? `Pickup at ${shop.address}` : `Shipping${order.shippingService ? `: ${order.shippingService}` : ''}`}
              />
              {a && order.shippingMethod === 'shipping' && <Row label="Ship to" value={addressLine(a)} />}
              {estimated && <Row label="Estimated delivery" value={estimated} />}
            </dl>
            <div className="grid content-start gap-3">
              <PriceLines lines={order.lines} />
              <dl className="grid content-start gap-2 text-sm">
                <Row label="Subtotal" value={formatDollars(order.subtotal)} />
                <Row label="Rush fee" value={formatDollars(order.rushFee)} />
                <Row
                  label="Shipping"
                  value={order.shippingMethod === 'pickup' ? 'Free (Pickup)' : order.shippingCost === 0 ? 'Free' : formatDollars(order.shippingCost)}
                />
                {order.taxExemption ? (
                  <Row label={order.taxExemption.label} value={formatDollars(0)} />
                ) : (
                  <Row label={taxLabel} value={order.taxAmount === 0 ? '$0.00 (No State Tax)' : formatDollars(order.taxAmount)} />
                )}
                <div className="flex justify-between border-t border-slate-200 pt-2 text-base font-semibold text-slate-900">
                  <dt>Total</dt>
                  <dd>{formatDollars(order.totalAmount)}</dd>
                </div>
                {order.cardLast4 && <Row label="Paid by card" value={`ending in ${order.cardLast4}`} />}
              </dl>
            </div>
          </div>
        </Card>

        <Card>
          <CardHeader title="What's Next?" />
          <ol className="grid list-decimal gap-2 p-6 pl-10 text-sm text-slate-700" data-testid="whats-next">
            <WhatsNext order={order} readyText={readyText} done={done} pickupText={`Pick up at ${shop.address}. Pickup hours: ${shop.hoursText}.`} />
            <li>
              Questions? Email{' '}
              <a className="text-blueprint-700 underline" href={`mailto:${config.supportEmail}`}>
                {config.supportEmail}
              </a>{' '}
              or call {config.supportPhone}.
            </li>
          </ol>
        </Card>

        <Card>
          <CardHeader title="Customer information" />
          <dl className="grid gap-2 p-6 text-sm">
            <Row label="Name" value={`${order.customerFirstName} ${order.customerLastName}`.trim()} />
            <Row label="Email" value={order.customerEmail} />
            {order.customerPhone && <Row label="Phone" value={order.customerPhone} />}
          </dl>
        </Card>

        {paid && order.paymentStatus !== 'refunded' && <RevisionCard orderId={order.id} orderNumber={order.orderNumber} query={query} printedAs={order} />}
      </div>

      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        <Link href="/" className={buttonClasses('outline', 'lg')}>
          Place Another Order
        </Link>
        <Button size="lg" onClick={downloadReceipt} disabled={!paid}>
          Download Receipt
        </Button>
      </div>
    </div>
  );
}

/**
 * The "What's Next?" steps for where the order is now: the promise only while it can still be kept;
 * once printed, shipped, failed or refunded, the order's own status sentence says what happens next.
 */
function WhatsNext({ order, readyText, done, pickupText }: { order: Order; readyText: string | null; done: boolean; pickupText: string }) {
  if (done) {
    return (
      <>
        <li>{order.statusText}</li>
        {order.status === 'completed' && order.shippingMethod === 'pickup' && order.paymentStatus !== 'refunded' && <li>{pickupText}</li>}
      </>
    );
  }
  return (
    <>
      <li>We email {order.customerEmail} the confirmation and receipt, and again at each step.</li>
      <li>
        {readyText
          ? `${order.rushOrder ? 'Your rush order goes to the front of the queue: ready' : 'We print your drawings: ready'} ${readyText}.`
          : 'We print your drawings: orders placed before 12 PM are ready by end of day.'}
      </li>
      {order.shippingMethod === 'pickup' ? <li>{pickupText}</li> : <li>We ship your prints in a tube and email you the tracking link.</li>}
    </>
  );
}

function estimateText(value: string): string {
  const [date, ...rest] = value.split(' ');
  const pretty = /^\d{4}-\d{2}-\d{2}$/.test(date) ? formatDeliveryDate(date) : null;
  return pretty ? [pretty, ...rest].join(' ') : value;
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between gap-4">
      <dt className="text-slate-600">{label}</dt>
      <dd className="break-words text-right font-medium text-slate-900">{value}</dd>
    </div>
  );
}
