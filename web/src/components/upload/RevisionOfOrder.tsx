/**
 * The upload card's "This is a revision of order #…", for a signed-in customer with a ready set:
 * they pick one of their paid orders, "Compare" starts a revision of it with the set's files in
 * order, and the outcome shows under it as on the order page (../orders/RevisionResult.tsx). Loaded
 * lazily: the landing page's JavaScript budget pays only for the import.
 */
import { useId, useState } from 'react';
import { useMyOrders } from '../../api/accountOrders';
import { ApiError } from '../../api/client';
import { startRevision } from '../../api/revisions';
import { RevisionOutcome } from '../orders/RevisionResult';
import { Button, ErrorNote } from '../ui';

/** What was compared: the revision and the set's uploads it was started with. */
type Started = { revisionId: string; issue: string[]; orderId: string };

export default function RevisionOfOrder({ uploadIds }: { uploadIds: string[] }) {
  const { data: orders } = useMyOrders();
  const paid = (orders ?? []).filter((o) => o.paymentStatus === 'paid');
  const [chosen, setChosen] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [started, setStarted] = useState<Started | null>(null);
  const selectId = useId();
  if (paid.length === 0) return null;
  const orderId = chosen || paid[0].id;
  const previous = paid.find((o) => o.id === (started?.orderId ?? orderId));

  async function compare() {
    setBusy(true);
    setError(null);
    try {
      const issue = [...uploadIds];
      const answer = await startRevision({ previousOrderId: orderId, uploadIds: issue }, '');
      setStarted({ revisionId: answer.revisionId, issue, orderId });
    } catch (caught) {
      setStarted(null);
      setError(caught instanceof ApiError ? caught.serverMessage : 'We could not start the comparison. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-label="Revision of an order" className="rounded-lg border border-slate-200">
      <div className="flex flex-wrap items-center gap-2 px-4 py-3 text-sm">
        <label htmlFor={selectId} className="text-slate-700">
          This is a revision of order #
        </label>
        <select
          id={selectId}
          value={orderId}
          onChange={(e) => setChosen(e.target.value)}
          className="min-h-10 min-w-0 max-w-full rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
        >
          {paid.map((o) => (
            <option key={o.id} value={o.id}>
              {o.orderNumber} · {o.fileName}
            </option>
          ))}
        </select>
        <Button variant="secondary" size="sm" onClick={compare} disabled={busy}>
          {busy ? 'Comparing…' : 'Compare'}
        </Button>
      </div>
      {error && (
        <div className="px-4 pb-3">
          <ErrorNote>{error}</ErrorNote>
        </div>
      )}
      {started && previous && (
        <RevisionOutcome
          key={started.revisionId}
          revisionId={started.revisionId}
          issue={started.issue}
          printedAs={{ printSize: previous.printSize, printType: previous.printType, sets: previous.sets, halfSets: previous.halfSets }}
          query=""
        />
      )}
    </section>
  );
}
