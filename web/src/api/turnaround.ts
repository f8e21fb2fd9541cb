/** The ready-by promise right now (GET /api/turnaround), refreshed every minute while shown. */
import useSWR from 'swr';

export type ReadyPromise = { readyBy: string; text: string };
export type Turnaround = { regular: ReadyPromise; rush: ReadyPromise; sameDayCutoff: string | null };

export function useTurnaround(): Turnaround | undefined {
  const { data } = useSWR<Turnaround>('/api/turnaround', { refreshInterval: 60_000 });
  return data;
}

/** "1 h 12 min" / "45 min" until `iso`, or null once it has passed. */
export function timeLeft(iso: string, now = Date.now()): string | null {
  const minutes = Math.floor((Date.parse(iso) - now) / 60_000);
  if (!(minutes > 0)) return null;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h > 0 ? `${h} h ${m} min` : `${m} min`;
}
