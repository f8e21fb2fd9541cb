/**
 * /login: email and password; 'Welcome back!' (or 'Welcome!' on the account's first sign-in) and home
 * on success. A refusal ('Sign in failed' with the server's message) is a toast and stays under the
 * password, which is marked and focused.
 */
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useLocation, useSearch } from 'wouter';
import { prefilledEmail, returnPath, withReturn } from '../data/returnTo';
import type { z } from 'zod';
import { Button, ErrorNote, TextField } from '../components/ui';
import { toast } from '../components/toast';
import { AuthCard } from '../components/account/AuthCard';
import { ApiError, apiRequest } from '../data/client';
import { errorMessage } from '../data/useSubmit';
import { useSignedIn, type User } from '../data/auth';
import { SignInSchema } from '#shared/signIn';

type LoginInput = z.input<typeof SignInSchema>;

export default function Login() {
  const [, navigate] = useLocation();
  // Back to where a link sent the customer (an invite), with its email filled in.
  const search = useSearch();
  const signedIn = useSignedIn();
  const form = useForm<LoginInput, unknown, z.output<typeof SignInSchema>>({
    resolver: zodResolver(SignInSchema),
    defaultValues: { email: prefilledEmail(search), password: '' },
  });
  const { errors, isSubmitting, isSubmitSuccessful } = form.formState;

  async function signIn(credentials: z.output<typeof SignInSchema>) {
    try {
      const user = await apiRequest<User>('POST', '/api/auth/login', credentials);
      await signedIn(user);
      toast({ title: user.previousSignInAt === null ? 'Welcome!' : 'Welcome back!', description: `Signed in as ${user.email}.` });
      navigate(returnPath(search) ?? '/');
    } catch (error) {
      const message = errorMessage(error, 'Please try again.');
      toast({ title: 'Sign in failed', description: message, variant: 'destructive' });
      // A wrong email or password is about the password the customer typed; anything else (too many
      // tries, the network) is about the form.
      if (error instanceof ApiError && error.status === 401) form.setError('password', { message }, { shouldFocus: true });
      else form.setError('root.server', { message });
    }
  }

  return (
    <AuthCard
      title="Sign In"
      subtitle="Follow your orders, download receipts and order again."
      footer={
        <>
          New here?{' '}
          <Link href={withReturn('/register', returnPath(search), prefilledEmail(search))} className="font-medium text-blueprint-700 underline">
            Create an account
          </Link>
        </>
      }
    >
      <form onSubmit={form.handleSubmit(signIn)} noValidate className="grid gap-4">
        <TextField id="login-email" label="Email" type="email" autoComplete="email" required error={errors.email?.message} {...form.register('email')} />
        <TextField
          id="login-password"
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          error={errors.password?.message}
          {...form.register('password')}
        />
        {errors.root?.server && <ErrorNote title="Sign in failed">{errors.root.server.message}</ErrorNote>}
        <Button type="submit" disabled={isSubmitting || isSubmitSuccessful} className="mt-2 w-full">
          {isSubmitting || isSubmitSuccessful ? 'Signing in…' : 'Sign In'}
        </Button>
        <Link href="/reset-password" className="text-center text-sm text-blueprint-700 underline">
          Forgot your password?
        </Link>
      </form>
    </AuthCard>
  );
}
