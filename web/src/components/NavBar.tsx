/**
 * The navigation bar: 16 units (4 rem) tall on every page, in three states: a placeholder while the
 * session loads, Upload / My Orders and an avatar menu when signed in, Track Orders and Sign In when not.
 * While the admin is signed in it says so, with a way to the console and a sign-out, in place of the
 * customer's Sign In.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'wouter';
import { buttonClasses } from './ui';
import { useSignOut, useUser, type User } from '../data/auth';
import { useAdminSignedIn, useAdminSignOut } from '../data/admin';
import { useShopConfig } from '../data/config';

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
            <div className="h-8 w-24 animate-pulse rounded-md bg-slate-200" />
            <div className="h-8 w-8 animate-pulse rounded-full bg-slate-200" />
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
                <AccountMenu user={user} />
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

function initials(user: User): string {
  const letters = `${user.firstName?.[0] ?? ''}${user.lastName?.[0] ?? ''}`.toUpperCase();
  return letters || user.email[0]?.toUpperCase() || '?';
}

/** The avatar button and its menu: keyboard reachable, closes on Escape, outside click or choice. */
function AccountMenu({ user }: { user: User }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const signOut = useSignOut();

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    root.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  function moveFocus(e: React.KeyboardEvent) {
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    e.preventDefault();
    const items = [...(root.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const i = items.indexOf(document.activeElement as HTMLElement);
    items[(i + (e.key === 'ArrowDown' ? 1 : items.length - 1)) % items.length]?.focus();
  }

  return (
    <div className="relative" ref={root}>
      <button
        ref={button}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((o) => !o)}
        className="flex h-9 w-9 items-center justify-center rounded-full bg-blueprint-700 text-sm font-semibold text-white ring-offset-2 hover:bg-blueprint-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blueprint-500"
      >
        <span className="sr-only">Account menu</span>
        {user.profileImageUrl ? (
          <img src={user.profileImageUrl} alt="" className="h-9 w-9 rounded-full object-cover" />
        ) : (
          <span aria-hidden="true">{initials(user)}</span>
        )}
      </button>
      {open && (
        <div
          id={menuId}
          role="menu"
          aria-label="Account"
          onKeyDown={moveFocus}
          className="absolute right-0 mt-2 w-60 overflow-hidden rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
        >
          <div className="border-b border-slate-100 px-4 py-3">
            <p className="text-sm font-semibold text-slate-900">{user.previousSignInAt === null ? 'Welcome!' : 'Welcome back!'}</p>
            <p className="text-xs text-slate-600">Customer Account</p>
            <p className="mt-1 truncate text-xs text-slate-500">{user.email}</p>
          </div>
          <Link
            href="/orders"
            role="menuitem"
            onClick={() => setOpen(false)}
            className="block px-4 py-2 text-sm text-slate-800 hover:bg-slate-50 focus:bg-slate-100 focus:outline-none"
          >
            My Orders
          </Link>
          <button
            type="button"
            role="menuitem"
            onClick={() => {
              setOpen(false);
              void signOut();
            }}
            className="block w-full px-4 py-2 text-left text-sm text-slate-800 hover:bg-slate-50 focus:bg-slate-100 focus:outline-none"
          >
            Sign out
          </button>
        </div>
      )}
    </div>
  );
}
