/** /firm-invite?token=: joins the firm an emailed invite is for, once signed in as the invited address. */
import { useEffect, useState } from 'react';
import { Link, useSearch } from 'wouter';
import { Spinner, buttonClasses } from '../components/ui';
import { AuthCard } from '../components/account/AuthCard';
import { errorMessage } from '../data/useSubmit';
import { useUser } from '../data/auth';
import { changeFirm } from '../data/firm';

type State = { kind: 'working' } | { kind: 'joined' } | { kind: 'failed'; message: string };

export default function FirmInvite() {
  const token = new URLSearchParams(useSearch()).get('token');
  const { user, isLoading } = useUser();
  const [state, setState] = useState<State>(
    token ? { kind: 'working' } : { kind: 'failed', message: 'This link is not complete. Please open it again from your email.' },
  );

  useEffect(() => {
    if (!token || !user) return;
    let live = true;
    changeFirm('POST', '/api/firm-invites/accept', { token })
      .then(() => live && setState({ kind: 'joined' }))
      .catch((error) => live && setState({ kind: 'failed', message: errorMessage(error) }));
    return () => {
      live = false;
    };
  }, [token, user]);

  if (token && !isLoading && !user) {
    return (
      <AuthCard title="Join your firm">
        <div className="grid gap-4">
          <p className="text-sm text-slate-700">Sign in, or create an account, with the email address the invite was sent to. Then open the link again.</p>
          <Link href="/login" className={buttonClasses('primary', 'md')}>
            Sign in
          </Link>
          <Link href="/register" className={buttonClasses('outline', 'md')}>
            Create an account
          </Link>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Join your firm">
      {state.kind === 'working' ? (
        <Spinner label="Joining the firm…" />
      ) : (
        <div className="grid gap-4">
          <p role={state.kind === 'failed' ? 'alert' : 'status'} className={state.kind === 'failed' ? 'text-sm text-red-700' : 'text-sm text-green-800'}>
            {state.kind === 'failed' ? state.message : 'You are now a member of the firm. Your orders are kept with the firm’s.'}
          </p>
          <Link href="/firm" className={buttonClasses('primary', 'md')}>
            Go to your firm
          </Link>
        </div>
      )}
    </AuthCard>
  );
}
