/**
 * The upload screen's one state (./printSetReducer.ts) and what makes it move: each chosen file is
 * checked, sent (one on the wire at a time) and analysed; the per-sheet report of every ready file
 * is polled through swr until it is complete; the set and the choices are kept in session storage
 * for coming back (say from checkout), and restored from it; 'Proceed to Checkout' hands the order
 * to checkout after the spec's half second. Components get the state and `dispatch`.
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useReducer, useRef } from 'react';
import useSWR from 'swr';
import { useLocation } from 'wouter';
import type { CheckoutData } from '#shared/checkout';
import { hasFinishing } from '#shared/finishing';
import { MAX_SET_FILES, MAX_UPLOAD_BYTES } from '#shared/limits';
import { centsToDollars } from '#shared/money';
import { setName } from '#shared/orderText';
import { wrongSizeMessage } from '#shared/sheets';
import { leaveOutPath } from '#shared/leaveOut';
import type { LeftOutAccepted, UploadInfo } from '#shared/upload';
import { ApiError, apiRequest, fetcher } from '../../data/client';
import { toast } from '../toast';
import { priceOf, type UploadRefusal } from './printSet';
import { INITIAL_PRINT_SET, printSetReducer, readyInfos, setOf, type PrintSetAction } from './printSetReducer';
import { CHECKOUT_DATA_KEY, readStoredUpload, writeStoredUpload } from './storedUpload';
import { isReady } from './uploadSet';
import { POLL_FOR_MS, REPORT_POLL_EVERY_MS, sendPdf, waitForAnalysis } from './uploadApi';

/** Spec point 9: checkout after 0.5 s. */
const CHECKOUT_AFTER_MS = 500;
const GENERIC_FAILURE = 'There was an error processing your PDF. Please try again.';

/** The analysis turned the drawing down. */
class RejectedUpload extends Error {
  constructor(readonly info: UploadInfo) {
    super(info.message ?? GENERIC_FAILURE);
  }
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

/** One poll of the per-sheet reports: each file's answer, or null when asking failed. */
type ReportAnswer = { uploadId: string; info: UploadInfo | null };

async function fetchReports([, ...uploadIds]: readonly string[]): Promise<ReportAnswer[]> {
  return Promise.all(
    uploadIds.map((uploadId) =>
      fetcher<UploadInfo>(`/api/uploads/${uploadId}`).then(
        (info) => ({ uploadId, info }),
        () => ({ uploadId, info: null }),
      ),
    ),
  );
}

/** The screen's state, the set it shows, and the actions that need more than the reducer. */
export function usePrintSet() {
  const [state, rawDispatch] = useReducer(printSetReducer, INITIAL_PRINT_SET);
  const [, navigate] = useLocation();
  /** The state as last rendered, for the handlers of uploads still running. */
  const latest = useRef(state);
  useLayoutEffect(() => {
    latest.current = state;
  });
  const nextKey = useRef(0);
  /** The file being sent; the next waits for it. */
  const sending = useRef<Promise<void>>(Promise.resolve());

  const set = useMemo(() => setOf(state.entries), [state.entries]);
  const pendingFiles = state.entries.length - readyInfos(state.entries).length;

  /** The reducer's dispatch; a file removed also stops its upload, and the last one gone forgets the stored set. */
  const dispatch = useCallback((action: PrintSetAction) => {
    const { entries } = latest.current;
    const gone = action.type === 'allRemoved' ? entries : action.type === 'fileRemoved' ? entries.filter((e) => e.key === action.key) : [];
    for (const entry of gone) entry.control?.abort();
    if (gone.length > 0 && gone.length === entries.length) {
      writeStoredUpload(null);
      sessionStorage.removeItem(CHECKOUT_DATA_KEY);
    }
    rawDispatch(action);
  }, []);

  /** The spec's toast, and the same words kept under the drop zone. */
  const refuse = useCallback(
    (refusal: UploadRefusal) => {
      toast({ title: refusal.title, description: refusal.message, variant: 'destructive' });
      dispatch({ type: 'refused', refusal });
    },
    [dispatch],
  );

  // Leaving the page stops the uploads.
  useEffect(() => () => latest.current.entries.forEach((e) => e.control?.abort()), []);

  // Each ready file's per-sheet report (color, blank sheets, previews), asked for until it is complete.
  const following = state.entries.filter((e) => e.stage === 'ready' && e.info && !e.info.sheetsComplete);
  const followingIds = following.flatMap((e) => (e.info ? [e.info.uploadId] : []));
  useSWR(followingIds.length > 0 ? ['upload-reports', ...followingIds] : null, fetchReports, {
    // A report may never complete: each file's is asked for a while, then the price stands without it.
    refreshInterval: () => (following.some((e) => Date.now() < (e.followUntil ?? 0)) ? REPORT_POLL_EVERY_MS : 0),
    // Every tick asks the server again (the house default would answer from the last tick for 2 s).
    dedupingInterval: 0,
    revalidateOnMount: true,
    onSuccess: (answers) => {
      const failed = answers.flatMap((a) => (a.info ? [] : [a.uploadId]));
      // Asking failed: no verdict will come, so the price stands without the report rather than waiting for it.
      if (failed.length > 0) dispatch({ type: 'reportStopped', uploadIds: failed });
      for (const { info } of answers) {
        if (!info) continue;
        if (isReady(info)) dispatch({ type: 'reportArrived', info });
        else if (info.status === 'rejected') {
          // A file found all blank is turned down.
          const entry = latest.current.entries.find((e) => e.info?.uploadId === info.uploadId);
          if (!entry) continue;
          dispatch({ type: 'fileRemoved', key: entry.key });
          refuse(refusalOf(new RejectedUpload(info)));
        }
      }
    },
  });

  // The set and the choices, kept for coming back (say from checkout).
  useEffect(() => {
    if (!set) return;
    const { choices } = state;
    const price = priceOf(set, choices);
    writeStoredUpload({
      uploadId: set.uploadId,
      name: set.fileName,
      pageCount: set.pageCount,
      size: set.fileSize,
      printSize: choices.printSize,
      printType: choices.printType,
      totalAmount: price ? centsToDollars(price.subtotalCents) : null,
      sets: choices.sets,
      halfSets: choices.halfSets,
      colorSheets: choices.colorSheets,
      ...(choices.reducedSets ? { reducedSets: choices.reducedSets } : {}),
      ...(choices.finishing ? { finishing: choices.finishing } : {}),
      ...(choices.halfFinishing ? { halfFinishing: choices.halfFinishing } : {}),
      ...((set.files?.length ?? 0) > 1 ? { uploadIds: set.files?.map((f) => f.uploadId) } : {}),
    });
  }, [set, state]);

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
        const followUntil = Date.now() + POLL_FOR_MS;
        rawDispatch({ type: 'restored', entries: ready.map((info) => ({ key: `f${nextKey.current++}`, info })), stored, followUntil });
      })
      .catch(() => writeStoredUpload(null));
    return () => {
      live = false;
    };
  }, []);

  // Proceed to Checkout: the order as checkout reads it, then checkout after the spec's half second.
  const { goingToCheckout } = state;
  useEffect(() => {
    if (!goingToCheckout) return;
    const { entries, choices, sheetOrder } = latest.current;
    const current = setOf(entries);
    const price = current && priceOf(current, choices);
    if (!current || !price || !choices.printSize || !choices.printType) return;
    const files = current.files ?? [];
    const checkoutData: CheckoutData = {
      uploadId: current.uploadId,
      ...(files.length > 1 ? { uploadIds: files.map((f) => f.uploadId) } : {}),
      fileName: files.length > 0 ? setName(files) : current.fileName,
      pageCount: current.pageCount,
      fileSize: current.fileSize,
      printSize: choices.printSize,
      printType: choices.printType,
      sets: choices.sets,
      halfSets: choices.halfSets,
      ...(choices.printType === 'auto' ? { colorSheets: choices.colorSheets } : {}),
      ...(sheetOrder ? { sheetOrder } : {}),
      ...(choices.reducedSets ? { reducedSets: choices.reducedSets } : {}),
      ...(choices.finishing && hasFinishing(choices.finishing) ? { finishing: choices.finishing } : {}),
      ...(choices.halfFinishing && hasFinishing(choices.halfFinishing) ? { halfFinishing: choices.halfFinishing } : {}),
      pricePerPage: price.pricePerPageCents === null ? null : centsToDollars(price.pricePerPageCents),
      totalAmount: centsToDollars(price.subtotalCents),
    };
    sessionStorage.setItem(CHECKOUT_DATA_KEY, JSON.stringify(checkoutData));
    const timer = setTimeout(() => navigate('/checkout'), CHECKOUT_AFTER_MS);
    return () => clearTimeout(timer);
  }, [goingToCheckout, navigate]);

  /** One file: sent, analysed, then in the set (or refused, named when the set has others). */
  async function uploadOne(file: File, named: boolean) {
    const key = `f${nextKey.current++}`;
    const control = new AbortController();
    dispatch({ type: 'fileAdded', key, fileName: file.name, control });
    try {
      // One file on the wire at a time: the first request may start the browser's session, which
      // every later upload must carry (parallel first requests would each start their own), and
      // the files arrive in the order shown. Each file's analysis runs while the next one is sent.
      const turn = sending.current.then(() =>
        control.signal.aborted
          ? Promise.reject(new DOMException('Upload cancelled', 'AbortError'))
          : sendPdf(file, (fraction) => dispatch({ type: 'fileProgress', key, percent: fraction * 100 }), control.signal),
      );
      sending.current = turn.then(
        () => undefined,
        () => undefined,
      );
      const accepted = await turn;
      dispatch({ type: 'fileSent', key });
      const info = await waitForAnalysis(accepted.uploadId, control.signal);
      if (control.signal.aborted) return;
      if (!isReady(info) && (info.unprintableSheets?.length ?? 0) > 0) {
        // Only some sheets are at fault: the file keeps its place and offers to leave them out.
        const reason = refusalOf(new RejectedUpload(info));
        toast({ title: reason.title, description: named ? `${file.name}: ${reason.message}` : reason.message, variant: 'destructive' });
        return dispatch({ type: 'fileUnprintable', key, refused: info });
      }
      if (!isReady(info)) throw new RejectedUpload(info);
      dispatch({ type: 'fileReady', key, info, followUntil: Date.now() + POLL_FOR_MS });
      const others = latest.current.entries.filter((e) => e.key !== key);
      if (others.length === 0) {
        toast({
          title: 'File uploaded successfully',
          description: `Detected ${info.pageCount} pages in your ${info.detectedSize === 'mixed' ? 'mixed-size' : info.detectedSize} PDF.`,
        });
      } else if (others.every((e) => e.stage === 'ready')) {
        const pages = others.reduce((sum, e) => sum + (e.info?.pageCount ?? 0), info.pageCount);
        toast({ title: 'Files uploaded successfully', description: `Detected ${pages} pages in ${others.length + 1} files.` });
      }
    } catch (error) {
      if (control.signal.aborted) return;
      dispatch({ type: 'fileRemoved', key });
      const reason = refusalOf(error);
      refuse(named ? { ...reason, message: `${file.name}: ${reason.message}` } : reason);
    }
  }

  /**
   * "Leave out sheet 3": the file again without its unprintable sheets, made and analysed on the
   * server as a new upload that takes the refused file's place in the set. A refusal of the request
   * stays beside the offer; a new upload turned down leaves the set as any refused file does.
   */
  async function leaveOut(key: string) {
    const entry = latest.current.entries.find((e) => e.key === key);
    const refused = entry?.refused;
    if (!entry || entry.stage !== 'unprintable' || !refused) return;
    const control = entry.control ?? new AbortController();
    dispatch({ type: 'leaveOutStarted', key });
    try {
      const pages = (refused.unprintableSheets ?? []).map((s) => s.page);
      const made = await apiRequest<LeftOutAccepted>('POST', leaveOutPath(refused.uploadId), { pages });
      const info = await waitForAnalysis(made.uploadId, control.signal);
      if (control.signal.aborted) return;
      if (!isReady(info)) throw new RejectedUpload(info);
      dispatch({ type: 'fileReady', key, info, followUntil: Date.now() + POLL_FOR_MS });
    } catch (error) {
      if (control.signal.aborted) return;
      if (error instanceof ApiError) return dispatch({ type: 'fileUnprintable', key, refused, error: error.serverMessage || GENERIC_FAILURE });
      dispatch({ type: 'fileRemoved', key });
      refuse(refusalOf(error));
    }
  }

  /** Files chosen or dropped: each checked, then sent on its own, after the set's files in the order they were chosen. */
  function addFiles(chosen: File[]) {
    dispatch({ type: 'filesChosen' });
    const { entries } = latest.current;
    // The order chosen is the set's order: a cover picked first stays first (never re-sorted by name).
    const files = [...chosen];
    const named = files.length > 1 || entries.length > 0;
    let room = MAX_SET_FILES - entries.length;
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

  return { state, set, pendingFiles, dispatch, addFiles, leaveOut };
}
