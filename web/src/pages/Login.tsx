/** /login: email and password; 'Welcome back!' and home on success, 'Sign in failed' with the server's message. */
import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { z } from 'zod';
import { Button, Field, Input } from '../components/ui';
import { toast } from '../components/toast';
import { AuthCard, fieldErrors } from '../components/account/AuthCard';
import { apiRequest } from '../api/client';
import { useSubmit } from '../api/useSubmit';
import { useSignedIn, type User } from '../api/auth';
import { emailField, passwordField } from '../../../shared/fields';

const LoginForm = z.object({ email: emailField, password: passwordField });

export default function Login() {
  const [, navigate] = useLocation();
  const signedIn = useSignedIn();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { submit: signIn, busy } = useSubmit(
    async (credentials: z.infer<typeof LoginForm>) => {
      const user = await apiRequest<User>('POST', '/api/auth/login', credentials);
      await signedIn(user);
      toast({ title: 'Welcome back!', description: `Signed in as ${user.email}.` });
      navigate('/');
    },
    {
      fallback: 'Please try again.',
      keepBusyOnSuccess: true,
      onError: (message) => toast({ title: 'Sign in failed', description: message, variant: 'destructive' }),
    },
  );

  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = LoginForm.safeParse({ email, password });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues));
    setErrors({});
    void signIn(parsed.data);
  }

  return (
    <AuthCard
      title="Sign In"
      subtitle="Follow your orders, download receipts and order again."
      footer={
        <>
          New here?{' '}
          <Link href="/register" className="font-medium text-blueprint-700 underline">
            Create an account
          </Link>
        </>
      }
    >
      <form onSubmit={submit} noValidate className="grid gap-4">
        <Field label="Email" htmlFor="login-email" error={errors.email}>
          <Input
            id="login-email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            aria-invalid={Boolean(errors.email)}
            required
          />
        </Field>
        <Field label="Password" htmlFor="login-password" error={errors.password}>
          <Input
            id="login-password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            aria-invalid={Boolean(errors.password)}
            required
          />
        </Field>
        <Button type="submit" disabled={busy} className="mt-2 w-full">
          {busy ? 'Signing in…' : 'Sign In'}
        </Button>
        <Link href="/reset-password" className="text-center text-sm text-blueprint-700 underline">
          Forgot your password?
        </Link>
      </form>
    </AuthCard>
  );
}
