/** "Order in the next 1 h 12 min: ready today by 7 PM", from the shop's ready-by clock (GET /api/turnaround). */
import { useEffect, useState } from 'react';
import { timeLeft, useTurnaround } from '../../data/turnaround';

/** "Today by 7:00 PM" → "today by 7 PM"; other days keep their date. */
export function shortPromise(text: string): string {
  return text.replace(/^Today/, 'today').replace(/:00 (AM|PM)/, ' $1');
}

export function ReadyByCountdown({ className }: { className?: string }) {
  const turnaround = useTurnaround();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  if (!turnaround) return null;
  const left = turnaround.sameDayCutoff ? timeLeft(turnaround.sameDayCutoff, now) : null;
  const text = left
    ? `Order in the next ${left}: ready ${shortPromise(turnaround.regular.text)}`
    : `Order now: ready ${shortPromise(turnaround.regular.text)} (rush: ${shortPromise(turnaround.rush.text)})`;
  return (
    <p className={className} data-testid="ready-by-countdown" role="status">
      {text}
    </p>
  );
}
