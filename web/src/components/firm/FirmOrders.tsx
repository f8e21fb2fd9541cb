/**
 * The firm's orders, newest first, filtered by project and by the person who placed them (the API
 * filters: `GET /api/orders?scope=firm&projectId=&placedBy=`). On the firm page and the dashboard.
 */
import { useState } from 'react';
import { Link } from 'wouter';
import { Card, CardHeader, ErrorNote, Field, Select, Spinner } from '../ui';
import { StatusBadge, formatDate } from '../account/status';
import { useFirmOrders } from '../../data/firm';
import { errorMessage } from '../../data/useSubmit';
import { ProjectOptions } from './ProjectOptions';
import { formatDollars } from '#shared/money';
import type { FirmJson, FirmMemberJson } from '#shared/firm';

/** "Olive Builder", or the email when the account has no name. */
export const personName = (m: Pick<FirmMemberJson, 'firstName' | 'lastName' | 'email'>) => [m.firstName, m.lastName].filter(Boolean).join(' ') || m.email;

export function FirmOrders({ firm, userId, limit }: { firm: FirmJson; userId: string; limit?: number }) {
  const [projectId, setProjectId] = useState<string>('');
  const [placedBy, setPlacedBy] = useState<string>('');
  const { data: orders, error, isLoading } = useFirmOrders(true, { projectId: projectId || null, placedBy: placedBy || null });
  // The firm's people, and anyone who placed a listed order and has since left.
  const [people] = useState(() => new Map<string, string>());
  for (const m of firm.members) people.set(m.userId, personName(m));
  for (const o of orders ?? []) if (o.placedBy && !people.has(o.placedBy.userId)) people.set(o.placedBy.userId, o.placedBy.name || o.placedBy.email);
  const shown = limit ? (orders ?? []).slice(0, limit) : (orders ?? []);
  const filtered = projectId !== '' || placedBy !== '';
  return (
    <Card>
      <CardHeader title="The firm’s orders" description={`Every paid order placed for ${firm.name}, newest first.`} />
      <div className="grid gap-3 px-4 pb-4 sm:grid-cols-2 sm:px-6">
        <Field label="Project" htmlFor="filter-project">
          <Select id="filter-project" value={projectId} onChange={(e) => setProjectId(e.target.value)}>
            <ProjectOptions projects={firm.projects} none="All projects" />
          </Select>
        </Field>
        <Field label="Ordered by" htmlFor="filter-person">
          <Select id="filter-person" value={placedBy} onChange={(e) => setPlacedBy(e.target.value)}>
            <option value="">Everyone</option>
            {[...people].map(([id, name]) => (
              <option key={id} value={id}>
                {id === userId ? `${name} (you)` : name}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      {error ? (
        <div className="px-4 pb-4 sm:px-6">
          <ErrorNote title="The orders could not be loaded">{errorMessage(error)}</ErrorNote>
        </div>
      ) : isLoading ? (
        <div className="flex justify-center p-8">
          <Spinner label="Loading the firm’s orders…" />
        </div>
      ) : shown.length === 0 ? (
        <p className="px-4 pb-6 text-sm text-slate-600 sm:px-6">
          {filtered ? 'No orders for this project and person.' : 'No orders yet. Orders the firm’s members place appear here.'}
        </p>
      ) : (
        <ul className="divide-y divide-slate-100 border-t border-slate-100" data-testid="firm-orders">
          {shown.map((o) => (
            <li key={o.id} className="grid gap-1 px-4 py-3 sm:grid-cols-[1fr_auto] sm:items-center sm:px-6">
              <div className="min-w-0">
                {/* Every order of the firm opens for its members, read-only (paying stays with whoever placed it). */}
                <Link href={`/orders/${o.id}`} className="block truncate text-sm font-medium text-slate-900 hover:underline">
                  #{o.orderNumber} · {o.name}
                </Link>
                <p className="truncate text-xs text-slate-500">
                  {formatDate(o.createdAt)}
                  {o.projectCode ? ` · ${o.projectCode}` : ''}
                  {o.placedBy ? ` · ${o.placedBy.name || o.placedBy.email}` : ''}
                  {o.poNumber ? ` · PO ${o.poNumber}` : ''}
                  {o.taxExemption ? ' · Tax exempt' : ''}
                </p>
              </div>
              <div className="flex items-center gap-3">
                <StatusBadge status={o.status} statusText={o.statusText} />
                <span className="text-sm font-medium text-slate-900">{formatDollars(o.totalAmount)}</span>
              </div>
            </li>
          ))}
        </ul>
      )}
      {limit && (orders?.length ?? 0) > limit && (
        <p className="border-t border-slate-100 px-4 py-3 text-sm sm:px-6">
          <Link href="/firm" className="font-medium text-blueprint-700 hover:underline">
            All {orders?.length} orders on the firm page
          </Link>
        </p>
      )}
    </Card>
  );
}
