/**
 * /admin, the print counter's daily tool: verifying → access denied (and off to /admin/login) →
 * loading → counters, the export panel and the paid-order list (search, status filter, load more,
 * Refresh, refetched every 30 s).
 */
import { useEffect, useMemo, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { Button, Card, Input, Select, Spinner } from '../components/ui';
import { StatusCounters } from '../components/admin/StatusCounters';
import { ExportPanel } from '../components/admin/ExportPanel';
import { OrderRow } from '../components/admin/OrderRow';
import { ORDER_STATUSES, STATUS_LABELS, useAdminAuth, useAdminOrders, useOrderCounts } from '../data/admin';

function Screen({ children }: { children: React.ReactNode }) {
  return <div className="mx-auto flex max-w-md flex-col items-center px-4 py-24 text-center">{children}</div>;
}

export default function Admin() {
  const [, navigate] = useLocation();
  const { isAuthenticated } = useAdminAuth();

  useEffect(() => {
    if (isAuthenticated !== false) return;
    const timer = setTimeout(() => navigate('/admin/login'), 800);
    return () => clearTimeout(timer);
  }, [isAuthenticated, navigate]);

  if (isAuthenticated === undefined) {
    return (
      <Screen>
        <Spinner label="Verifying admin access…" />
      </Screen>
    );
  }
  if (!isAuthenticated) {
    return (
      <Screen>
        <h1 className="text-2xl font-bold text-slate-900">Access Denied</h1>
        <p className="mt-2 text-slate-600">Please sign in as the admin. Redirecting to the admin login…</p>
      </Screen>
    );
  }
  return <AdminConsole />;
}

function AdminConsole() {
  // `?q=` opens the list searched (a revision's row links to the order it revises so).
  const linked = new URLSearchParams(useSearch()).get('q') ?? '';
  const [search, setSearch] = useState(linked);
  const [q, setQ] = useState(linked);
  const [seenLink, setSeenLink] = useState(linked);
  if (seenLink !== linked) {
    setSeenLink(linked);
    setSearch(linked);
    setQ(linked);
  }
  const [status, setStatus] = useState('all');
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [sort, setSort] = useState<'newest' | 'due'>('newest');
  const orders = useAdminOrders({ q, status, sort }, true);
  const counts = useOrderCounts(true);

  useEffect(() => {
    const timer = setTimeout(() => setQ(search), 300);
    return () => clearTimeout(timer);
  }, [search]);

  const list = useMemo(() => (orders.data ?? []).flatMap((page) => page.orders), [orders.data]);
  const hasMore = Boolean(orders.data?.[orders.data.length - 1]?.nextCursor);
  const refresh = () => {
    void orders.mutate();
    void counts.mutate();
  };

  function toggle(id: string) {
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }

  if (!orders.data && !orders.error) {
    return (
      <Screen>
        <Spinner label="Loading orders…" />
      </Screen>
    );
  }

  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold text-blueprint-900">Order Management</h1>
          <p className="text-sm text-slate-600">
            Paid orders, newest first.{' '}
            <Link href="/admin/tax-certificates" className="font-medium text-blueprint-700 underline">
              Tax-exempt certificates
            </Link>
            {' · '}
            <Link href="/admin/firms" className="font-medium text-blueprint-700 underline">
              Firms
            </Link>
            {' · '}
            <Link href="/admin/invoices" className="font-medium text-blueprint-700 underline">
              Invoices
            </Link>
            {' · '}
            <Link href="/admin/production" className="font-medium text-blueprint-700 underline">
              Production
            </Link>
          </p>
        </div>
      </div>

      <StatusCounters counts={counts.data} />

      <ExportPanel selectedIds={[...selected]} onSelectAll={() => setSelected(new Set(list.map((o) => o.id)))} onClear={() => setSelected(new Set())} />

      <Card>
        <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-100 px-4 py-4 sm:px-6">
          <h2 className="text-lg font-semibold text-slate-900">Recent Orders</h2>
          <Button variant="outline" size="sm" onClick={refresh} disabled={orders.isValidating}>
            {orders.isValidating ? 'Refreshing…' : 'Refresh'}
          </Button>
        </div>
        <div className="grid gap-3 px-4 py-4 sm:grid-cols-[1fr_12rem_12rem] sm:px-6">
          <div>
            <label htmlFor="admin-search" className="sr-only">
              Search orders
            </label>
            <Input
              id="admin-search"
              type="search"
              placeholder="Search by order number, name, email, job name or PO"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
          </div>
          <div>
            <label htmlFor="admin-status-filter" className="sr-only">
              Filter by status
            </label>
            <Select id="admin-status-filter" value={status} onChange={(e) => setStatus(e.target.value)}>
              <option value="all">All statuses</option>
              {ORDER_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {STATUS_LABELS[s]}
                </option>
              ))}
            </Select>
          </div>
          <div>
            <label htmlFor="admin-sort" className="sr-only">
              Sort orders
            </label>
            <Select id="admin-sort" value={sort} onChange={(e) => setSort(e.target.value === 'due' ? 'due' : 'newest')}>
              <option value="newest">Newest first</option>
              <option value="due">Due soonest, rush first</option>
            </Select>
          </div>
        </div>
        <div className="px-4 pb-6 sm:px-6">
          {orders.error && !orders.data ? (
            <p role="alert" className="text-sm text-red-700">
              The orders could not be loaded. Try Refresh.
            </p>
          ) : list.length === 0 ? (
            <p className="py-12 text-center text-slate-600">No orders found</p>
          ) : (
            <ul className="grid gap-3">
              {list.map((order) => (
                <OrderRow key={order.id} order={order} selected={selected.has(order.id)} onToggle={() => toggle(order.id)} onChanged={refresh} />
              ))}
            </ul>
          )}
          {hasMore && (
            <div className="mt-4 flex justify-center">
              <Button variant="outline" onClick={() => orders.setSize(orders.size + 1)} disabled={orders.isValidating}>
                Load more
              </Button>
            </div>
          )}
        </div>
      </Card>
    </div>
  );
}
