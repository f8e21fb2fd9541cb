/**
 * Page transitions: the old page fades and grows slightly out (0.4 s), then the new page fades and
 * settles in (0.6 s); no blur, so no moment leaves text unreadable. Under prefers-reduced-motion
 * (read at each change, so switching it on takes effect at once) the swap is immediate.
 *
 * While the old page animates out it must keep rendering its own route, so the pages below see a
 * "shown" location that trails the real one by the exit time (a nested wouter Router whose location
 * hook returns it; navigation still goes to the real browser location).
 */
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { Router, useLocation } from 'wouter';
import { useBrowserLocation } from 'wouter/use-browser-location';

export const EXIT_MS = 400;

const ShownLocation = createContext<string>('/');

function useShownLocation(): [string, ReturnType<typeof useBrowserLocation>[1]] {
  const shown = useContext(ShownLocation);
  const [, navigate] = useBrowserLocation();
  return [shown, navigate];
}

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false);
}

export function PageTransition({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  const [shown, setShown] = useState(location);
  // Reduced motion: the new page right away, in this render (React's "adjust state when a prop
  // changes" pattern), with no exit frame.
  if (shown !== location && prefersReducedMotion()) setShown(location);
  const exiting = shown !== location;

  useEffect(() => {
    if (location === shown) return;
    const timer = setTimeout(() => setShown(location), EXIT_MS);
    return () => clearTimeout(timer);
  }, [location, shown]);

  // A new page starts at the top, as a full page load would (unless it links to a section).
  useEffect(() => {
    if (!window.location.hash) window.scrollTo(0, 0);
  }, [shown]);

  return (
    <ShownLocation.Provider value={shown}>
      <Router hook={useShownLocation}>
        <div key={shown} className={exiting ? 'page-exit' : 'page-enter'}>
          {children}
        </div>
      </Router>
    </ShownLocation.Provider>
  );
}
