/**
 * /reset-password: without a token, ask for a reset link by email; with ?token= (forgot password,
 * or the checkout's "choose your password" email with &welcome=1), choose a new password and sign in.
 */
import { useState, type FormEvent } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { z } from 'zod';
import { Button, Field, Input } from '../components/ui';
import { toast } from '../components/toast';
import { AuthCard, fieldErrors } from '../components/account/AuthCard';
import { apiRequest } from '../api/client';
import { useSubmit } from '../api/useSubmit';
import { useSignedIn, type User } from '../api/auth';
import { emailField, newPasswordField } from '../../../shared/fields';

export default function ResetPassword() {
  const params = new URLSearchParams(useSearch());
  const token = params.get('token');
  return token ? <ChoosePassword token={token} welcome={params.get('welcome') === '1'} /> : <RequestLink />;
}

function RequestLink() {
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const {
    submit: sendLink,
    busy,
    error,
    setError,
  } = useSubmit(
    async (address: string) => {
      const answer = await apiRequest<{ message: string }>('POST', '/api/auth/forgot-password', { email: address });
      setMessage(answer.message);
    },
    { fallback: 'Please try again.' },
  );

  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = emailField.safeParse(email);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? null);
    void sendLink(parsed.data);
  }

  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="Enter the email address of your account and we will email you a link to choose a new password."
      footer={
        <Link href="/login" className="font-medium text-blueprint-700 underline">
          Back to sign in
        </Link>
      }
    >
      <form onSubmit={submit} noValidate className="grid gap-4">
        <Field label="Email" htmlFor="forgot-email" error={error ?? undefined}>
          <Input id="forgot-email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} aria-invalid={Boolean(error)} />
        </Field>
        <Button type="submit" disabled={busy} className="w-full">
          {busy ? 'Sending…' : 'Email me a link'}
        </Button>
        <p role="status" className="text-sm text-green-800">
          {message}
        </p>
      </form>
    </AuthCard>
  );
}

const PasswordForm = z
  .object({ password: newPasswordField, confirm: z.string() })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], message: 'The passwords do not match' });

function ChoosePassword({ token, welcome }: { token: string; welcome: boolean }) {
  const [, navigate] = useLocation();
  const signedIn = useSignedIn();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const {
    submit: savePassword,
    busy,
    error: linkError,
  } = useSubmit(
    async () => {
      const user = await apiRequest<User>('POST', '/api/auth/reset-password', { token, password });
      await signedIn(user);
      toast({ title: 'Password saved', description: 'You are now signed in.' });
      navigate('/dashboard');
    },
    { fallback: 'Please try again.', keepBusyOnSuccess: true },
  );

  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = PasswordForm.safeParse({ password, confirm });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues));
    setErrors({});
    void savePassword();
  }

  return (
    <AuthCard
      title="Choose your password"
      subtitle={
        welcome
          ? 'Your account is ready: choose a password to sign in with from now on.'
          : 'Choose a new password for your Blueprint Shop account. It signs you in.'
      }
    >
      <form onSubmit={submit} noValidate className="grid gap-4">
        <Field label="New password" htmlFor="new-password" error={errors.password} hint="At least 8 characters.">
          <Input
            id="new-password"
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            aria-invalid={Boolean(errors.password)}
          />
        </Field>
        <Field label="Confirm password" htmlFor="confirm-password" error={errors.confirm}>
          <Input
            id="confirm-password"
            type="password"
            autoComplete="new-password"
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
            aria-invalid={Boolean(errors.confirm)}
          />
        </Field>
        {linkError && (
          <p role="alert" className="text-sm text-red-700">
            {linkError}{' '}
            <Link href="/reset-password" className="font-medium underline">
              Ask for a new link
            </Link>
          </p>
        )}
        <Button type="submit" disabled={busy} className="w-full">
          {busy ? 'Saving…' : 'Save password'}
        </Button>
      </form>
    </AuthCard>
  );
}
