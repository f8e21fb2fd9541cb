/**
 * The ready-by promise for an order paid now (GET /api/turnaround?at=), asked again every minute
 * while shown. "Now" is the page's clock, so the promise follows the minute the customer sees (and a
 * test can fix it); the server still fixes the real promise from the moment of payment. Given the
 * order being priced, the answer counts its own printing and finishing after the production queue,
 * and `queue` carries the sentence to show when the queue pushed a promise past today's rule.
 */
import { useEffect, useState } from 'react';
import useSWR from 'swr';

export type ReadyPromise = { readyBy: string; text: string };
export type Turnaround = {
  regular: ReadyPromise;
  rush: ReadyPromise;
  sameDayCutoff: string | null;
  /** Per promise, "The counter's queue is full today: ready …" when the queue pushed it, else null. */
  queue?: { regular: string | null; rush: string | null };
};

const minuteOf = () => new Date(Math.floor(Date.now() / 60_000) * 60_000).toISOString();

/** The page's current minute, as an ISO instant; changes once a minute. */
function useCurrentMinute(): string {
  const [minute, setMinute] = useState(minuteOf);
  useEffect(() => {
    const timer = setInterval(() => setMinute(minuteOf()), 15_000);
    return () => clearInterval(timer);
  }, []);
  return minute;
}

/** `orderQuery`: the order being priced, as `turnaroundOrderQuery` (#shared/turnaroundQuery) writes it; '' for none. */
export function useTurnaround(orderQuery = ''): Turnaround | undefined {
  const at = useCurrentMinute();
  const about = orderQuery ? `&${orderQuery}` : '';
  // The last answer stays on screen while the next minute's loads, so the promise never blinks.
  const { data } = useSWR<Turnaround>(`/api/turnaround?at=${encodeURIComponent(at)}${about}`, { keepPreviousData: true });
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
