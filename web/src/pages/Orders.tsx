/** /orders: 'Your Orders', newest first, each with its details, View, Receipt and 'Order again'. */
import { Link } from 'wouter';
import { Card, Spinner, buttonClasses } from '../components/ui';
import { useUser } from '../data/auth';
import { useMyOrders, type Order } from '../data/accountOrders';
import { StatusBadge, StatusIcon, StatusText, formatDate } from '../components/account/status';
import { ReceiptButton, ReorderButton } from '../components/account/OrderActions';
import { useRedirectToLogin } from '../components/account/useSignedInOnly';
import { formatDollars } from '#shared/money';
import { ORDER_PRINT_SIZE_LABELS, PRINT_TYPE_LABELS, type OrderPrintType } from '#shared/pricing';
import { jobText, orderSetsText, PriceLines, projectLine } from '../components/orders/OrderPrints';

export default function Orders() {
  const { user, isLoading: userLoading } = useUser();
  const { data: orders, error, isLoading } = useMyOrders(Boolean(user));
  const expired = (!userLoading && !user) || error?.status === 401;
  useRedirectToLogin(expired, { title: 'Session expired', description: 'Please sign in again to continue.', variant: 'destructive' });

  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-10">
      <h1 className="text-3xl font-bold text-slate-900">Your Orders</h1>
      <p className="mt-1 text-slate-600">Every paid order on your account, newest first.</p>
      <div className="mt-6">
        {userLoading || isLoading || expired ? (
          <div className="flex justify-center py-16">
            <Spinner />
          </div>
        ) : error ? (
          <Card className="p-6 text-sm text-red-700" role="alert">
            We could not load your orders. Please refresh the page.
          </Card>
        ) : !orders || orders.length === 0 ? (
          <Card className="p-10 text-center">
            <h2 className="text-lg font-semibold text-slate-900">No orders yet</h2>
            <p className="mt-1 text-sm text-slate-600">Upload a PDF drawing set to place your first order.</p>
            <Link href="/" className={buttonClasses('primary', 'md', 'mt-4')}>
              Upload Blueprint
            </Link>
          </Card>
        ) : (
          <ul className="grid gap-4" aria-label="Orders">
            {orders.map((o) => (
              <OrderRow key={o.id} order={o} />
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

function OrderRow({ order }: { order: Order }) {
  const size = ORDER_PRINT_SIZE_LABELS[order.printSize] ?? order.printSize;
  const type = PRINT_TYPE_LABELS[order.printType as OrderPrintType] ?? order.printType;
  return (
    <li>
      <Card className="p-5 sm:p-6">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="flex min-w-0 items-start gap-3">
            <StatusIcon status={order.status} className="mt-0.5 h-6 w-6" />
            <div className="min-w-0">
              <h2 className="truncate font-semibold text-slate-900">{order.name}</h2>
              <p className="text-sm text-slate-600">
                <Link href={`/orders/${order.id}`} className="hover:underline">
                  Order #{order.orderNumber}
                </Link>{' '}
                • {formatDate(order.createdAt)}
                {order.readyBy && order.readyByText && (order.status === 'pending' || order.status === 'processing')
                  ? ` • Ready ${order.readyByText.replace(/^Today/, 'today')}`
                  : ''}
              </p>
            </div>
          </div>
          <div className="flex items-center gap-2">
            {order.rushOrder && <span className="rounded bg-orange-100 px-2 py-0.5 text-xs font-bold text-orange-900">RUSH</span>}
            <StatusBadge status={order.status} statusText={order.statusText} />
          </div>
        </div>
        <dl className="mt-4 grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
          <Detail label="Sets" value={orderSetsText(order)} />
          <Detail label="Size" value={size} />
          <Detail label="Type" value={type} />
          <Detail label="Total" value={formatDollars(order.totalAmount)} strong />
        </dl>
        {jobText(order) && <p className="mt-3 text-sm text-slate-700">{jobText(order)}</p>}
        {projectLine(order) && <p className="mt-1 text-sm text-slate-700">{projectLine(order)}</p>}
        <PriceLines lines={order.lines} className="mt-3 grid gap-1 text-sm" />
        <div className="mt-3">
          <StatusText status={order.status} text={order.statusText} />
        </div>
        <div className="mt-4 flex flex-wrap gap-2">
          <Link href={`/order-success/${order.id}`} className={buttonClasses('outline', 'sm')} aria-label={`View order ${order.orderNumber}`}>
            View
          </Link>
          <ReceiptButton orderId={order.id} aria-label={`Receipt for order ${order.orderNumber}`} />
          <ReorderButton orderId={order.id} aria-label={`Order again: ${order.name}`} />
        </div>
      </Card>
    </li>
  );
}

function Detail({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div>
      <dt className="text-xs uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className={strong ? 'font-semibold text-slate-900' : 'text-slate-800'}>{value}</dd>
    </div>
  );
}
