/** Revisions: start one for an order, and the swr hook that reads it until it is compared. */
import useSWR from 'swr';
import { apiRequest, fetcher } from './client';
import type { RevisionJson, StartRevisionInput } from '#shared/revisions';

/** How often a revision still comparing is read again. */
const COMPARING_POLL_MS = 1500;

/** POST /api/revisions; `query` carries the order page's `?token=`, if any. */
export function startRevision(body: StartRevisionInput, query: string): Promise<{ revisionId: string; status: 'comparing' }> {
  return apiRequest('POST', `/api/revisions${query}`, body);
}

/** The revision, read again while it is comparing. */
export function useRevision(revisionId: string | null, query: string) {
  return useSWR<RevisionJson>(revisionId ? `/api/revisions/${revisionId}${query}` : null, fetcher, {
    refreshInterval: (latest) => (latest && latest.status !== 'comparing' ? 0 : COMPARING_POLL_MS),
  });
}
