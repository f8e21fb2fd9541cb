/** /verify-email?token=: confirms the address from the emailed link (guest orders then join the account). */
import { useEffect, useState } from 'react';
import { Link, useSearch } from 'wouter';
import { Spinner, buttonClasses } from '../components/ui';
import { AuthCard } from '../components/account/AuthCard';
import { ApiError, apiRequest } from '../data/client';
import { useUser } from '../data/auth';

type State = { kind: 'working' } | { kind: 'done'; message: string } | { kind: 'failed'; message: string };

export default function VerifyEmail() {
  const token = new URLSearchParams(useSearch()).get('token');
  const { user } = useUser();
  const [state, setState] = useState<State>(
    token ? { kind: 'working' } : { kind: 'failed', message: 'This link is not complete. Please open it again from your email.' },
  );

  useEffect(() => {
    if (!token) return;
    let live = true;
    apiRequest<{ message: string }>('POST', '/api/auth/verify-email', { token })
      .then((answer) => live && setState({ kind: 'done', message: answer.message }))
      .catch((error) => live && setState({ kind: 'failed', message: error instanceof ApiError ? error.serverMessage : 'Please try again.' }));
    return () => {
      live = false;
    };
  }, [token]);

  return (
    <AuthCard title="Confirm your email">
      {state.kind === 'working' ? (
        <Spinner label="Confirming your email address…" />
      ) : (
        <div className="grid gap-4">
          <p role={state.kind === 'failed' ? 'alert' : 'status'} className={state.kind === 'failed' ? 'text-sm text-red-700' : 'text-sm text-green-800'}>
            {state.message}
          </p>
          <Link href={user ? '/orders' : '/login'} className={buttonClasses('primary', 'md')}>
            {user ? 'View your orders' : 'Sign in'}
          </Link>
        </div>
      )}
    </AuthCard>
  );
}
