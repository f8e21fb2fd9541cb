/**
 * The navigation bar: 16 units (4 rem) tall on every page, in three states: a placeholder while the
 * session loads, Upload / My Orders and an avatar menu when signed in, Track Orders and Sign In when not.
 * While the admin is signed in it says so, with a way to the console and a sign-out, in place of the
 * customer's Sign In.
 */
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
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

/**
 * The avatar button and its menu, through Radix's dropdown menu: the WAI-ARIA menu button pattern
 * (Enter, Space or the arrow keys open it on the first or last item, arrows, Home, End and typeahead
 * move, Escape closes and returns focus to the button, an outside click or a choice closes it).
 * Not modal, so a click outside, on Upload say, still does what it says as the menu closes.
 */
function AccountMenu({ user }: { user: User }) {
  const signOut = useSignOut();
  const item = 'block w-full cursor-pointer px-4 py-2 text-left text-sm text-slate-800 outline-none hover:bg-slate-50 data-[highlighted]:bg-slate-100';
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className="flex h-9 w-9 items-center justify-center rounded-full bg-blueprint-700 text-sm font-semibold text-white ring-offset-2 hover:bg-blueprint-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blueprint-500">
        <span className="sr-only">Account menu</span>
        {user.profileImageUrl ? (
          <img src={user.profileImageUrl} alt="" className="h-9 w-9 rounded-full object-cover" />
        ) : (
          <span aria-hidden="true">{initials(user)}</span>
        )}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          aria-label="Account"
          align="end"
          sideOffset={8}
          className="z-50 w-60 overflow-hidden rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
        >
          <DropdownMenu.Label className="border-b border-slate-100 px-4 py-3">
            <p className="text-sm font-semibold text-slate-900">{user.previousSignInAt === null ? 'Welcome!' : 'Welcome back!'}</p>
            <p className="text-xs text-slate-600">Customer Account</p>
            <p className="mt-1 truncate text-xs text-slate-500">{user.email}</p>
          </DropdownMenu.Label>
          <DropdownMenu.Item asChild className={item}>
            <Link href="/orders">My Orders</Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item className={item} onSelect={() => void signOut()}>
            Sign out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
