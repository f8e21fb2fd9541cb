/**
 * The landing page's upload area (spec "Upload area"): idle → uploading ('Uploading Blueprint...',
 * real bytes-sent progress) → processing ('Analyzing Document...' while the analysis is polled) →
 * the configuration card with its price and 'Upload Complete!' the moment the set is ready. The
 * spec's captions stay, but no timer holds a ready price back (issue 16): the verdict usually comes
 * within a few polls of the upload. The card then keeps asking for the per-sheet report (colour,
 * blank sheets, previews) until it is complete. Any error returns to idle with the spec's toast.
 * Wrong type and over-50 MB files are caught before anything is sent.
 */
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import type { CheckoutData } from '../../../../shared/checkout';
import { MAX_UPLOAD_BYTES } from '../../../../shared/limits';
import { centsToDollars } from '../../../../shared/money';
import { priceOrder, type PrintSize, type PrintType } from '../../../../shared/pricing';
import { wrongSizeMessage } from '../../../../shared/sheets';
import type { UploadInfo } from '../../../../shared/upload';
import { ApiError, apiRequest } from '../../api/client';
import { toast } from '../toast';
import { ConfigurationCard, type ConfiguredUpload } from './ConfigurationCard';
import { DropZone, type DropZoneProgress } from './DropZone';
import { CHECKOUT_DATA_KEY, readStoredUpload, writeStoredUpload } from './storedUpload';
import { followSheetReport, sendPdf, waitForAnalysis } from './uploadApi';

export const CAPTIONS = { uploading: 'Uploading Blueprint...', processing: 'Analyzing Document...', complete: 'Upload Complete!' } as const;
/** Spec point 9: checkout after 0.5 s. */
const CHECKOUT_AFTER_MS = 500;
const GENERIC_FAILURE = 'There was an error processing your PDF. Please try again.';

type Phase =
  | { kind: 'idle' }
  | { kind: 'uploading' | 'processing'; fileName: string; percent: number }
  | { kind: 'configured'; upload: ConfiguredUpload; justUploaded: boolean };

/** The card's view of a ready upload. */
function configuredFrom(info: UploadInfo & { pageCount: number; detectedSize: PrintSize }): ConfiguredUpload {
  return {
    uploadId: info.uploadId,
    fileName: info.fileName,
    fileSize: info.fileSize,
    pageCount: info.pageCount,
    detectedSize: info.detectedSize,
    sheets: info.sheets,
    sheetsComplete: info.sheetsComplete,
  };
}

/** The analysis turned the drawing down. */
class RejectedUpload extends Error {
  constructor(readonly info: UploadInfo) {
    super(info.message ?? GENERIC_FAILURE);
  }
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new DOMException('Upload cancelled', 'AbortError'));
    }, { once: true });
  });
}

function isPdfFile(file: File): boolean {
  return file.type === 'application/pdf' || /\.pdf$/i.test(file.name);
}

/** The spec's toast for each way an upload can fail. */
function showUploadError(error: unknown): void {
  const actualSize =
    error instanceof RejectedUpload
      ? error.info.actualSize
      : error instanceof ApiError && error.status === 400
        ? ((error.body as { actualSize?: unknown } | null)?.actualSize as string | undefined)
        : undefined;
  if (typeof actualSize === 'string' && actualSize) {
    toast({ title: 'Invalid Document Size', description: wrongSizeMessage(actualSize), variant: 'destructive' });
    return;
  }
  const message = error instanceof RejectedUpload ? error.message : error instanceof ApiError ? error.serverMessage : GENERIC_FAILURE;
  toast({ title: 'Upload failed', description: message || GENERIC_FAILURE, variant: 'destructive' });
}

export function UploadSection() {
  const [, navigate] = useLocation();
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [printSize, setPrintSize] = useState<PrintSize | null>(null);
  const [printType, setPrintType] = useState<PrintType | null>(null);
  const [goingToCheckout, setGoingToCheckout] = useState(false);
  const running = useRef<AbortController | null>(null);
  const following = useRef<AbortController | null>(null);

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
          showUploadError(new RejectedUpload(next));
          return;
        }
        setPhase((p) => (p.kind === 'configured' && p.upload.uploadId === next.uploadId ? { ...p, upload: { ...p.upload, sheets: next.sheets, sheetsComplete: next.sheetsComplete } } : p));
      },
      control.signal,
    ).catch(() => {
      // Polling stopped (left the page, removed the file, network): the price stands without the report.
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
        setPhase({ kind: 'configured', upload: configuredFrom({ ...info, pageCount: info.pageCount, detectedSize: info.detectedSize }), justUploaded: false });
        setPrintSize(stored.printSize ?? info.detectedSize);
        setPrintType(stored.printType ?? 'bw');
        followReport(info);
      })
      .catch(() => writeStoredUpload(null));
    return () => {
      live = false;
    };
  }, []);

  async function upload(file: File) {
    if (!isPdfFile(file)) return toast({ title: 'Invalid file type', description: 'Please upload a PDF file only.', variant: 'destructive' });
    if (file.size > MAX_UPLOAD_BYTES) return toast({ title: 'File too large', description: 'Please upload a file smaller than 50MB.', variant: 'destructive' });
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
      toast({ title: 'File uploaded successfully', description: `Detected ${info.pageCount} pages in your ${info.detectedSize} PDF.` });
      setPrintSize(info.detectedSize);
      setPrintType('bw');
      setPhase({ kind: 'configured', upload: configuredFrom({ ...info, pageCount: info.pageCount, detectedSize: info.detectedSize }), justUploaded: true });
      followReport(info);
      writeStoredUpload({ uploadId: info.uploadId, name: info.fileName, pageCount: info.pageCount, size: info.fileSize, printSize: info.detectedSize, printType: 'bw', totalAmount: null });
    } catch (error) {
      if (control.signal.aborted) return;
      setPhase({ kind: 'idle' });
      showUploadError(error);
    }
  }

  function remember(size: PrintSize | null, type: PrintType | null) {
    if (phase.kind !== 'configured') return;
    const { upload: u } = phase;
    const total = size && type ? centsToDollars(priceOrder({ pageCount: u.pageCount, printSize: size, printType: type, rushOrder: false, shippingMethod: 'pickup' }).subtotalCents) : null;
    writeStoredUpload({ uploadId: u.uploadId, name: u.fileName, pageCount: u.pageCount, size: u.fileSize, printSize: size, printType: type, totalAmount: total });
  }

  function removeFile() {
    running.current?.abort();
    following.current?.abort();
    writeStoredUpload(null);
    sessionStorage.removeItem(CHECKOUT_DATA_KEY);
    setPrintSize(null);
    setPrintType(null);
    setPhase({ kind: 'idle' });
  }

  function proceedToCheckout() {
    if (phase.kind !== 'configured' || !printSize || !printType || goingToCheckout) return;
    const u = phase.upload;
    const price = priceOrder({ pageCount: u.pageCount, printSize, printType, rushOrder: false, shippingMethod: 'pickup' });
    const checkoutData: CheckoutData = {
      uploadId: u.uploadId,
      fileName: u.fileName,
      pageCount: u.pageCount,
      fileSize: u.fileSize,
      printSize,
      printType,
      pricePerPage: centsToDollars(price.pricePerPageCents),
      totalAmount: centsToDollars(price.subtotalCents),
    };
    sessionStorage.setItem(CHECKOUT_DATA_KEY, JSON.stringify(checkoutData));
    remember(printSize, printType);
    setGoingToCheckout(true);
    const control = new AbortController();
    running.current = control;
    pause(CHECKOUT_AFTER_MS, control.signal).then(
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
        onPrintSize={(size) => {
          setPrintSize(size);
          remember(size, printType);
        }}
        onPrintType={(type) => {
          setPrintType(type);
          remember(printSize, type);
        }}
        onRemove={removeFile}
        onCheckout={proceedToCheckout}
        goingToCheckout={goingToCheckout}
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
  return <DropZone onFile={(file) => void upload(file)} progress={progress} />;
}
