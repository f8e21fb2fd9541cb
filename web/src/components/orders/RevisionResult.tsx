/**
 * A revision's outcome, shared by the order page's "Upload a revision" and the upload card's "This is
 * a revision of order #…": while comparing a spinner; then the changed, new, removed and unchanged
 * sheets with counts, each changed sheet with its overlay (removed in red, added in blue, the rest in
 * light grey). Each sheet has a checkbox (changed and new ones checked): "Order these sheets" goes to
 * the checkout with the new issue's files, the revision and the positions chosen, printed as the
 * previous order was (size, ink, sets).
 */
import { lazy, Suspense, useState, type ChangeEvent, type RefObject } from 'react';
import { useLocation } from 'wouter';
import useSWR from 'swr';
import { formatDollars } from '#shared/money';
import { apiRequest } from '../../data/client';
import { errorMessage } from '../../data/useSubmit';
import { CHECKOUT_DATA_KEY, type CheckoutData } from '#shared/checkout';
import type { OrderJson } from '#shared/orderJson';
import { orderName } from '#shared/orderText';
import type { RevisionJson, RevisionSheetJson } from '#shared/revisions';
import { useRevision } from '../../data/revisions';
import { sendPdf } from '../upload/uploadApi';
import { Button, ErrorNote, Spinner } from '../ui';
import { OverlayLegend } from './OverlayLegend';

const OverlayViewer = lazy(() => import('./OverlayViewer'));

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
  const [open, setOpen] = useState(false);
  if (!sheet.overlayUrl) return null;
  const large = `${sheet.overlayUrl}${sheet.overlayUrl.includes('?') ? '&' : '?'}size=large`;
  const name = sheetName(sheet, sheet.position);
  return (
    <div className="mt-2 grid max-w-xl gap-1">
      <button type="button" className="block cursor-zoom-in" onClick={() => setOpen(true)} aria-label={`Open the overlay of ${name} in the viewer`}>
        <img src={sheet.overlayUrl} alt={`What changed on ${name}: removed in red, added in blue`} className="w-full rounded border border-slate-200" />
      </button>
      <OverlayLegend />
      {open && (
        <Suspense fallback={null}>
          <OverlayViewer title={`What changed on ${name}`} src={large} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}

/** How the previous order was printed: a reprint of its changed sheets goes the same way. */
export type PrintedAs = Pick<OrderJson, 'printSize' | 'printType' | 'sets' | 'halfSets'> &
  Partial<Pick<OrderJson, 'jobName' | 'poNumber' | 'notes' | 'projectId'>>;

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

  function order(toHolders = false) {
    if (count === 0 || issue.length === 0) return;
    const checkoutData: CheckoutData = {
      uploadId: issue[0],
      ...(issue.length > 1 ? { uploadIds: issue } : {}),
      // Named as the order will be: by the sheets it prints (shared/orderText.ts, orderName).
      fileName: orderName({
        jobName: printedAs.jobName ?? null,
        files: [
          {
            fileName: 'New issue',
            pageCount: revision.sheets.length,
            sheetNumbers: [...revision.sheets].sort((a, b) => a.position - b.position).map((s) => s.sheetNumber),
          },
        ],
        printPositions: [...chosen].sort((a, b) => a - b),
        revisionOf: revision.previousOrderNumber,
      }),
      pageCount: count,
      fileSize: 0,
      printSize: printedAs.printSize,
      printType: printedAs.printType,
      sets: printedAs.sets,
      halfSets: printedAs.halfSets,
      // The reprint keeps the job's words and project, editable at checkout.
      jobName: printedAs.jobName ?? null,
      poNumber: printedAs.poNumber ?? null,
      notes: printedAs.notes ?? null,
      projectId: printedAs.projectId ?? null,
      pricePerPage: null,
      totalAmount: 0,
      revision: {
        revisionId: revision.revisionId,
        printPositions: [...chosen].sort((a, b) => a - b),
        previousOrderNumber: revision.previousOrderNumber,
        ...(toHolders ? { holders: true } : {}),
      },
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
        <Button className="ml-auto" onClick={() => order()} disabled={count === 0 || issue.length === 0}>
          Order these sheets
        </Button>
      </div>
      {revision.holders.length > 0 && (
        <HoldersOffer
          revision={revision}
          positions={[...chosen].sort((a, b) => a - b)}
          printedAs={printedAs}
          disabled={count === 0 || issue.length === 0}
          onSend={() => order(true)}
        />
      )}
      <SheetList title="Changed" sheets={changed} choice={choice}>
        {(sheet) => <Overlay sheet={sheet} />}
      </SheetList>
      <SheetList title="New" sheets={added} choice={choice} />
      {revision.removed.length > 0 && (
        <section aria-label="Removed sheets">
          <h3 className="text-sm font-semibold text-slate-900">Removed ({revision.removed.length})</h3>
          <ul className="mt-2 flex flex-wrap gap-2 text-sm">
            {revision.removed.map((r) => (
              <li key={r.previousPosition} className="rounded bg-slate-100 px-2 py-1">
                <span className="font-mono">{r.sheetNumber ?? `Sheet ${r.previousPosition}`}</span>
                {r.sheetTitle ? ` ${r.sheetTitle}` : ''}
              </li>
            ))}
          </ul>
        </section>
      )}
      <SheetList title="Unchanged" sheets={unchanged} choice={choice} />
    </div>
  );
}

/** One holder's package as `POST /api/shipping-rates` prices it (prints, and its rates cheapest first). */
type HolderQuote = {
  name: string;
  delivery: 'pickup' | 'shipping';
  sheetNumbers: string[];
  subtotal: number | null;
  rates: { cost: number; serviceName: string }[];
};

/**
 * "Send the changes to the N holders of the set": everyone the previous order was sent to, what
 * each would receive of the sheets chosen and its price (prints and the cheapest shipping; tax is
 * the checkout's, by each package's state). A holder with nothing to receive is not charged.
 */
function HoldersOffer({
  revision,
  positions,
  printedAs,
  disabled,
  onSend,
}: {
  revision: RevisionJson;
  positions: number[];
  printedAs: PrintedAs;
  disabled: boolean;
  onSend: () => void;
}) {
  const { data, error } = useSWR(
    positions.length > 0 ? ['holders-quote', revision.revisionId, positions.join(','), printedAs.printSize, printedAs.printType] : null,
    () =>
      apiRequest<{ recipients: HolderQuote[] }>('POST', '/api/shipping-rates', {
        revisionId: revision.revisionId,
        printPositions: positions,
        printSize: printedAs.printSize,
        printType: printedAs.printType,
        recipients: 'holders',
      }),
    { revalidateOnFocus: false, keepPreviousData: true },
  );
  // The quote lists only holders who receive something, in the holders' order: matched by walking both.
  const quotes = data?.recipients ?? [];
  let next = 0;
  const rows = revision.holders.map((holder) => {
    const quote = data && quotes[next]?.name === holder.name ? quotes[next++] : null;
    return { holder, quote };
  });
  const n = revision.holders.length;
  return (
    <section aria-label="Holders of the set" className="grid gap-3 rounded-md border border-blueprint-200 bg-blueprint-50/40 p-3">
      <h3 className="text-sm font-semibold text-slate-900">
        {n} {n === 1 ? 'holder' : 'holders'} of the set
      </h3>
      <ul className="grid gap-2 text-sm">
        {rows.map(({ holder, quote }, i) => (
          <li key={i} className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1" data-testid="holder-offer">
            <span className="min-w-0 break-words">
              <span className="font-medium text-slate-900">
                {holder.name}
                {holder.company ? ` (${holder.company})` : ''}
              </span>
              <span className="text-slate-600">
                {' · '}
                {quote ? quote.sheetNumbers.join(', ') : data ? 'nothing to send: not charged' : holder.receives.join(', ') || 'nothing to send'}
              </span>
            </span>
            {quote && quote.subtotal !== null && (
              <span className="text-slate-900">
                {formatDollars(quote.subtotal)}
                <span className="text-slate-600">
                  {quote.delivery === 'pickup'
                    ? ' · pickup'
                    : quote.rates[0]
                      ? ` + ${quote.rates[0].cost === 0 ? 'free shipping' : `${formatDollars(quote.rates[0].cost)} shipping`}`
                      : ''}
                </span>
              </span>
            )}
          </li>
        ))}
      </ul>
      {error && <p className="text-sm text-red-700">{errorMessage(error, 'We could not price the holders’ packages.')}</p>}
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-xs text-slate-600">Prices before tax; each package pays its own state’s tax at checkout, all in one payment.</p>
        <Button className="ml-auto" variant="secondary" onClick={onSend} disabled={disabled || quotes.length === 0}>
          Send the changes to the {n} {n === 1 ? 'holder' : 'holders'} of the set
        </Button>
      </div>
    </section>
  );
}

/** The revision `revisionId` as it stands; `issue` is the new issue's uploads in order, `query` the page's `?token=` (or ''). */
export function RevisionOutcome({ revisionId, issue, printedAs, query }: { revisionId: string; issue: string[]; printedAs: PrintedAs; query: string }) {
  const { data: revision } = useRevision(revisionId, query);
  if (!revision || revision.status === 'comparing')
    return (
      <div className="p-6">
        <Spinner label="Comparing the sheets…" />
      </div>
    );
  if (revision.status === 'failed')
    return (
      <div className="px-6 pb-6">
        <ErrorNote>{revision.message ?? 'We could not compare these sets.'}</ErrorNote>
      </div>
    );
  return <Result key={revision.revisionId} revision={revision} issue={issue} printedAs={printedAs} />;
}

/** Sends each file, in order; resolves with their upload ids. */
export async function sendFiles(files: File[], onDone: (done: number) => void): Promise<string[]> {
  const ids: string[] = [];
  const controller = new AbortController();
  for (const file of files) {
    const accepted = await sendPdf(file, () => {}, controller.signal);
    ids.push(accepted.uploadId);
    onDone(ids.length);
  }
  return ids;
}

/** A hidden picker of one or more PDF files, opened by a button beside it. */
export function PdfFiles({
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
