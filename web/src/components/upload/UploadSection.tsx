/**
 * The landing page's upload area (spec "Upload area"): idle → uploading ('Uploading Blueprint...',
 * real bytes-sent progress) → processing ('Analyzing Document...' while the analysis is polled) →
 * the configuration card with its price and 'Upload Complete!' the moment the set is ready. The
 * spec's captions stay, but no timer holds a ready price back: the verdict usually comes
 * within a few polls of the upload. The card then keeps asking for the per-sheet report (color,
 * blank sheets, previews) until it is complete. Any error returns to idle with the spec's toast, and
 * its words stay under the drop zone until the next file.
 * Wrong type and over-50 MB files are caught before anything is sent.
 */
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import type { CheckoutData } from '#shared/checkout';
import { MAX_UPLOAD_BYTES } from '#shared/limits';
import { centsToDollars } from '#shared/money';
import type { OrderPrintSize, OrderPrintType } from '#shared/pricing';
import type { DetectedSize } from '#shared/sheets';
import { wrongSizeMessage } from '#shared/sheets';
import type { UploadInfo } from '#shared/upload';
import { ApiError, apiRequest } from '../../api/client';
import { toast } from '../toast';
import { ConfigurationCard, detectedColorSheets, priceChoices, type ConfiguredUpload } from './ConfigurationCard';
import { DropZone, type DropZoneProgress, type UploadRefusal } from './DropZone';
import { CHECKOUT_DATA_KEY, readStoredUpload, writeStoredUpload } from './storedUpload';
import { followSheetReport, sendPdf, wait, waitForAnalysis } from './uploadApi';

export const CAPTIONS = { uploading: 'Uploading Blueprint...', processing: 'Analyzing Document...', complete: 'Upload Complete!' } as const;
/** Spec point 9: checkout after 0.5 s. */
const CHECKOUT_AFTER_MS = 500;
const GENERIC_FAILURE = 'There was an error processing your PDF. Please try again.';

type Phase =
  | { kind: 'idle' }
  | { kind: 'uploading' | 'processing'; fileName: string; percent: number }
  | { kind: 'configured'; upload: ConfiguredUpload; justUploaded: boolean };

/** The card's view of a ready upload. */
function configuredFrom(info: UploadInfo & { pageCount: number; detectedSize: DetectedSize }): ConfiguredUpload {
  return {
    uploadId: info.uploadId,
    fileName: info.fileName,
    fileSize: info.fileSize,
    pageCount: info.pageCount,
    detectedSize: info.detectedSize,
    sheets: info.sheets,
    sheetsComplete: info.sheetsComplete,
    warnings: info.warnings,
  };
}

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
  const [, navigate] = useLocation();
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [printSize, setPrintSize] = useState<OrderPrintSize | null>(null);
  const [printType, setPrintType] = useState<OrderPrintType | null>(null);
  const [sets, setSets] = useState(1);
  const [halfSets, setHalfSets] = useState(0);
  const [colorSheets, setColorSheets] = useState<number[]>([]);
  const [goingToCheckout, setGoingToCheckout] = useState(false);
  /** The last file turned down: shown under the drop zone until the next file is chosen. */
  const [refusal, setRefusal] = useState<UploadRefusal | null>(null);
  const running = useRef<AbortController | null>(null);
  const following = useRef<AbortController | null>(null);
  /** The customer picked the ink: a color report arriving later must not change it. */
  const inkChosen = useRef(false);
  /** The same, for rendering: once chosen, the price no longer waits for the color verdict. */
  const [inkChosenByHand, setInkChosenByHand] = useState(false);
  const chooseInkByHand = (chosen: boolean) => {
    inkChosen.current = chosen;
    setInkChosenByHand(chosen);
  };

  /** The spec's toast, and the same words kept under the drop zone. */
  function refuse(reason: UploadRefusal) {
    toastRefusal(reason);
    setRefusal(reason);
  }

  // Leaving the page stops the upload, the polling and any pending timer.
  useEffect(
    () => () => {
      running.current?.abort();
      following.current?.abort();
    },
    [],
  );

  /** Fills in the card's sheets as the per-sheet report arrives; a set found all blank is turned down. */
  function followReport(info: UploadInfo) {
    following.current?.abort();
    if (info.sheetsComplete) return;
    const control = new AbortController();
    following.current = control;
    followSheetReport(
      info.uploadId,
      (next) => {
        if (next.status === 'rejected') {
          control.abort();
          writeStoredUpload(null);
          setPhase({ kind: 'idle' });
          const reason = refusalOf(new RejectedUpload(next));
          toastRefusal(reason);
          setRefusal(reason);
          return;
        }
        setPhase((p) =>
          p.kind === 'configured' && p.upload.uploadId === next.uploadId
            ? { ...p, upload: { ...p.upload, sheets: next.sheets, sheetsComplete: next.sheetsComplete, warnings: next.warnings } }
            : p,
        );
        // Color found once the report is in: preselect all color or "only where needed", unless the customer chose already.
        if (next.sheetsComplete && !inkChosen.current) {
          const ink = initialInk(configuredFrom({ ...next, pageCount: next.pageCount ?? 0, detectedSize: next.detectedSize ?? '24x36' }));
          if (ink.printType !== 'bw') {
            setPrintType(ink.printType);
            setColorSheets(ink.colorSheets);
          }
        }
      },
      control.signal,
    ).catch(() => {
      // Polling stopped (left the page, removed the file, network): no verdict will come, so the
      // price stands without the report rather than waiting for it.
      if (control.signal.aborted) return;
      setPhase((p) => (p.kind === 'configured' && p.upload.uploadId === info.uploadId ? { ...p, upload: { ...p.upload, sheetsComplete: true } } : p));
    });
  }

  // Coming back (say from checkout) shows the same file again while the server still has it ready.
  useEffect(() => {
    const stored = readStoredUpload();
    if (!stored) return;
    let live = true;
    apiRequest<UploadInfo>('GET', `/api/uploads/${stored.uploadId}`)
      .then((info) => {
        if (!live) return;
        if (info.status !== 'ready' || !info.detectedSize || !info.pageCount) return writeStoredUpload(null);
        const configured = configuredFrom({ ...info, pageCount: info.pageCount, detectedSize: info.detectedSize });
        setPhase({ kind: 'configured', upload: configured, justUploaded: false });
        setPrintSize(stored.printSize ?? 'asDrawn');
        const ink = stored.printType ? { printType: stored.printType, colorSheets: stored.colorSheets ?? [] } : initialInk(configured);
        chooseInkByHand(Boolean(stored.printType));
        setPrintType(ink.printType);
        setColorSheets(ink.colorSheets.filter((n) => n <= configured.pageCount));
        setSets(stored.sets ?? 1);
        setHalfSets(stored.halfSets ?? 0);
        followReport(info);
      })
      .catch(() => writeStoredUpload(null));
    return () => {
      live = false;
    };
  }, []);

  async function upload(file: File) {
    if (!isPdfFile(file)) return refuse({ title: 'Invalid file type', message: 'Please upload a PDF file only.' });
    if (file.size > MAX_UPLOAD_BYTES) return refuse({ title: 'File too large', message: 'Please upload a file smaller than 50MB.' });
    setRefusal(null);
    running.current?.abort();
    following.current?.abort();
    const control = new AbortController();
    running.current = control;
    setPhase({ kind: 'uploading', fileName: file.name, percent: 0 });
    try {
      const accepted = await sendPdf(file, (fraction) => setPhase((p) => (p.kind === 'uploading' ? { ...p, percent: fraction * 100 } : p)), control.signal);
      setPhase({ kind: 'processing', fileName: file.name, percent: 100 });
      const info = await waitForAnalysis(accepted.uploadId, control.signal);
      if (control.signal.aborted) return;
      if (info.status !== 'ready' || !info.detectedSize || !info.pageCount) throw new RejectedUpload(info);
      toast({
        title: 'File uploaded successfully',
        description: `Detected ${info.pageCount} pages in your ${info.detectedSize === 'mixed' ? 'mixed-size' : info.detectedSize} PDF.`,
      });
      const configured = configuredFrom({ ...info, pageCount: info.pageCount, detectedSize: info.detectedSize });
      const ink = initialInk(configured);
      chooseInkByHand(false);
      setPrintSize('asDrawn');
      setPrintType(ink.printType);
      setColorSheets(ink.colorSheets);
      setSets(1);
      setHalfSets(0);
      setPhase({ kind: 'configured', upload: configured, justUploaded: true });
      followReport(info);
      writeStoredUpload({
        uploadId: info.uploadId,
        name: info.fileName,
        pageCount: info.pageCount,
        size: info.fileSize,
        printSize: 'asDrawn',
        printType: ink.printType,
        totalAmount: null,
        sets: 1,
        halfSets: 0,
        colorSheets: ink.colorSheets,
      });
    } catch (error) {
      if (control.signal.aborted) return;
      setPhase({ kind: 'idle' });
      refuse(refusalOf(error));
    }
  }

  type Choices = { size: OrderPrintSize | null; type: OrderPrintType | null; sets: number; halfSets: number; colorSheets: number[] };

  function remember(next: Choices) {
    if (phase.kind !== 'configured') return;
    const { upload: u } = phase;
    const price =
      next.size && next.type
        ? priceChoices(u, { printSize: next.size, printType: next.type, sets: next.sets, halfSets: next.halfSets, colorSheets: next.colorSheets })
        : null;
    const total = price ? centsToDollars(price.subtotalCents) : null;
    writeStoredUpload({
      uploadId: u.uploadId,
      name: u.fileName,
      pageCount: u.pageCount,
      size: u.fileSize,
      printSize: next.size,
      printType: next.type,
      totalAmount: total,
      sets: next.sets,
      halfSets: next.halfSets,
      colorSheets: next.colorSheets,
    });
  }

  /** Changes some of the choices and remembers them all. */
  function choose(change: Partial<Choices>) {
    if (change.type !== undefined || change.colorSheets !== undefined) chooseInkByHand(true);
    const next: Choices = { size: printSize, type: printType, sets, halfSets, colorSheets, ...change };
    setPrintSize(next.size);
    setPrintType(next.type);
    setSets(next.sets);
    setHalfSets(next.halfSets);
    setColorSheets(next.colorSheets);
    remember(next);
  }

  function removeFile() {
    running.current?.abort();
    following.current?.abort();
    writeStoredUpload(null);
    sessionStorage.removeItem(CHECKOUT_DATA_KEY);
    setPrintSize(null);
    setPrintType(null);
    setSets(1);
    setHalfSets(0);
    setColorSheets([]);
    setPhase({ kind: 'idle' });
  }

  function proceedToCheckout() {
    if (phase.kind !== 'configured' || !printSize || !printType || goingToCheckout) return;
    const u = phase.upload;
    const price = priceChoices(u, { printSize, printType, sets, halfSets, colorSheets });
    if (!price) return;
    const checkoutData: CheckoutData = {
      uploadId: u.uploadId,
      fileName: u.fileName,
      pageCount: u.pageCount,
      fileSize: u.fileSize,
      printSize,
      printType,
      sets,
      halfSets,
      ...(printType === 'auto' ? { colorSheets } : {}),
      pricePerPage: price.pricePerPageCents === null ? null : centsToDollars(price.pricePerPageCents),
      totalAmount: centsToDollars(price.subtotalCents),
    };
    sessionStorage.setItem(CHECKOUT_DATA_KEY, JSON.stringify(checkoutData));
    remember({ size: printSize, type: printType, sets, halfSets, colorSheets });
    setGoingToCheckout(true);
    const control = new AbortController();
    running.current = control;
    wait(CHECKOUT_AFTER_MS, control.signal).then(
      () => navigate('/checkout'),
      () => {},
    );
  }

  if (phase.kind === 'configured') {
    const card = (
      <ConfigurationCard
        upload={phase.upload}
        printSize={printSize}
        printType={printType}
        sets={sets}
        halfSets={halfSets}
        colorSheets={colorSheets}
        onPrintSize={(size) => choose({ size })}
        onPrintType={(type) => {
          // Color only where needed starts from the sheets the analysis found in color, if it has.
          const detected = detectedColorSheets(phase.upload);
          choose({ type, ...(type === 'auto' && printType !== 'auto' && detected ? { colorSheets: detected } : {}) });
        }}
        onSets={(n) => choose({ sets: n })}
        onHalfSets={(n) => choose({ halfSets: n })}
        onColorSheets={(sheetsInColor) => choose({ type: 'auto', colorSheets: sheetsInColor })}
        onRemove={removeFile}
        onCheckout={proceedToCheckout}
        goingToCheckout={goingToCheckout}
        checkingColor={!phase.upload.sheetsComplete && !inkChosenByHand}
      />
    );
    if (!phase.justUploaded) return card;
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

  const progress: DropZoneProgress | null =
    phase.kind === 'idle'
      ? null
      : {
          caption: CAPTIONS[phase.kind],
          fileName: phase.fileName,
          percent: phase.percent,
          detail: phase.kind === 'uploading' ? `${Math.round(phase.percent)}% sent` : 'Counting sheets and checking their size…',
        };
  return <DropZone onFile={(file) => void upload(file)} progress={progress} refusal={refusal} />;
}
