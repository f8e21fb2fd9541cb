/**
 * The upload's trips to the server. The shop first says which way the file goes (`POST /api/uploads`):
 * with S3 straight to the bucket with a presigned POST, then reported done to the API; otherwise as
 * the multipart upload to the API. Either way the file goes up through XMLHttpRequest (fetch cannot
 * report how many bytes have been sent), then the analysis is polled until it is decided.
 */
import { ApiError, apiRequest } from '../../data/client';
import type { UploadAccepted, UploadInfo, UploadRoute, UploadStart } from '#shared/upload';

/** What S3 answers a refused POST with (XML): its error code, when there is one. */
function storageErrorCode(text: string): string | null {
  return /<Code>([^<]+)<\/Code>/.exec(text)?.[1] ?? null;
}

/**
 * POSTs `form` to `url`, `onProgress` getting the fraction of bytes sent; resolves with the JSON (or
 * nothing) answered. `toStore`: the form goes to the file store, which sends no cookies and answers
 * refusals in XML; they become the same ApiError, in words, as the API's own.
 */
function postForm(url: string, form: FormData, onProgress: (fraction: number) => void, signal: AbortSignal, toStore: boolean): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = !toStore;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: unknown = xhr.responseText;
      try {
        body = xhr.responseText && !toStore ? JSON.parse(xhr.responseText) : null;
      } catch {
        // not JSON: keep the text
      }
      if (xhr.status >= 200 && xhr.status < 300) return resolve(body);
      if (toStore) {
        const tooLarge = storageErrorCode(xhr.responseText) === 'EntityTooLarge';
        const message = tooLarge ? 'Please upload a file smaller than 50MB.' : 'The upload did not reach our file store. Please try again.';
        return reject(new ApiError(tooLarge ? 413 : xhr.status, `${xhr.status}: ${message}`, { message }));
      }
      reject(new ApiError(xhr.status, `${xhr.status}: ${xhr.responseText || xhr.statusText}`, body));
    };
    xhr.onerror = () => reject(new Error('Network error while uploading'));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    signal.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

/** Sends the PDF the way the shop takes it; `onProgress` gets the fraction of bytes sent. */
export async function sendPdf(file: File, onProgress: (fraction: number) => void, signal: AbortSignal): Promise<UploadAccepted> {
  const start: UploadStart = { fileName: file.name, fileSize: file.size };
  const route = await apiRequest<UploadRoute>('POST', '/api/uploads', start);
  if (signal.aborted) throw new DOMException('Upload cancelled', 'AbortError');
  const form = new FormData();
  if (route.method === 'multipart') {
    form.append('pdf', file, file.name);
    return (await postForm(route.url, form, onProgress, signal, false)) as UploadAccepted;
  }
  // The policy's fields first: S3 reads the form in order and takes the file last.
  for (const [name, value] of Object.entries(route.fields)) form.append(name, value);
  form.append('file', file, file.name);
  await postForm(route.url, form, onProgress, signal, true);
  return apiRequest<UploadAccepted>('POST', route.completeUrl);
}

/**
 * When the analysis is asked about after the upload is accepted: soon and often at first, since the
 * verdict usually takes tens of milliseconds, then every POLL_EVERY_MS (a ready price must
 * not wait for a slow poll).
 */
export const POLL_DELAYS_MS = [40, 80, 120, 160];
export const POLL_EVERY_MS = 200;
/** How often the per-sheet report (color, previews) is asked about once the price shows. */
export const REPORT_POLL_EVERY_MS = 400;
/** How long the analysis, then the per-sheet report, is asked about before giving up. */
export const POLL_FOR_MS = 3 * 60_000;

/** Sleeps `ms`, or rejects with an AbortError as soon as `signal` aborts. */
function wait(ms: number, signal: AbortSignal): Promise<void> {
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
