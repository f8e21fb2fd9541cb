/**
 * The landing page's upload area (spec "Upload area"): idle → uploading ('Uploading Blueprint...',
 * real bytes-sent progress) → processing ('Analyzing Document...' while the analysis is polled) →
 * the configuration card with its price and 'Upload Complete!' the moment the set is ready. The
 * spec's captions stay, but no timer holds a ready price back: the verdict usually comes
 * within a few polls of the upload. The card then keeps asking for the per-sheet report (color,
 * blank sheets, previews) until it is complete. A refused file leaves the set with the spec's toast,
 * and its words stay under the drop zone until the next file.
 * Wrong type and over-50 MB files are caught before anything is sent.
 *
 * A set may be several files (dropped or picked together, a folder, or added later): each uploads
 * and is analysed on its own with its own progress, and the set is the ready files in the order
 * shown, which the customer moves or removes (./SetFiles.tsx); sheets are numbered through the set
 * (./uploadSet.ts). The price and checkout wait until every file is in.
 *
 * The files and the customer's choices are one state (./usePrintSet.ts, a reducer): this component
 * and the card show it and dispatch what the customer does.
 */
import { lazy, Suspense, useEffect } from 'react';
import { useUser } from '../../data/auth';
import { Card } from '../ui';
import { DropZone, type DropZoneProgress } from './DropZone';
import { usePrintSet } from './usePrintSet';

/** A signed-in customer's "This is a revision of order #…": its own chunk, outside the landing page's budget. */
const RevisionOfOrder = lazy(() => import('./RevisionOfOrder'));
/** The configuration card: its own chunk too, fetched as soon as the set has a file (chosen, or coming back). */
const loadCard = () => import('./ConfigurationCard');
const ConfigurationCard = lazy(() => loadCard().then((m) => ({ default: m.ConfigurationCard })));
/** The list of a set's files (order, drag, remove): only once a second file is chosen. */
const SetFiles = lazy(() => import('./SetFiles').then((m) => ({ default: m.SetFiles })));
/** The leave-out offer and note: only for a file refused for its sheets' sizes, so outside the landing page's budget. */
const loadLeaveOut = () => import('./LeaveOut');
const UnprintableOffer = lazy(() => loadLeaveOut().then((m) => ({ default: m.UnprintableOffer })));
const LeftOutNote = lazy(() => loadLeaveOut().then((m) => ({ default: m.LeftOutNote })));

export const CAPTIONS = { uploading: 'Uploading Blueprint...', processing: 'Analyzing Document...', complete: 'Upload Complete!' } as const;

export function UploadSection() {
  const { user } = useUser();
  const { state, set, pendingFiles, dispatch, addFiles, leaveOut } = usePrintSet();
  const { entries, choices, goingToCheckout, justUploaded, refusal } = state;
  const hasFiles = entries.length > 0;
  useEffect(() => {
    if (hasFiles) void loadCard();
  }, [hasFiles]);

  // A file refused only for sheets no paper takes offers to leave them out; once left out, the words stay beside it.
  const offerFor = (e: (typeof entries)[number], alone = false) =>
    e.stage === 'unprintable' && e.refused ? (
      <Suspense fallback={null}>
        <UnprintableOffer
          refused={e.refused}
          error={e.leaveOutError ?? null}
          onLeaveOut={() => void leaveOut(e.key)}
          onRemove={alone ? () => dispatch({ type: 'fileRemoved', key: e.key }) : undefined}
          disabled={goingToCheckout}
        />
      </Suspense>
    ) : e.info?.leftOut?.length ? (
      <Suspense fallback={null}>
        <LeftOutNote info={e.info} />
      </Suspense>
    ) : null;
  const rows = entries.map((e) => {
    const file = set?.files?.find((f) => f.uploadId === e.info?.uploadId);
    return {
      key: e.key,
      fileName: e.fileName,
      stage: e.stage,
      percent: e.percent,
      firstPosition: file?.firstPosition ?? null,
      pageCount: file?.pageCount ?? null,
      detail: offerFor(e),
    };
  });
  const addMore = <DropZone compact onFiles={addFiles} progress={null} refusal={refusal} />;
  const fileList =
    entries.length > 1 ? (
      <Suspense fallback={null}>
        <SetFiles
          rows={rows}
          onMove={(key, by) => dispatch({ type: 'fileMoved', key, by })}
          onMoveTo={(key, to) => dispatch({ type: 'fileMovedTo', key, to })}
          onRemove={(key) => dispatch({ type: 'fileRemoved', key })}
          disabled={goingToCheckout}
          addMore={addMore}
        />
      </Suspense>
    ) : (
      <div className="border-b border-slate-100 px-4 py-3 sm:px-6">
        {entries[0] && <div className="mb-3 empty:hidden">{offerFor(entries[0])}</div>}
        {addMore}
      </div>
    );

  if (set) {
    const card = (
      <Suspense fallback={null}>
        <ConfigurationCard
          set={set}
          choices={choices}
          sheetOrder={state.sheetOrder}
          dispatch={dispatch}
          goingToCheckout={goingToCheckout}
          checkingColor={!set.sheetsComplete && !state.inkChosen}
          pendingFiles={pendingFiles}
          fileList={fileList}
          revisionOf={
            user && pendingFiles === 0 ? (
              <Suspense fallback={null}>
                <RevisionOfOrder uploadIds={set.files?.map((f) => f.uploadId) ?? [set.uploadId]} />
              </Suspense>
            ) : null
          }
        />
      </Suspense>
    );
    if (!justUploaded) return card;
    return (
      <div>
        {/* The spec's third caption, shown with the price rather than before it. */}
        <p role="status" className="mb-3 text-center text-sm font-semibold text-emerald-700">
          {CAPTIONS.complete}
        </p>
        {card}
      </div>
    );
  }

  // Several files on their way, none in yet: their list with each one's progress.
  if (entries.length > 1) {
    return (
      <Card className="overflow-hidden">
        <p role="status" aria-live="polite" className="px-4 pt-4 text-center text-sm font-semibold text-blueprint-800 sm:px-6">
          {entries.some((e) => e.stage === 'uploading') ? CAPTIONS.uploading : CAPTIONS.processing}
        </p>
        {fileList}
      </Card>
    );
  }

  const [only] = entries;
  if (only?.stage === 'unprintable') {
    return (
      <div className="grid gap-3">
        <Card className="px-4 py-3 sm:px-6">
          <p className="truncate text-sm font-medium text-slate-900" title={only.fileName}>
            {only.fileName}
          </p>
          {offerFor(only, true)}
        </Card>
        <DropZone onFiles={addFiles} progress={null} refusal={refusal} />
      </div>
    );
  }
  const progress: DropZoneProgress | null = only
    ? {
        caption: CAPTIONS[only.stage === 'uploading' ? 'uploading' : 'processing'],
        fileName: only.fileName,
        percent: only.percent,
        detail:
          only.stage === 'uploading'
            ? `${Math.round(only.percent)}% sent`
            : only.refused
              ? 'Leaving out the sheets we cannot print, then checking the rest…'
              : 'Counting sheets and checking their size…',
      }
    : null;
  return <DropZone onFiles={addFiles} progress={progress} refusal={refusal} />;
}
