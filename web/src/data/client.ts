/**
 * The one fetcher. A non-OK response throws ApiError, whose message is "status: body" (the body's
 * text, or the status text when empty) as the spec says; `serverMessage` is the JSON `message`.
 * Every call sends cookies.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The server's human message when the body was JSON with `message`, else the raw message. */
  get serverMessage(): string {
    const b = this.body as { message?: unknown } | null;
    return typeof b?.message === 'string' ? b.message : this.message;
  }
}

async function throwIfNotOk(res: Response): Promise<Response> {
  if (res.ok) return res;
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: keep the text
  }
  throw new ApiError(res.status, `${res.status}: ${text || res.statusText}`, body);
}

/** Sends a request with JSON (when `body` is given) and returns the parsed JSON answer. */
export async function apiRequest<T>(method: string, url: string, body?: unknown): Promise<T> {
  const res = await fetch(url, {
    method,
    credentials: 'include',
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  await throwIfNotOk(res);
  if (res.status === 204) return undefined as T;
  const type = res.headers.get('content-type') ?? '';
  return (type.includes('application/json') ? await res.json() : await res.text()) as T;
}

/** swr fetcher: GET as JSON. */
export const fetcher = <T>(url: string) => apiRequest<T>('GET', url);

/** swr fetcher that treats 401 as "no data" (the current-user query). */
export async function fetcherOr401Null<T>(url: string): Promise<T | null> {
  try {
    return await apiRequest<T>('GET', url);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/** Downloads a file (receipt, label) as a Blob; throws ApiError on failure. */
export async function downloadBlob(url: string): Promise<Blob> {
  const res = await fetch(url, { credentials: 'include' });
  await throwIfNotOk(res);
  return res.blob();
}

/** Saves a Blob under `fileName` through a temporary link. */
export function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
