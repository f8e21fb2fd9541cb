/** Every page: the blueprint-grid background, the navigation bar, the page transition and the footer. */
import { useEffect, type ReactNode } from 'react';
import { useShopConfig } from '../data/config';
import { shopTagline } from '#shared/shop';
import { Footer } from './landing/Footer';
import { NavBar } from './NavBar';
import { PageTransition } from './PageTransition';

export function Layout({ children }: { children: ReactNode }) {
  // The tab's title names the shop as configured (index.html carries the default until it loads).
  const { shop } = useShopConfig();
  const title = `${shop.name} · ${shopTagline(shop)}`;
  useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <div className="blueprint-grid flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <NavBar />
      <main id="main" className="flex-1">
        <PageTransition>{children}</PageTransition>
      </main>
      <Footer />
    </div>
  );
}
