/**
 * The order page's "Upload a revision": the customer picks the new issue's PDF files, we compare them
 * sheet by sheet with what this order printed, and list the changed, new, removed and unchanged
 * sheets with counts (./RevisionResult.tsx). When the order's files are gone, it offers to upload the
 * issue printed before.
 */
import { useRef, useState, type ChangeEvent } from 'react';
import { ApiError } from '../../data/client';
import { startRevision } from '../../data/revisions';
import { Button, Card, CardHeader, ErrorNote, Spinner } from '../ui';
import { PdfFiles, RevisionOutcome, sendFiles, type PrintedAs } from './RevisionResult';

type Step = { kind: 'idle' } | { kind: 'uploading'; done: number; total: number } | { kind: 'needsPrevious'; message: string; uploadIds: string[] };

/** The card on an order page; `query` is the page's `?token=` (or ''). */
export function RevisionCard({ orderId, orderNumber, query, printedAs }: { orderId: string; orderNumber: string; query: string; printedAs: PrintedAs }) {
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  /** The new issue's uploads, in order: the files a reprint prints. */
  const [issue, setIssue] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [revisionId, setRevisionId] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const previousInput = useRef<HTMLInputElement>(null);

  async function onFiles(event: ChangeEvent<HTMLInputElement>, previous: boolean) {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    if (files.length === 0) return;
    setError(null);
    try {
      setStep({ kind: 'uploading', done: 0, total: files.length });
      const ids = await sendFiles(files, (done) => setStep({ kind: 'uploading', done, total: files.length }));
      const body =
        previous && step.kind === 'needsPrevious' ? { previousUploadIds: ids, uploadIds: step.uploadIds } : { previousOrderId: orderId, uploadIds: ids };
      try {
        const started = await startRevision(body, query);
        setIssue(body.uploadIds);
        setRevisionId(started.revisionId);
        setStep({ kind: 'idle' });
      } catch (caught) {
        if (caught instanceof ApiError && caught.status === 409 && !previous)
          return setStep({ kind: 'needsPrevious', message: caught.serverMessage, uploadIds: ids });
        throw caught;
      }
    } catch (caught) {
      setStep({ kind: 'idle' });
      setError(caught instanceof ApiError ? caught.serverMessage : 'The upload did not go through. Please try again.');
    }
  }

  return (
    <Card className="md:col-span-2">
      <CardHeader
        title="Upload a revision"
        description={`Upload the new issue of this set: we compare it sheet by sheet with order #${orderNumber} and show what changed.`}
        action={
          <>
            <PdfFiles inputRef={input} label="New issue PDF files" onChange={(e) => onFiles(e, false)} />
            <Button variant="secondary" className="shrink-0 whitespace-nowrap" onClick={() => input.current?.click()} disabled={step.kind === 'uploading'}>
              Upload a revision
            </Button>
          </>
        }
      />
      {error && (
        <div className="px-6 pt-4">
          <ErrorNote>{error}</ErrorNote>
        </div>
      )}
      {step.kind === 'uploading' && (
        <div className="p-6">
          <Spinner label={`Uploading file ${Math.min(step.done + 1, step.total)} of ${step.total}…`} />
        </div>
      )}
      {step.kind === 'needsPrevious' && (
        <div className="grid gap-3 p-6 text-sm">
          <p className="text-slate-700">{step.message}</p>
          <PdfFiles inputRef={previousInput} label="Previous issue PDF files" onChange={(e) => onFiles(e, true)} />
          <div>
            <Button variant="secondary" onClick={() => previousInput.current?.click()}>
              Upload the set printed before
            </Button>
          </div>
        </div>
      )}
      {revisionId && <RevisionOutcome revisionId={revisionId} issue={issue} printedAs={printedAs} query={query} />}
    </Card>
  );
}
