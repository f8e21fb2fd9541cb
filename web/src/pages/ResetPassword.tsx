/**
 * /reset-password: without a token, ask for a reset link by email; with ?token= (forgot password,
 * or the checkout's "choose your password" email with &welcome=1), choose a new password and sign in.
 * Refusals stay under the field they are about, which is marked and focused; an expired link says so
 * above the button and offers a new one.
 */
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useLocation, useSearch } from 'wouter';
import { z } from 'zod';
import { Button, ErrorNote, TextField } from '../components/ui';
import { toast } from '../components/toast';
import { AuthCard } from '../components/account/AuthCard';
import { apiRequest } from '../data/client';
import { errorMessage } from '../data/useSubmit';
import { useSignedIn, type User } from '../data/auth';
import { emailField, newPasswordField } from '#shared/fields';
import { useShopConfig } from '../data/config';

export default function ResetPassword() {
  const params = new URLSearchParams(useSearch());
  const token = params.get('token');
  return token ? <ChoosePassword token={token} welcome={params.get('welcome') === '1'} /> : <RequestLink />;
}

const LinkForm = z.object({ email: emailField });

function RequestLink() {
  const [message, setMessage] = useState<string | null>(null);
  const form = useForm<z.input<typeof LinkForm>, unknown, z.output<typeof LinkForm>>({ resolver: zodResolver(LinkForm), defaultValues: { email: '' } });
  const { errors, isSubmitting } = form.formState;

  async function sendLink({ email }: z.output<typeof LinkForm>) {
    setMessage(null);
    try {
      const answer = await apiRequest<{ message: string }>('POST', '/api/auth/forgot-password', { email });
      setMessage(answer.message);
    } catch (error) {
      form.setError('email', { message: errorMessage(error, 'Please try again.') }, { shouldFocus: true });
    }
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
      <form onSubmit={form.handleSubmit(sendLink)} noValidate className="grid gap-4">
        <TextField id="forgot-email" label="Email" type="email" autoComplete="email" required error={errors.email?.message} {...form.register('email')} />
        <Button type="submit" disabled={isSubmitting} className="w-full">
          {isSubmitting ? 'Sending…' : 'Email me a link'}
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
  const { shop } = useShopConfig();
  const [, navigate] = useLocation();
  const signedIn = useSignedIn();
  const form = useForm<z.input<typeof PasswordForm>, unknown, z.output<typeof PasswordForm>>({
    resolver: zodResolver(PasswordForm),
    defaultValues: { password: '', confirm: '' },
  });
  const { errors, isSubmitting, isSubmitSuccessful } = form.formState;
  const linkErrorRef = useRef<HTMLDivElement>(null);
  const linkError = errors.root?.server?.message;
  // The refusal is about the link, not a field: the note takes focus so a screen reader starts there.
  useEffect(() => {
    if (linkError) linkErrorRef.current?.focus();
  }, [linkError]);

  async function savePassword({ password }: z.output<typeof PasswordForm>) {
    try {
      const user = await apiRequest<User>('POST', '/api/auth/reset-password', { token, password });
      await signedIn(user);
      toast({ title: 'Password saved', description: 'You are now signed in.' });
      navigate('/dashboard');
    } catch (error) {
      form.setError('root.server', { message: errorMessage(error, 'Please try again.') });
    }
  }

  return (
    <AuthCard
      title="Choose your password"
      subtitle={
        welcome
          ? 'Your account is ready: choose a password to sign in with from now on.'
          : `Choose a new password for your ${shop.name} account. It signs you in.`
      }
    >
      <form onSubmit={form.handleSubmit(savePassword)} noValidate className="grid gap-4">
        <TextField
          id="new-password"
          label="New password"
          type="password"
          autoComplete="new-password"
          required
          hint="At least 8 characters."
          error={errors.password?.message}
          {...form.register('password')}
        />
        <TextField
          id="confirm-password"
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          required
          error={errors.confirm?.message}
          {...form.register('confirm')}
        />
        {linkError && (
          <ErrorNote ref={linkErrorRef}>
            {linkError}{' '}
            <Link href="/reset-password" className="font-medium underline">
              Ask for a new link
            </Link>
          </ErrorNote>
        )}
        <Button type="submit" disabled={isSubmitting || isSubmitSuccessful} className="w-full">
          {isSubmitting || isSubmitSuccessful ? 'Saving…' : 'Save password'}
        </Button>
      </form>
    </AuthCard>
  );
}
