/**
 * The signed-in home (at / for customers, and at /dashboard): greeting ("Welcome" on the account's
 * first sign-in, "Welcome back" after), upload card, recent orders,
 * quick stats, counters, the latest order, the firm's orders (for a firm's people, filtered by
 * project and by person) and quick actions. Signed out at /dashboard: 'Please sign
 * in' and /login after 500 ms.
 */
import { Link } from 'wouter';
import { Card, CardHeader, Spinner, buttonClasses } from '../components/ui';
import { UploadSection } from '../components/upload/UploadSection';
import { useUser } from '../data/auth';
import { useMyFirm } from '../data/firm';
import { FirmOrders } from '../components/firm/FirmOrders';
import { useMyOrders, type Order } from '../data/accountOrders';
import { PROCESSING_PROMISE, StatusBadge, StatusIcon, StatusText, formatDate } from '../components/account/status';
import { ReceiptButton } from '../components/account/OrderActions';
import { useRedirectToLogin } from '../components/account/useSignedInOnly';
import { formatDollars } from '#shared/money';
import { ORDER_PRINT_SIZE_LABELS, PRINT_TYPE_LABELS } from '#shared/pricing';
import { jobText, orderSetsText, PriceLines, projectLine } from '../components/orders/OrderPrints';

export default function Dashboard() {
  const { user, isLoading } = useUser();
  useRedirectToLogin(!isLoading && !user, { title: 'Please sign in', description: 'You need to be signed in to view your dashboard.' });
  if (!user) {
    return (
      <div className="flex justify-center py-24">
        <Spinner />
      </div>
    );
  }
  return <DashboardContent firstName={user.firstName} firstVisit={user.previousSignInAt === null} />;
}

function scrollToUpload(e: React.MouseEvent) {
  const target = document.getElementById('upload');
  if (!target) return;
  e.preventDefault();
  target.scrollIntoView({ behavior: 'smooth', block: 'start' });
  target.querySelector<HTMLElement>('input, button')?.focus({ preventScroll: true });
}

/** `firstVisit`: the account has not signed in before this session, so "Welcome", not "Welcome back". */
export function DashboardContent({ firstName, firstVisit }: { firstName: string | null; firstVisit: boolean }) {
  const { data: orders, error, isLoading } = useMyOrders();
  useRedirectToLogin(error?.status === 401, { title: 'Session expired', description: 'Please sign in again to continue.', variant: 'destructive' });
  const list = orders ?? [];
  const latest = list[0];
  const totalSpent = list.reduce((sum, o) => sum + Number(o.totalAmount), 0);
  const pagesPrinted = list.reduce((sum, o) => sum + o.pageCount * o.sets, 0);
  const completed = list.filter((o) => o.status === 'completed').length;

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-10">
      <header>
        <h1 className="text-3xl font-bold text-slate-900">
          {firstVisit ? 'Welcome' : 'Welcome back'}, {firstName?.trim() || 'Customer'}
        </h1>
        <p className="mt-1 text-slate-600">Upload a drawing set, follow your orders and download receipts.</p>
      </header>

      <section aria-label="Order counters" className="mt-6 grid grid-cols-3 gap-2 sm:gap-4">
        <Counter label="Total Orders" value={String(list.length)} />
        <Counter label="Completed" value={String(completed)} />
        <Counter label="Latest Status" value={latest ? latest.status.charAt(0).toUpperCase() + latest.status.slice(1) : 'None'} />
      </section>

      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <div className="grid content-start gap-6 lg:col-span-2">
          <Card id="upload" className="scroll-mt-20">
            <CardHeader title="Upload a Blueprint" description='PDF drawing sets, one file or several, 24" x 36" or 30" x 42", up to 50 MB each.' />
            <div className="p-4 sm:p-6">
              <UploadSection />
            </div>
          </Card>

          {isLoading ? (
            <Card className="flex justify-center p-10">
              <Spinner label="Loading your orders…" />
            </Card>
          ) : latest ? (
            <LatestOrder order={latest} />
          ) : (
            <Card className="p-8 text-center">
              <h2 className="text-lg font-semibold text-slate-900">No orders yet</h2>
              <p className="mt-1 text-sm text-slate-600">Your orders will show here once you place one.</p>
              <a href="/#upload" onClick={scrollToUpload} className={buttonClasses('primary', 'md', 'mt-4')}>
                Upload your first blueprint
              </a>
            </Card>
          )}
          <DashboardFirmOrders />
        </div>

        <div className="grid content-start gap-6">
          <Card>
            <CardHeader
              title="Recent Orders"
              action={
                <Link href="/orders" className="text-sm font-medium text-blueprint-700 underline">
                  View All
                </Link>
              }
            />
            {list.length === 0 ? (
              // The empty state is said once, beside: this card only says it is loading.
              <p className="px-6 py-4 text-sm text-slate-600">{isLoading ? 'Loading…' : 'Your recent orders will be listed here.'}</p>
            ) : (
              <ul className="divide-y divide-slate-100">
                {list.slice(0, 3).map((o) => (
                  <li key={o.id} className="flex items-center gap-3 px-6 py-3">
                    <StatusIcon status={o.status} />
                    <div className="min-w-0 flex-1">
                      <Link href={`/orders/${o.id}`} className="block truncate text-sm font-medium text-slate-900 hover:underline">
                        {o.name}
                      </Link>
                      <p className="text-xs text-slate-600">
                        #{o.orderNumber} • {orderSetsText(o)}
                        {jobText(o) ? ` · ${jobText(o)}` : ''}
                        {o.projectCode ? ` · ${o.projectCode}` : ''}
                      </p>
                    </div>
                    <span className="text-sm font-semibold text-slate-900">{formatDollars(o.totalAmount)}</span>
                  </li>
                ))}
              </ul>
            )}
          </Card>

          <Card>
            <CardHeader title="Quick Stats" />
            <dl className="grid gap-3 px-6 py-4 text-sm">
              <Stat label="Total orders" value={String(list.length)} />
              <Stat label="Total spent" value={formatDollars(totalSpent)} />
              <Stat label="Pages printed" value={String(pagesPrinted)} />
            </dl>
          </Card>

          <Card>
            <CardHeader title="Quick Actions" />
            <div className="grid gap-2 p-4">
              <a href="/#upload" onClick={scrollToUpload} className={buttonClasses('primary', 'md', 'w-full')}>
                Upload New Blueprint
              </a>
              <Link href="/orders" className={buttonClasses('outline', 'md', 'w-full')}>
                View Order History
              </Link>
              <Link href="/firm" className={buttonClasses('outline', 'md', 'w-full')}>
                Your Firm
              </Link>
            </div>
          </Card>
        </div>
      </div>
    </div>
  );
}

/** A firm's people see the firm's latest orders here too, by project and by person. */
function DashboardFirmOrders() {
  const { user } = useUser();
  const { data } = useMyFirm();
  if (!user || !data?.firm) return null;
  return <FirmOrders firm={data.firm} userId={user.id} limit={10} />;
}

function Counter({ label, value }: { label: string; value: string }) {
  return (
    <Card className="p-3 sm:p-5">
      <p className="text-xs text-slate-600 sm:text-sm">{label}</p>
      <p className="mt-1 text-base font-bold text-slate-900 sm:text-2xl">{value}</p>
    </Card>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex items-center justify-between">
      <dt className="text-slate-600">{label}</dt>
      <dd className="font-semibold text-slate-900">{value}</dd>
    </div>
  );
}

function LatestOrder({ order }: { order: Order }) {
  const size = ORDER_PRINT_SIZE_LABELS[order.printSize] ?? order.printSize;
  return (
    <Card>
      <CardHeader
        title="Latest Order"
        description={`Order #${order.orderNumber} • ${formatDate(order.createdAt)}`}
        action={<StatusBadge status={order.status} statusText={order.statusText} />}
      />
      <div className="grid gap-4 p-6">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <p className="flex items-center gap-2 font-semibold text-slate-900">
              <StatusIcon status={order.status} />
              <span className="truncate">{order.name}</span>
            </p>
            <p className="mt-1 text-sm text-slate-600">
              {/* The spec: the print type in upper case. */}
              {orderSetsText(order)} • {size} • {PRINT_TYPE_LABELS[order.printType].toUpperCase()}
            </p>
            {jobText(order) && <p className="mt-1 text-sm text-slate-600">{jobText(order)}</p>}
            {projectLine(order) && <p className="mt-1 text-sm text-slate-600">{projectLine(order)}</p>}
            <PriceLines lines={order.lines} className="mt-2 grid gap-1 text-sm" />
            {order.rushOrder && (
              <span className="mt-2 inline-flex rounded bg-orange-100 px-2 py-0.5 text-xs font-bold tracking-wide text-orange-900">RUSH ORDER</span>
            )}
          </div>
          <p className="text-2xl font-bold text-slate-900">{formatDollars(order.totalAmount)}</p>
        </div>
        <StatusText status={order.status} text={order.statusText} />
        {order.status === 'processing' && <p className="rounded-md bg-blue-50 px-3 py-2 text-sm text-blue-900">{PROCESSING_PROMISE}</p>}
        {order.readyBy && order.readyByText && (order.status === 'pending' || order.status === 'processing') && (
          <p className="rounded-md bg-blueprint-50 px-3 py-2 text-sm font-medium text-blueprint-900">Ready {order.readyByText.replace(/^Today/, 'today')}</p>
        )}
        <div className="flex flex-wrap gap-2">
          <Link href={`/orders/${order.id}`} className={buttonClasses('outline', 'sm')}>
            Track this order
          </Link>
          <ReceiptButton orderId={order.id} label="Download Receipt" />
          <Link href="/orders" className={buttonClasses('ghost', 'sm')}>
            View All Orders
          </Link>
        </div>
      </div>
    </Card>
  );
}
