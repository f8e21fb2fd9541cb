/**
 * The navigation bar: 16 units (4 rem) tall on every page, in three states: a placeholder while the
 * session loads, Upload / My Orders and an avatar menu when signed in, Track Orders and Sign In when not.
 * While the admin is signed in it says so, with a way to the console and a sign-out, in place of the
 * customer's Sign In.
 */
import { lazy, Suspense } from 'react';
import { Link } from 'wouter';
import { buttonClasses } from './ui';
import { useUser } from '../data/auth';
import { useAdminSignedIn, useAdminSignOut } from '../data/admin';
import { useShopConfig } from '../data/config';

// Only a signed-in customer needs the menu: its chunk stays out of the landing page's bundle.
const AccountMenu = lazy(() => import('./AccountMenu'));

export function Logo() {
  const { shop } = useShopConfig();
  return (
    <Link href="/" className="flex items-center gap-2 font-semibold text-blueprint-800" aria-label={`${shop.name} home`}>
      <svg viewBox="0 0 32 32" className="h-8 w-8" aria-hidden="true">
        <rect width="32" height="32" rx="6" fill="#1e3a8a" />
        <path d="M8 8h16v16H8z" fill="none" stroke="#93c5fd" strokeWidth="1.5" />
        <path d="M8 14h16M14 8v16" stroke="#93c5fd" strokeWidth="1" />
      </svg>
      <span className="sr-only whitespace-nowrap text-lg tracking-tight min-[420px]:not-sr-only">{shop.name}</span>
    </Link>
  );
}

export function NavBar() {
  const { user, isLoading } = useUser();
  const admin = useAdminSignedIn();
  return (
    <header className="sticky top-0 z-40 h-16 border-b border-slate-200 bg-white/90 backdrop-blur">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-7xl items-center justify-between px-4 sm:px-6">
        <Logo />
        {isLoading ? (
          <div className="flex items-center gap-2" aria-hidden="true" data-testid="nav-loading">
            <div className="h-8 w-24 animate-pulse motion-reduce:animate-none rounded-md bg-slate-200" />
            <div className="h-8 w-8 animate-pulse motion-reduce:animate-none rounded-full bg-slate-200" />
          </div>
        ) : (
          <div className="flex items-center gap-1 sm:gap-2">
            {admin && <AdminState />}
            {user ? (
              <>
                <div className="hidden items-center gap-1 md:flex">
                  <Link href="/" className={buttonClasses('ghost', 'sm')}>
                    Upload
                  </Link>
                  <Link href="/orders" className={buttonClasses('ghost', 'sm')}>
                    My Orders
                  </Link>
                </div>
                <Suspense fallback={<span aria-hidden="true" className="h-9 w-9 rounded-full bg-blueprint-700" />}>
                  <AccountMenu user={user} />
                </Suspense>
              </>
            ) : (
              !admin && (
                <>
                  <Link href="/order-lookup" className={buttonClasses('ghost', 'sm', 'whitespace-nowrap')}>
                    Track Orders
                  </Link>
                  <Link href="/login" className={buttonClasses('primary', 'sm', 'whitespace-nowrap')}>
                    Sign In
                  </Link>
                </>
              )
            )}
          </div>
        )}
      </nav>
    </header>
  );
}

/** The admin's state: who is signed in (a link to the console) and their sign-out. */
function AdminState() {
  const signOut = useAdminSignOut();
  return (
    <div className="flex items-center gap-1 sm:gap-2" data-testid="nav-admin">
      <Link href="/admin" className={buttonClasses('ghost', 'sm', 'whitespace-nowrap')}>
        <span aria-hidden="true" className="mr-1.5 inline-block h-2 w-2 rounded-full bg-green-600" />
        Admin
      </Link>
      <button type="button" onClick={() => void signOut()} className={buttonClasses('outline', 'sm', 'whitespace-nowrap')}>
        Sign out
      </button>
    </div>
  );
}
