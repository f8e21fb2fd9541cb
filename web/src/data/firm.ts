/** The signed-in person's firm (GET /api/my-firm), its orders, its address book, and what the firm page sends. */
import useSWR, { mutate } from 'swr';
import { ApiError, apiRequest, fetcher } from './client';
import type { FirmJson } from '#shared/firm';
import type { OrderJson } from '#shared/orderJson';

export const MY_FIRM_KEY = '/api/my-firm';

/** `{ firm: null }` when the person belongs to no firm; `error` is an ApiError (401 when signed out). Nothing is asked while `enabled` is false. */
export function useMyFirm(enabled = true) {
  return useSWR<{ firm: FirmJson | null }, ApiError>(enabled ? MY_FIRM_KEY : null, fetcher, { revalidateOnMount: true });
}

/** The firm's orders, newest first, optionally of one project and one person. */
export function useFirmOrders(enabled: boolean, filter: { projectId: string | null; placedBy: string | null }) {
  const query = new URLSearchParams({ scope: 'firm' });
  if (filter.projectId) query.set('projectId', filter.projectId);
  if (filter.placedBy) query.set('placedBy', filter.placedBy);
  const key = enabled ? `/api/orders?${query}` : null;
  return useSWR<OrderJson[], ApiError>(key, fetcher, { revalidateOnMount: true });
}

/**
 * Runs a firm change, then reloads the firm (and its orders). `sent` runs as soon as the change is
 * answered, before the reloads: a form clears itself there, so nothing typed into it once the new
 * row shows is cleared afterwards.
 */
export async function changeFirm<T>(method: string, url: string, body?: unknown, sent?: (answer: T) => void): Promise<T> {
  const answer = await apiRequest<T>(method, url, body);
  sent?.(answer);
  await mutate(MY_FIRM_KEY);
  await mutate((key) => typeof key === 'string' && key.startsWith('/api/orders?scope=firm'));
  return answer;
}

/** Files a tax-exempt certificate (multipart: the file and its fields), then reloads the firm. */
export async function fileCertificate(firmId: string, form: FormData): Promise<{ certificateId: string; status: string }> {
  const res = await fetch(`/api/firms/${firmId}/tax-certificates`, { method: 'POST', credentials: 'include', body: form });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: keep the text
  }
  if (!res.ok) throw new ApiError(res.status, `${res.status}: ${text || res.statusText}`, body);
  await mutate(MY_FIRM_KEY);
  return body as { certificateId: string; status: string };
}
