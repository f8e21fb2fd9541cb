/**
 * /firm-invite?token=: names the firm and who invited, and joins it once signed in as the invited
 * address. Signed out, its sign-in and sign-up links fill in that address and come back here, so
 * one click joins after either.
 */
import { useEffect, useState } from 'react';
import useSWR from 'swr';
import { Link, useSearch } from 'wouter';
import { fetcher, type ApiError } from '../data/client';
import { withReturn } from '../data/returnTo';
import { Spinner, buttonClasses } from '../components/ui';
import { AuthCard } from '../components/account/AuthCard';
import { errorMessage } from '../data/useSubmit';
import { useUser } from '../data/auth';
import { changeFirm } from '../data/firm';

type State = { kind: 'working' } | { kind: 'joined' } | { kind: 'failed'; message: string };
/** GET /api/firm-invites?token=. */
type InviteView = { firmName: string; invitedBy: string; email: string };

export default function FirmInvite() {
  const token = new URLSearchParams(useSearch()).get('token');
  const { user, isLoading } = useUser();
  const { data: invite, error: inviteError } = useSWR<InviteView, ApiError>(token ? `/api/firm-invites?token=${encodeURIComponent(token)}` : null, fetcher);
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
    const here = `/firm-invite?token=${encodeURIComponent(token)}`;
    const email = invite?.email ?? '';
    return (
      <AuthCard title={invite ? `Join ${invite.firmName}` : 'Join your firm'}>
        <div className="grid gap-4">
          {invite && (
            <p className="text-sm text-slate-900" data-testid="invite-from">
              {invite.invitedBy} invited {invite.email} to join <strong>{invite.firmName}</strong> on the shop: the firm’s orders, projects and addresses in one
              place.
            </p>
          )}
          {inviteError && (
            <p role="alert" className="text-sm text-red-700">
              {inviteError.message}
            </p>
          )}
          <p className="text-sm text-slate-700">
            Sign in, or create an account, with {email || 'the email address the invite was sent to'}: you come back here and join in one click.
          </p>
          <Link href={withReturn('/login', here, email)} className={buttonClasses('primary', 'md')}>
            Sign in
          </Link>
          <Link href={withReturn('/register', here, email)} className={buttonClasses('outline', 'md')}>
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
