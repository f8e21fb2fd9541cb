/**
 * The upload card's "This is a revision of order #…", for a signed-in customer with a ready set:
 * they pick one of their paid orders, "Compare" starts a revision of it with the set's files in
 * order, and the outcome shows under it as on the order page (../orders/RevisionResult.tsx). When that
 * order's files are gone (409), the card offers to upload the set printed then as the previous issue.
 * Loaded lazily: the landing page's JavaScript budget pays only for the import.
 */
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { useMyOrders } from '../../data/accountOrders';
import { ApiError } from '../../data/client';
import { startRevision } from '../../data/revisions';
import { PdfFiles, RevisionOutcome, sendFiles } from '../orders/RevisionResult';
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
  /** The chosen order's files are gone: the customer may upload the set printed then instead. */
  const [filesGone, setFilesGone] = useState<string | null>(null);
  const selectId = useId();
  const previousInput = useRef<HTMLInputElement>(null);
  if (paid.length === 0) return null;
  const orderId = chosen || paid[0].id;
  const previous = paid.find((o) => o.id === (started?.orderId ?? orderId));

  /** Starts the revision against the order, or (`previousFiles`) against the set printed then. */
  async function compare(previousFiles?: File[]) {
    setBusy(true);
    setError(null);
    try {
      const issue = [...uploadIds];
      const body = previousFiles
        ? { previousUploadIds: await sendFiles(previousFiles, () => {}), uploadIds: issue }
        : { previousOrderId: orderId, uploadIds: issue };
      const answer = await startRevision(body, '');
      setStarted({ revisionId: answer.revisionId, issue, orderId });
      setFilesGone(null);
    } catch (caught) {
      setStarted(null);
      if (caught instanceof ApiError && caught.status === 409 && !previousFiles) setFilesGone(orderId);
      setError(caught instanceof ApiError ? caught.serverMessage : 'We could not start the comparison. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  function onPreviousFiles(event: ChangeEvent<HTMLInputElement>) {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    if (files.length > 0) void compare(files);
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
          onChange={(e) => {
            setChosen(e.target.value);
            setError(null);
            setFilesGone(null);
          }}
          className="min-h-10 min-w-0 max-w-full rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
        >
          {paid.map((o) => (
            <option key={o.id} value={o.id}>
              {o.orderNumber} · {o.fileName}
            </option>
          ))}
        </select>
        <Button variant="secondary" size="sm" onClick={() => compare()} disabled={busy}>
          {busy ? 'Comparing…' : 'Compare'}
        </Button>
      </div>
      {error && (
        <div className="grid gap-2 px-4 pb-3">
          <ErrorNote>{error}</ErrorNote>
          {filesGone === orderId && (
            <div>
              <PdfFiles inputRef={previousInput} label="Previous issue PDF files" onChange={onPreviousFiles} />
              <Button variant="secondary" size="sm" onClick={() => previousInput.current?.click()} disabled={busy}>
                Upload the set printed before
              </Button>
            </div>
          )}
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
