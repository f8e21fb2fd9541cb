/** Pages for signed-in customers: when the session is missing, say so and go to /login after 500 ms. */
import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { toast, type ToastInput } from '../toast';

export const REDIRECT_DELAY_MS = 500;

/** Shows `message` once and redirects to /login when `signedOut` becomes true. */
export function useRedirectToLogin(signedOut: boolean, message: ToastInput): void {
  const [, navigate] = useLocation();
  const done = useRef(false);
  useEffect(() => {
    if (!signedOut) return;
    // Once, even when React runs the effect twice in development.
    if (!done.current) toast(message);
    done.current = true;
    const timer = setTimeout(() => navigate('/login'), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [signedOut]);
}
