/**
 * The order page's "Upload a revision": the customer picks the new issue's PDF files, we compare them
 * sheet by sheet with what this order printed, and list the changed, new, removed and unchanged
 * sheets with counts, each changed sheet with its overlay (removed in red, added in blue, the rest in
 * light grey). When the order's files are gone, it offers to upload the issue printed before.
 * Each sheet has a checkbox (changed and new ones checked): "Order these sheets" goes to the
 * checkout with the new issue's files, the revision and the positions chosen, printed as this order
 * was (size, ink, sets).
 */
import { useRef, useState, type ChangeEvent, type RefObject } from 'react';
import { useLocation } from 'wouter';
import { CHECKOUT_DATA_KEY, type CheckoutData } from '#shared/checkout';
import type { OrderJson } from '#shared/orderJson';
import { ApiError } from '../../api/client';
import { startRevision, useRevision } from '../../api/revisions';
import { sendPdf } from '../upload/uploadApi';
import { Button, Card, CardHeader, ErrorNote, Spinner } from '../ui';
import type { RevisionJson, RevisionSheetJson } from '#shared/revisions';

type Step = { kind: 'idle' } | { kind: 'uploading'; done: number; total: number } | { kind: 'needsPrevious'; message: string; uploadIds: string[] };

/** Sends each file, in order; resolves with their upload ids. */
async function sendFiles(files: File[], onDone: (done: number) => void): Promise<string[]> {
  const ids: string[] = [];
  const controller = new AbortController();
  for (const file of files) {
    const accepted = await sendPdf(file, () => {}, controller.signal);
    ids.push(accepted.uploadId);
    onDone(ids.length);
  }
  return ids;
}

const sheetName = (s: { sheetNumber: string | null }, position: number) => s.sheetNumber ?? `Sheet ${position}`;

/** The sheets chosen to print (positions of the new issue) and how to change the choice. */
type Choice = { chosen: ReadonlySet<number>; toggle: (position: number) => void };

function SheetList({
  title,
  sheets,
  choice,
  children,
}: {
  title: string;
  sheets: RevisionSheetJson[];
  choice: Choice;
  children?: (sheet: RevisionSheetJson) => React.ReactNode;
}) {
  if (sheets.length === 0) return null;
  return (
    <section aria-label={`${title} sheets`}>
      <h3 className="text-sm font-semibold text-slate-900">
        {title} ({sheets.length})
      </h3>
      <ul className="mt-2 grid gap-3">
        {sheets.map((sheet) => (
          <li key={sheet.position} className="rounded-md border border-slate-200 p-3 text-sm">
            <div className="flex flex-wrap items-baseline gap-x-2">
              <label className="flex min-h-6 items-center gap-2">
                <input
                  type="checkbox"
                  className="h-5 w-5 self-center accent-blueprint-600"
                  checked={choice.chosen.has(sheet.position)}
                  onChange={() => choice.toggle(sheet.position)}
                  aria-label={`Print ${sheetName(sheet, sheet.position)}`}
                />
                <span className="font-mono font-semibold text-slate-900">{sheetName(sheet, sheet.position)}</span>
              </label>
              {sheet.sheetTitle && <span className="text-slate-600">{sheet.sheetTitle}</span>}
              {sheet.reason === 'title block only' && <span className="text-amber-800">Only the title block changed</span>}
              {sheet.reason === 'size changed' && <span className="text-amber-800">The sheet size changed</span>}
              {sheet.reason === 'could not be compared' && <span className="text-amber-800">Could not be compared: please check it</span>}
            </div>
            {children?.(sheet)}
          </li>
        ))}
      </ul>
    </section>
  );
}

function Overlay({ sheet }: { sheet: RevisionSheetJson }) {
  if (!sheet.overlayUrl) return null;
  const large = `${sheet.overlayUrl}${sheet.overlayUrl.includes('?') ? '&' : '?'}size=large`;
  return (
    <a href={large} target="_blank" rel="noreferrer" className="mt-2 block" aria-label={`Enlarge the overlay of ${sheetName(sheet, sheet.position)}`}>
      <img
        src={sheet.overlayUrl}
        alt={`What changed on ${sheetName(sheet, sheet.position)}: removed in red, added in blue`}
        className="w-full max-w-xl rounded border border-slate-200"
      />
    </a>
  );
}

/** How the previous order was printed: a reprint of its changed sheets goes the same way. */
export type PrintedAs = Pick<OrderJson, 'printSize' | 'printType' | 'sets' | 'halfSets'>;

function Result({ revision, issue, printedAs }: { revision: RevisionJson; issue: string[]; printedAs: PrintedAs }) {
  const by = (change: RevisionSheetJson['change']) => revision.sheets.filter((s) => s.change === change);
  const [changed, added, unchanged] = [by('changed'), by('new'), by('unchanged')];
  const [chosen, setChosen] = useState<ReadonlySet<number>>(() => new Set([...changed, ...added].map((s) => s.position)));
  const [, navigate] = useLocation();
  const choice: Choice = {
    chosen,
    toggle: (position) =>
      setChosen((prev) => {
        const next = new Set(prev);
        if (!next.delete(position)) next.add(position);
        return next;
      }),
  };
  const count = chosen.size;

  function order() {
    if (count === 0 || issue.length === 0) return;
    const checkoutData: CheckoutData = {
      uploadId: issue[0],
      ...(issue.length > 1 ? { uploadIds: issue } : {}),
      fileName: revision.previousOrderNumber ? `New issue of order #${revision.previousOrderNumber}` : 'New issue',
      pageCount: count,
      fileSize: 0,
      printSize: printedAs.printSize,
      printType: printedAs.printType,
      sets: printedAs.sets,
      halfSets: printedAs.halfSets,
      pricePerPage: null,
      totalAmount: 0,
      revision: { revisionId: revision.revisionId, printPositions: [...chosen].sort((a, b) => a - b), previousOrderNumber: revision.previousOrderNumber },
    };
    sessionStorage.setItem(CHECKOUT_DATA_KEY, JSON.stringify(checkoutData));
    navigate('/checkout');
  }

  return (
    <div className="grid gap-4 p-6">
      <p className="text-sm text-slate-700" aria-label="Revision summary">
        {changed.length} changed · {added.length} new · {revision.removed.length} removed · {unchanged.length} unchanged
      </p>
      {revision.message && <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">{revision.message}</p>}
      <div className="flex flex-wrap items-center gap-3 rounded-md bg-slate-50 px-3 py-2">
        <p className="text-sm font-medium text-slate-900" data-testid="revision-selected">
          {count} {count === 1 ? 'sheet' : 'sheets'} selected to print
        </p>
        <Button className="ml-auto" onClick={order} disabled={count === 0 || issue.length === 0}>
          Order these sheets
        </Button>
      </div>
      <SheetList title="Changed" sheets={changed} choice={choice}>
        {(sheet) => <Overlay sheet={sheet} />}
      </SheetList>
      <SheetList title="New" sheets={added} choice={choice} />
      {revision.removed.length > 0 && (
        <section aria-label="Removed sheets">
          <h3 className="text-sm font-semibold text-slate-900">Removed ({revision.removed.length})</h3>
          <ul className="mt-2 flex flex-wrap gap-2 text-sm">
            {revision.removed.map((r) => (
              <li key={r.previousPosition} className="rounded bg-slate-100 px-2 py-1 font-mono">
                {r.sheetNumber ?? `Sheet ${r.previousPosition}`}
              </li>
            ))}
          </ul>
        </section>
      )}
      <SheetList title="Unchanged" sheets={unchanged} choice={choice} />
    </div>
  );
}

/** A hidden picker of one or more PDF files, opened by a button beside it. */
function PdfFiles({
  inputRef,
  label,
  onChange,
}: {
  inputRef: RefObject<HTMLInputElement | null>;
  label: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  return <input ref={inputRef} type="file" accept="application/pdf,.pdf" multiple className="sr-only" aria-label={label} onChange={onChange} />;
}

/** The card on an order page; `query` is the page's `?token=` (or ''). */
export function RevisionCard({ orderId, orderNumber, query, printedAs }: { orderId: string; orderNumber: string; query: string; printedAs: PrintedAs }) {
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  /** The new issue's uploads, in order: the files a reprint prints. */
  const [issue, setIssue] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [revisionId, setRevisionId] = useState<string | null>(null);
  const { data: revision } = useRevision(revisionId, query);
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
      {revisionId && (!revision || revision.status === 'comparing') && (
        <div className="p-6">
          <Spinner label="Comparing the sheets…" />
        </div>
      )}
      {revision?.status === 'failed' && (
        <div className="px-6 pb-6">
          <ErrorNote>{revision.message ?? 'We could not compare these sets.'}</ErrorNote>
        </div>
      )}
      {revision?.status === 'ready' && <Result key={revision.revisionId} revision={revision} issue={issue} printedAs={printedAs} />}
    </Card>
  );
}
