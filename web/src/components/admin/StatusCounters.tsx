/** The four counters, one per order status (all paid orders, not just the loaded page). */
import { ORDER_STATUSES, STATUS_LABELS, type OrderCounts } from '../../data/admin';

const TONE: Record<string, string> = {
  pending: 'border-amber-200 bg-amber-50 text-amber-900',
  processing: 'border-blue-200 bg-blue-50 text-blue-900',
  completed: 'border-green-200 bg-green-50 text-green-900',
  failed: 'border-red-200 bg-red-50 text-red-900',
};

export function StatusCounters({ counts }: { counts: OrderCounts | undefined }) {
  return (
    <ul className="grid grid-cols-2 gap-3 md:grid-cols-4" aria-label="Orders by status">
      {ORDER_STATUSES.map((status) => (
        <li key={status} className={`rounded-xl border p-4 ${TONE[status]}`}>
          <p className="text-sm font-medium">{STATUS_LABELS[status]}</p>
          <p className="mt-1 text-3xl font-bold tabular-nums" data-testid={`count-${status}`}>
            {counts ? counts[status] : '–'}
          </p>
        </li>
      ))}
    </ul>
  );
}
