/** The current customer (GET /api/auth/user; a 401 is "nobody", never an error) and signing out. */
import useSWR, { useSWRConfig } from 'swr';
import { useLocation } from 'wouter';
import { apiRequest, fetcherOr401Null } from './client';
import { toast } from '../components/toast';

export type User = {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  profileImageUrl: string | null;
  emailVerified: boolean;
  /** The sign-in before the current one; null on the account's first (the greeting is "Welcome"). */
  previousSignInAt: string | null;
  createdAt: string;
};

export const USER_KEY = '/api/auth/user';

/** Authentication state: loading, signed in (`user`) or signed out (`user === null`). */
export function useUser() {
  const { data, error, isLoading, mutate } = useSWR<User | null>(USER_KEY, fetcherOr401Null, { shouldRetryOnError: false });
  // Other errors do not throw from the hook: the bar shows the signed-out buttons.
  const user = error ? null : data;
  return { user: user ?? null, isLoading: isLoading && user === undefined, isAuthenticated: Boolean(user), mutate };
}

/**
 * After a sign-in: forget every cached answer (they may be another customer's, or a 401) and keep
 * the new user, so no screen shows the previous session's orders.
 */
export function useSignedIn() {
  const { mutate } = useSWRConfig();
  return async function signedIn(user: User) {
    await mutate(() => true, undefined, { revalidate: false });
    await mutate(USER_KEY, user, { revalidate: false });
  };
}

/** Signs out: ends the session on the server, clears every cached answer, goes to / with the spec's toast. */
export function useSignOut() {
  const { mutate } = useSWRConfig();
  const [, navigate] = useLocation();
  return async function signOut() {
    try {
      await apiRequest('POST', '/api/auth/logout');
    } catch {
      toast({ title: 'Error', description: 'Failed to sign out. Please try again.', variant: 'destructive' });
      return;
    }
    await mutate(() => true, undefined, { revalidate: false });
    await mutate(USER_KEY, null, { revalidate: false });
    navigate('/');
    toast({ title: 'Signed out', description: 'You have been successfully signed out.' });
  };
}
