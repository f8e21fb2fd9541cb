/** Fades, scales and un-blurs each page in (0.6 s); the CSS turns it off under reduced motion. */
import type { ReactNode } from 'react';

export function PageTransition({ children }: { children: ReactNode }) {
  return <div className="page-enter">{children}</div>;
}
