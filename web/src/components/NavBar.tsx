/** The navigation bar: 16 units (4 rem) tall on every page. The accounts issue adds its signed-in states. */
import { Link } from 'wouter';
import { buttonClasses } from './ui';

export function Logo() {
  return (
    <Link href="/" className="flex items-center gap-2 font-semibold text-blueprint-800" aria-label="Blueprint Shop home">
      <svg viewBox="0 0 32 32" className="h-8 w-8" aria-hidden="true">
        <rect width="32" height="32" rx="6" fill="#1e3a8a" />
        <path d="M8 8h16v16H8z" fill="none" stroke="#93c5fd" strokeWidth="1.5" />
        <path d="M8 14h16M14 8v16" stroke="#93c5fd" strokeWidth="1" />
      </svg>
      <span className="text-lg tracking-tight">Blueprint Shop</span>
    </Link>
  );
}

export function NavBar() {
  return (
    <header className="sticky top-0 z-40 h-16 border-b border-slate-200 bg-white/90 backdrop-blur">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-7xl items-center justify-between px-4 sm:px-6">
        <Logo />
        <div className="flex items-center gap-2">
          <Link href="/order-lookup" className={buttonClasses('ghost', 'sm')}>
            Track Orders
          </Link>
          <Link href="/login" className={buttonClasses('primary', 'sm')}>
            Sign In
          </Link>
        </div>
      </nav>
    </header>
  );
}
