/** Every page: the blueprint-grid background, the navigation bar and the page transition. */
import type { ReactNode } from 'react';
import { useLocation } from 'wouter';
import { NavBar } from './NavBar';
import { PageTransition } from './PageTransition';

export function Layout({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  return (
    <div className="blueprint-grid flex min-h-screen flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2">
        Skip to content
      </a>
      <NavBar />
      <main id="main" className="flex-1">
        <PageTransition key={location}>{children}</PageTransition>
      </main>
    </div>
  );
}
