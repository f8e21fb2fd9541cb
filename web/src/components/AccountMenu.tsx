/**
 * The signed-in customer's avatar button and its menu. A chunk of its own (NavBar loads it lazily):
 * Radix's menu is only needed once someone is signed in, and the landing page's bundle has a budget.
 */
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Link } from 'wouter';
import { useSignOut, type User } from '../data/auth';

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
export default function AccountMenu({ user }: { user: User }) {
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
