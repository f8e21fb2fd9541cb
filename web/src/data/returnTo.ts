/**
 * Where sign-in and sign-up go back to: `?next=` (a path on this site only, never another origin)
 * and the email to fill in (`?email=`), so an invite's link survives a detour through an account.
 */

/** The `next` path of a query string when it is a path on this site; null otherwise. */
export function returnPath(search: string): string | null {
  const next = new URLSearchParams(search).get('next');
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  return next;
}

/** The email a link asked to fill in, or ''. */
export function prefilledEmail(search: string): string {
  return new URLSearchParams(search).get('email')?.trim() ?? '';
}

/** `/login?next=…&email=…`: a sign-in or sign-up page that comes back to `next`. */
export function withReturn(page: '/login' | '/register', next: string | null, email = ''): string {
  const query = new URLSearchParams();
  if (next) query.set('next', next);
  if (email) query.set('email', email);
  const text = query.toString();
  return text ? `${page}?${text}` : page;
}
