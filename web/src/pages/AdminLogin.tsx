/**
 * /admin/login: username and password for the print counter; errors inline (the spec). A missing
 * field is marked and focused; a refusal from the server stays under the password, marked and focused.
 */
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useLocation } from 'wouter';
import { useSWRConfig } from 'swr';
import type { z } from 'zod';
import { Button, Card, TextField } from '../components/ui';
import { errorMessage } from '../data/useSubmit';
import { adminApi } from '../data/admin';
import { AdminSignInSchema } from '#shared/signIn';

type AdminLoginInput = z.input<typeof AdminSignInSchema>;
type AdminLogin = z.output<typeof AdminSignInSchema>;
const zodCheck = zodResolver(AdminSignInSchema);

/** The spec's message names both fields: with both empty it shows once, under the username. */
const checkLogin: Resolver<AdminLoginInput, unknown, AdminLogin> = async (values, context, options) => {
  const result = await zodCheck(values, context, options);
  if (result.errors.username && result.errors.password) delete result.errors.password;
  return result;
};

export default function AdminLogin() {
  const [, navigate] = useLocation();
  const { mutate } = useSWRConfig();
  const form = useForm<AdminLoginInput, unknown, AdminLogin>({ resolver: checkLogin, defaultValues: { username: '', password: '' } });
  const { errors, isSubmitting, isSubmitSuccessful } = form.formState;

  async function signIn({ username, password }: AdminLogin) {
    try {
      await adminApi.login(username, password);
      await mutate('/api/admin/auth/status', { isAuthenticated: true }, { revalidate: false });
      navigate('/admin');
    } catch (error) {
      form.setError('password', { message: errorMessage(error, 'Login failed') }, { shouldFocus: true });
    }
  }

  return (
    <div className="mx-auto flex max-w-md flex-col px-4 py-16">
      <Card className="p-6 sm:p-8">
        <h1 className="text-2xl font-bold text-blueprint-900">Admin Login</h1>
        <p className="mt-2 text-sm text-slate-600">Use the admin credentials configured in the environment.</p>
        <form onSubmit={form.handleSubmit(signIn)} noValidate className="mt-6 grid gap-4">
          <TextField id="admin-username" label="Username" autoComplete="username" required error={errors.username?.message} {...form.register('username')} />
          <TextField
            id="admin-password"
            label="Password"
            type="password"
            autoComplete="current-password"
            required
            error={errors.password?.message}
            {...form.register('password')}
          />
          <Button type="submit" disabled={isSubmitting || isSubmitSuccessful} className="w-full">
            {isSubmitting || isSubmitSuccessful ? 'Signing in…' : 'Sign In'}
          </Button>
        </form>
      </Card>
    </div>
  );
}
