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
 */
import { lazy, Suspense, useEffect, useEffectEvent, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import type { CheckoutData } from '#shared/checkout';
import { MAX_SET_FILES, MAX_UPLOAD_BYTES } from '#shared/limits';
import { centsToDollars } from '#shared/money';
import type { OrderPrintSize, OrderPrintType } from '#shared/pricing';
import { wrongSizeMessage } from '#shared/sheets';
import type { UploadInfo } from '#shared/upload';
import { useUser } from '../../data/auth';
import { ApiError, apiRequest } from '../../data/client';
import { toast } from '../toast';
import { ConfigurationCard, detectedColorSheets, priceChoices, type ConfiguredUpload } from './ConfigurationCard';
import { DropZone, type DropZoneProgress, type UploadRefusal } from './DropZone';
import { SetFiles } from './SetFiles';
import { combineSet, isReady, movePositions, type ReadyInfo } from './uploadSet';
import { setName } from '#shared/orderText';
import { Card } from '../ui';
import { CHECKOUT_DATA_KEY, readStoredUpload, writeStoredUpload } from './storedUpload';
import { followSheetReport, sendPdf, wait, waitForAnalysis } from './uploadApi';

/** A signed-in customer's "This is a revision of order #…": its own chunk, outside the landing page's budget. */
const RevisionOfOrder = lazy(() => import('./RevisionOfOrder'));

export const CAPTIONS = { uploading: 'Uploading Blueprint...', processing: 'Analyzing Document...', complete: 'Upload Complete!' } as const;
/** Spec point 9: checkout after 0.5 s. */
const CHECKOUT_AFTER_MS = 500;
const GENERIC_FAILURE = 'There was an error processing your PDF. Please try again.';

/** One file of the set: on its way, being analysed, or ready (its upload's JSON). */
type Entry = { key: string; fileName: string; stage: 'uploading' | 'processing' | 'ready'; percent: number; info: ReadyInfo | null };

/** The analysis turned the drawing down. */
class RejectedUpload extends Error {
  constructor(readonly info: UploadInfo) {
    super(info.message ?? GENERIC_FAILURE);
  }
}

/** B&W, unless the analysis found color: all color when every sheet is, else color only where needed, on those sheets. */
function initialInk(upload: ConfiguredUpload): { printType: OrderPrintType; colorSheets: number[] } {
  const detected = detectedColorSheets(upload);
  if (!detected || detected.length === 0) return { printType: 'bw', colorSheets: [] };
  if (detected.length === upload.pageCount) return { printType: 'color', colorSheets: [] };
  return { printType: 'auto', colorSheets: detected };
}

function isPdfFile(file: File): boolean {
  return file.type === 'application/pdf' || /\.pdf$/i.test(file.name);
}

/** The spec's title and message for each way an upload can fail. */
function refusalOf(error: unknown): UploadRefusal {
  const actualSize =
    error instanceof RejectedUpload
      ? error.info.actualSize
      : error instanceof ApiError && error.status === 400
        ? ((error.body as { actualSize?: unknown } | null)?.actualSize as string | undefined)
        : undefined;
  const message = error instanceof RejectedUpload ? error.message : error instanceof ApiError ? error.serverMessage : GENERIC_FAILURE;
  // The analysis names the sheets of a wrong size; its words are better than a generic size message.
  if (typeof actualSize === 'string' && actualSize) return { title: 'Invalid Document Size', message: message || wrongSizeMessage(actualSize) };
  return { title: 'Upload failed', message: message || GENERIC_FAILURE };
}

function toastRefusal(reason: UploadRefusal): void {
  toast({ title: reason.title, description: reason.message, variant: 'destructive' });
}

export function UploadSection() {
  const { user } = useUser();
  const [, navigate] = useLocation();
  const [entries, setEntries] = useState<Entry[]>([]);
  const [justUploaded, setJustUploaded] = useState(false);
  const [printSize, setPrintSize] = useState<OrderPrintSize | null>(null);
  const [printType, setPrintType] = useState<OrderPrintType | null>(null);
  const [sets, setSets] = useState(1);
  const [halfSets, setHalfSets] = useState(0);
  const [colorSheets, setColorSheets] = useState<number[]>([]);
  const [goingToCheckout, setGoingToCheckout] = useState(false);
  /** The last file turned down: shown under the drop zone until the next file is chosen. */
  const [refusal, setRefusal] = useState<UploadRefusal | null>(null);
  /** Each file's upload and report polling, to stop when it is removed or the page is left. */
  const controls = useRef(new Map<string, AbortController>());
  const checkoutTimer = useRef<AbortController | null>(null);
  const nextKey = useRef(0);
  /** The file being sent; the next waits for it. */
  const sending = useRef<Promise<void>>(Promise.resolve());
  /** The entries as last rendered, for the handlers of uploads still running. */
  const current = useRef<Entry[]>([]);
  current.current = entries;
  /** The customer picked the ink: a color report arriving later must not change it. */
  const inkChosen = useRef(false);
  /** The same, for rendering: once chosen, the price no longer waits for the color verdict. */
  const [inkChosenByHand, setInkChosenByHand] = useState(false);
  const chooseInkByHand = (chosen: boolean) => {
    inkChosen.current = chosen;
    setInkChosenByHand(chosen);
  };

  const readyInfos = (list: Entry[]) => list.flatMap((e) => (e.stage === 'ready' && e.info ? [e.info] : []));
  const infos = readyInfos(entries);
  const set: ConfiguredUpload | null = infos.length > 0 ? combineSet(infos) : null;
  const pendingFiles = entries.length - infos.length;

  /** The spec's toast, and the same words kept under the drop zone. */
  function refuse(reason: UploadRefusal) {
    toastRefusal(reason);
    setRefusal(reason);
  }

  // Leaving the page stops the uploads, the polling and any pending timer.
  useEffect(
    () => () => {
      for (const control of controls.current.values()) control.abort();
      checkoutTimer.current?.abort();
    },
    [],
  );

  const update = (key: string, change: Partial<Entry>) => setEntries((list) => list.map((e) => (e.key === key ? { ...e, ...change } : e)));

  /** Takes a file out of the set; the color choice follows the sheets that stay. */
  function drop(key: string) {
    controls.current.get(key)?.abort();
    controls.current.delete(key);
    const before = current.current;
    const after = before.filter((e) => e.key !== key);
    if (after.length === 0) return removeAll();
    reorder(before, after);
  }

  /** The entries in a new order (or fewer); chosen color sheets move with their files. */
  function reorder(before: Entry[], after: Entry[]) {
    const was = readyInfos(before);
    const now = readyInfos(after);
    setEntries(after);
    if (was.length > 0 && now.length > 0 && inkChosen.current) {
      const moved = movePositions(combineSet(was).files ?? [], combineSet(now).files ?? [], colorSheets);
      setColorSheets(moved);
    }
  }

  function move(key: string, by: -1 | 1) {
    const before = current.current;
    const at = before.findIndex((e) => e.key === key);
    const to = at + by;
    if (at < 0 || to < 0 || to >= before.length) return;
    const after = [...before];
    [after[at], after[to]] = [after[to], after[at]];
    reorder(before, after);
  }

  /** The first file in: the card's choices start from the drawing's own size, one set. */
  function firstReady() {
    if (current.current.some((e) => e.stage === 'ready')) return;
    chooseInkByHand(false);
    setPrintSize('asDrawn');
    setPrintType('bw');
    setColorSheets([]);
    setSets(1);
    setHalfSets(0);
    setJustUploaded(true);
  }

  // Until the customer chooses, the ink follows what the analysis found in the set as it stands.
  const inkKey = set ? `${set.files?.map((f) => f.uploadId).join(',')}|${set.sheetsComplete}` : '';
  const applyDetectedInk = useEffectEvent(() => {
    if (!set || inkChosen.current) return;
    const ink = initialInk(set);
    setPrintType(ink.printType);
    setColorSheets(ink.colorSheets);
  });
  useEffect(() => applyDetectedInk(), [inkKey]);

  // The set and the choices, kept for coming back (say from checkout).
  const remember = useEffectEvent(() => {
    if (!set) return;
    const price = printSize && printType ? priceChoices(set, { printSize, printType, sets, halfSets, colorSheets }) : null;
    writeStoredUpload({
      uploadId: set.uploadId,
      name: set.fileName,
      pageCount: set.pageCount,
      size: set.fileSize,
      printSize,
      printType,
      totalAmount: price ? centsToDollars(price.subtotalCents) : null,
      sets,
      halfSets,
      colorSheets,
      ...((set.files?.length ?? 0) > 1 ? { uploadIds: set.files?.map((f) => f.uploadId) } : {}),
    });
  });
  const rememberKey = `${inkKey}|${printSize}|${printType}|${sets}|${halfSets}|${colorSheets.join(',')}`;
  useEffect(() => remember(), [rememberKey]);

  /** Fills in a file's sheets as its per-sheet report arrives; a file found all blank is turned down. */
  function followReport(key: string, info: ReadyInfo, control: AbortController) {
    if (info.sheetsComplete) return;
    followSheetReport(
      info.uploadId,
      (next) => {
        if (next.status === 'rejected') {
          drop(key);
          refuse(refusalOf(new RejectedUpload(next)));
          return;
        }
        if (isReady(next)) update(key, { info: next });
      },
      control.signal,
    ).catch(() => {
      // Polling stopped (left the page, removed the file, network): no verdict will come, so the
      // price stands without the report rather than waiting for it.
      if (control.signal.aborted) return;
      setEntries((list) => list.map((e) => (e.key === key && e.info ? { ...e, info: { ...e.info, sheetsComplete: true } } : e)));
    });
  }

  const followRestored = useEffectEvent((restored: { key: string; info: ReadyInfo }[]) => {
    for (const entry of restored) {
      const control = new AbortController();
      controls.current.set(entry.key, control);
      followReport(entry.key, entry.info, control);
    }
  });

  // Coming back (say from checkout) shows the same files again while the server still has them ready.
  useEffect(() => {
    const stored = readStoredUpload();
    if (!stored) return;
    let live = true;
    const ids = stored.uploadIds ?? [stored.uploadId];
    Promise.all(ids.map((id) => apiRequest<UploadInfo>('GET', `/api/uploads/${id}`)))
      .then((answers) => {
        if (!live) return;
        const ready = answers.filter(isReady);
        if (ready.length !== answers.length) return writeStoredUpload(null);
        const restored = ready.map((info) => ({ key: `f${nextKey.current++}`, fileName: info.fileName, stage: 'ready' as const, percent: 100, info }));
        setEntries(restored);
        const configured = combineSet(ready);
        setPrintSize(stored.printSize ?? 'asDrawn');
        const ink = stored.printType ? { printType: stored.printType, colorSheets: stored.colorSheets ?? [] } : initialInk(configured);
        chooseInkByHand(Boolean(stored.printType));
        setPrintType(ink.printType);
        setColorSheets(ink.colorSheets.filter((n) => n <= configured.pageCount));
        setSets(stored.sets ?? 1);
        setHalfSets(stored.halfSets ?? 0);
        followRestored(restored);
      })
      .catch(() => writeStoredUpload(null));
    return () => {
      live = false;
    };
  }, []);

  /** One file: sent, analysed, then in the set (or refused, named when the set has others). */
  async function uploadOne(file: File, named: boolean) {
    const key = `f${nextKey.current++}`;
    const control = new AbortController();
    controls.current.set(key, control);
    setEntries((list) => [...list, { key, fileName: file.name, stage: 'uploading', percent: 0, info: null }]);
    try {
      // One file on the wire at a time: the first request may start the browser's session, which
      // every later upload must carry (parallel first requests would each start their own), and
      // the files arrive in the order shown. Each file's analysis runs while the next one is sent.
      const turn = sending.current.then(() =>
        control.signal.aborted
          ? Promise.reject(new DOMException('Upload cancelled', 'AbortError'))
          : sendPdf(file, (fraction) => update(key, { percent: fraction * 100 }), control.signal),
      );
      sending.current = turn.then(
        () => undefined,
        () => undefined,
      );
      const accepted = await turn;
      update(key, { stage: 'processing', percent: 100 });
      const info = await waitForAnalysis(accepted.uploadId, control.signal);
      if (control.signal.aborted) return;
      if (!isReady(info)) throw new RejectedUpload(info);
      firstReady();
      update(key, { stage: 'ready', info });
      const others = current.current.filter((e) => e.key !== key);
      if (others.length === 0) {
        toast({
          title: 'File uploaded successfully',
          description: `Detected ${info.pageCount} pages in your ${info.detectedSize === 'mixed' ? 'mixed-size' : info.detectedSize} PDF.`,
        });
      } else if (others.every((e) => e.stage === 'ready')) {
        const pages = others.reduce((sum, e) => sum + (e.info?.pageCount ?? 0), info.pageCount);
        toast({ title: 'Files uploaded successfully', description: `Detected ${pages} pages in ${others.length + 1} files.` });
      }
      followReport(key, info, control);
    } catch (error) {
      if (control.signal.aborted) return;
      controls.current.delete(key);
      const remaining = current.current.filter((e) => e.key !== key);
      if (remaining.length === 0) removeAll();
      else setEntries((list) => list.filter((e) => e.key !== key));
      const reason = refusalOf(error);
      refuse(named ? { ...reason, message: `${file.name}: ${reason.message}` } : reason);
    }
  }

  /** Files chosen or dropped: each checked, then sent on its own, in name order after the set's files. */
  function addFiles(chosen: File[]) {
    setRefusal(null);
    const files = [...chosen].sort((a, b) => a.name.localeCompare(b.name, undefined, { numeric: true }));
    const named = files.length > 1 || current.current.length > 0;
    let room = MAX_SET_FILES - current.current.length;
    const refused: UploadRefusal[] = [];
    const name = (file: File, message: string) => (named ? `${file.name}: ${message}` : message);
    for (const file of files) {
      if (!isPdfFile(file)) refused.push({ title: 'Invalid file type', message: name(file, 'Please upload a PDF file only.') });
      else if (file.size > MAX_UPLOAD_BYTES) refused.push({ title: 'File too large', message: name(file, 'Please upload a file smaller than 50MB.') });
      else if (room <= 0)
        refused.push({ title: 'Too many files', message: name(file, `A set can have at most ${MAX_SET_FILES} files. Please order the rest separately.`) });
      else {
        room -= 1;
        void uploadOne(file, named);
      }
    }
    if (refused.length > 0) refuse(refused.length === 1 ? refused[0] : { title: refused[0].title, message: refused.map((r) => r.message).join(' ') });
  }

  type Choices = { size: OrderPrintSize | null; type: OrderPrintType | null; sets: number; halfSets: number; colorSheets: number[] };

  /** Changes some of the choices. */
  function choose(change: Partial<Choices>) {
    if (change.type !== undefined || change.colorSheets !== undefined) chooseInkByHand(true);
    const next: Choices = { size: printSize, type: printType, sets, halfSets, colorSheets, ...change };
    setPrintSize(next.size);
    setPrintType(next.type);
    setSets(next.sets);
    setHalfSets(next.halfSets);
    setColorSheets(next.colorSheets);
  }

  function removeAll() {
    for (const control of controls.current.values()) control.abort();
    controls.current.clear();
    checkoutTimer.current?.abort();
    writeStoredUpload(null);
    sessionStorage.removeItem(CHECKOUT_DATA_KEY);
    setPrintSize(null);
    setPrintType(null);
    setSets(1);
    setHalfSets(0);
    setColorSheets([]);
    setJustUploaded(false);
    setEntries([]);
  }

  function proceedToCheckout() {
    if (!set || pendingFiles > 0 || !printSize || !printType || goingToCheckout) return;
    const price = priceChoices(set, { printSize, printType, sets, halfSets, colorSheets });
    if (!price) return;
    const files = set.files ?? [];
    const checkoutData: CheckoutData = {
      uploadId: set.uploadId,
      ...(files.length > 1 ? { uploadIds: files.map((f) => f.uploadId) } : {}),
      fileName: files.length > 0 ? setName(files) : set.fileName,
      pageCount: set.pageCount,
      fileSize: set.fileSize,
      printSize,
      printType,
      sets,
      halfSets,
      ...(printType === 'auto' ? { colorSheets } : {}),
      pricePerPage: price.pricePerPageCents === null ? null : centsToDollars(price.pricePerPageCents),
      totalAmount: centsToDollars(price.subtotalCents),
    };
    sessionStorage.setItem(CHECKOUT_DATA_KEY, JSON.stringify(checkoutData));
    setGoingToCheckout(true);
    const control = new AbortController();
    checkoutTimer.current = control;
    wait(CHECKOUT_AFTER_MS, control.signal).then(
      () => navigate('/checkout'),
      () => {},
    );
  }

  const rows = entries.map((e) => {
    const file = set?.files?.find((f) => f.uploadId === e.info?.uploadId);
    return {
      key: e.key,
      fileName: e.fileName,
      stage: e.stage,
      percent: e.percent,
      firstPosition: file?.firstPosition ?? null,
      pageCount: file?.pageCount ?? null,
    };
  });
  const addMore = <DropZone compact onFiles={addFiles} progress={null} refusal={refusal} />;
  const fileList =
    entries.length > 1 ? (
      <SetFiles rows={rows} onMove={move} onRemove={drop} disabled={goingToCheckout} addMore={addMore} />
    ) : (
      <div className="border-b border-slate-100 px-4 py-3 sm:px-6">{addMore}</div>
    );

  if (set) {
    const card = (
      <ConfigurationCard
        upload={set}
        printSize={printSize}
        printType={printType}
        sets={sets}
        halfSets={halfSets}
        colorSheets={colorSheets}
        onPrintSize={(size) => choose({ size })}
        onPrintType={(type) => {
          // Color only where needed starts from the sheets the analysis found in color, if it has.
          const detected = detectedColorSheets(set);
          choose({ type, ...(type === 'auto' && printType !== 'auto' && detected ? { colorSheets: detected } : {}) });
        }}
        onSets={(n) => choose({ sets: n })}
        onHalfSets={(n) => choose({ halfSets: n })}
        onColorSheets={(sheetsInColor) => choose({ type: 'auto', colorSheets: sheetsInColor })}
        onRemove={removeAll}
        onCheckout={proceedToCheckout}
        goingToCheckout={goingToCheckout}
        checkingColor={!set.sheetsComplete && !inkChosenByHand}
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
  const progress: DropZoneProgress | null = only
    ? {
        caption: CAPTIONS[only.stage === 'uploading' ? 'uploading' : 'processing'],
        fileName: only.fileName,
        percent: only.percent,
        detail: only.stage === 'uploading' ? `${Math.round(only.percent)}% sent` : 'Counting sheets and checking their size…',
      }
    : null;
  return <DropZone onFiles={addFiles} progress={progress} refusal={refusal} />;
}
