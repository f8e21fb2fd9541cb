/**
 * The upload's trips to the server: the PDF goes up through XMLHttpRequest (fetch cannot report how
 * many bytes have been sent), then the analysis is polled until it is decided.
 */
import { ApiError, apiRequest } from '../../api/client';
import type { UploadAccepted, UploadInfo } from '../../../../shared/upload';
import { UPLOAD_PDF_PATH } from '../../../../shared/sheets';

/** Sends the PDF as the multipart field `pdf`; `onProgress` gets the fraction of bytes sent. */
export function sendPdf(file: File, onProgress: (fraction: number) => void, signal: AbortSignal): Promise<UploadAccepted> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', UPLOAD_PDF_PATH);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: unknown = xhr.responseText;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        // not JSON: keep the text
      }
      if (xhr.status >= 200 && xhr.status < 300) return resolve(body as UploadAccepted);
      reject(new ApiError(xhr.status, `${xhr.status}: ${xhr.responseText || xhr.statusText}`, body));
    };
    xhr.onerror = () => reject(new Error('Network error while uploading'));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    signal.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('pdf', file, file.name);
    xhr.send(form);
  });
}

/**
 * When the analysis is asked about after the upload is accepted: soon and often at first, since the
 * verdict usually takes tens of milliseconds, then every POLL_EVERY_MS (a ready price must
 * not wait for a slow poll).
 */
export const POLL_DELAYS_MS = [40, 80, 120, 160];
export const POLL_EVERY_MS = 200;
/** How often the per-sheet report (colour, previews) is asked about once the price shows. */
export const REPORT_POLL_EVERY_MS = 400;
const POLL_FOR_MS = 3 * 60_000;

/** Sleeps `ms`, or rejects with an AbortError as soon as `signal` aborts. */
export function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (signal.aborted) return reject(new DOMException('Upload cancelled', 'AbortError'));
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new DOMException('Upload cancelled', 'AbortError'));
      },
      { once: true },
    );
  });
}

/** Asks for the upload until it is `ready` or `rejected`. */
export async function waitForAnalysis(uploadId: string, signal: AbortSignal): Promise<UploadInfo> {
  const until = Date.now() + POLL_FOR_MS;
  for (let attempt = 0; ; attempt++) {
    const info = await apiRequest<UploadInfo>('GET', `/api/uploads/${uploadId}`);
    if (info.status !== 'analyzing') return info;
    if (Date.now() > until) throw new Error('Checking your PDF is taking longer than it should. Please try again in a few minutes.');
    await wait(POLL_DELAYS_MS[attempt] ?? POLL_EVERY_MS, signal);
  }
}

/**
 * After `ready`, asks for the upload until its per-sheet report is complete, handing each answer to
 * `onInfo` (sheets fill in: colour, blank, scale notes, previews). Stops on abort or after a while.
 */
export async function followSheetReport(uploadId: string, onInfo: (info: UploadInfo) => void, signal: AbortSignal): Promise<void> {
  const until = Date.now() + POLL_FOR_MS;
  while (Date.now() < until) {
    await wait(REPORT_POLL_EVERY_MS, signal);
    const info = await apiRequest<UploadInfo>('GET', `/api/uploads/${uploadId}`);
    if (signal.aborted) return;
    onInfo(info);
    if (info.sheetsComplete) return;
  }
}
