/**
 * /register: first name, last name, email and password. The new account is signed in and lands on
 * the dashboard. A refusal ('Registration failed' with the server's message) is a toast and stays
 * next to the field it is about (a taken email under the email), which is marked and focused.
 */
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useLocation, useSearch } from 'wouter';
import { prefilledEmail, returnPath, withReturn } from '../data/returnTo';
import { z } from 'zod';
import { Button, ErrorNote, TextField } from '../components/ui';
import { toast } from '../components/toast';
import { AuthCard } from '../components/account/AuthCard';
import { ApiError, apiRequest } from '../data/client';
import { errorMessage } from '../data/useSubmit';
import { useSignedIn, type User } from '../data/auth';
import { RegisterSchema } from '#shared/register';

/** The route's schema: the form leaves out `setPasswordByEmail`, which only the checkout sets. */
type RegisterInput = z.input<typeof RegisterSchema>;

export default function Register() {
  const [, navigate] = useLocation();
  // Back to where a link sent the customer (an invite), with its email filled in.
  const search = useSearch();
  const signedIn = useSignedIn();
  const form = useForm<RegisterInput, unknown, z.output<typeof RegisterSchema>>({
    resolver: zodResolver(RegisterSchema),
    defaultValues: { firstName: '', lastName: '', email: prefilledEmail(search), phone: '', password: '' },
  });
  const { errors, isSubmitting, isSubmitSuccessful } = form.formState;
  const busy = isSubmitting || isSubmitSuccessful;

  async function register(account: z.output<typeof RegisterSchema>) {
    try {
      const user = await apiRequest<User>('POST', '/api/auth/register', account);
      await signedIn(user);
      toast({ title: 'Account created', description: 'Check your email to confirm your address.' });
      navigate(returnPath(search) ?? '/dashboard');
    } catch (error) {
      const message = errorMessage(error, 'Please try again.');
      toast({ title: 'Registration failed', description: message, variant: 'destructive' });
      // 409: the email has an account already. Anything else is about the form as a whole.
      if (error instanceof ApiError && error.status === 409) form.setError('email', { message }, { shouldFocus: true });
      else form.setError('root.server', { message });
    }
  }

  return (
    <AuthCard
      title="Create Account"
      subtitle="An account is optional: it keeps your order history, receipts and reorders in one place."
      footer={
        <>
          Already have an account?{' '}
          <Link href={withReturn('/login', returnPath(search), prefilledEmail(search))} className="font-medium text-blueprint-700 underline">
            Sign in
          </Link>
        </>
      }
    >
      <form onSubmit={form.handleSubmit(register)} noValidate className="grid gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField id="reg-first" label="First name" autoComplete="given-name" required error={errors.firstName?.message} {...form.register('firstName')} />
          <TextField id="reg-last" label="Last name" autoComplete="family-name" required error={errors.lastName?.message} {...form.register('lastName')} />
        </div>
        <TextField id="reg-email" label="Email" type="email" autoComplete="email" required error={errors.email?.message} {...form.register('email')} />
        <TextField
          id="reg-phone"
          label="Phone (optional)"
          type="tel"
          autoComplete="tel"
          hint="Fills in the checkout for you."
          error={errors.phone?.message}
          {...form.register('phone')}
        />
        <TextField
          id="reg-password"
          label="Password"
          type="password"
          autoComplete="new-password"
          required
          hint="At least 8 characters."
          error={errors.password?.message}
          {...form.register('password')}
        />
        {errors.root?.server && <ErrorNote title="Registration failed">{errors.root.server.message}</ErrorNote>}
        <Button type="submit" disabled={busy} className="mt-2 w-full">
          {busy ? 'Creating account…' : 'Create Account'}
        </Button>
      </form>
    </AuthCard>
  );
}
