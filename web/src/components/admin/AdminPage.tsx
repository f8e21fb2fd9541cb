/**
 * The frame of the counter's side pages (certificates, firms, invoices): back to the orders, a
 * title and what the page is for; signed out, it goes to the admin login.
 */
import { useEffect, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { useAdminAuth } from '../../data/admin';

/** True once the admin session is known to be there; the page renders nothing until then. */
export function useAdminOnly(): boolean {
  const [, navigate] = useLocation();
  const { isAuthenticated } = useAdminAuth();
  useEffect(() => {
    if (isAuthenticated === false) navigate('/admin/login');
  }, [isAuthenticated, navigate]);
  return isAuthenticated === true;
}

export function AdminPage({ title, description, wide, children }: { title: string; description: ReactNode; wide?: boolean; children: ReactNode }) {
  return (
    <div className={`mx-auto px-4 py-8 sm:px-6 ${wide ? 'max-w-6xl' : 'max-w-5xl'}`}>
      <Link href="/admin" className="text-sm font-medium text-blueprint-700 underline">
        Back to orders
      </Link>
      <h1 className="mt-3 text-2xl font-bold text-slate-900">{title}</h1>
      <p className="mt-1 text-slate-600">{description}</p>
      <div className="mt-6 grid grid-cols-[minmax(0,1fr)] gap-4">{children}</div>
    </div>
  );
}
