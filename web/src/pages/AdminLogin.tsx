/** /admin/login: username and password for the print counter; errors inline (the spec). */
import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { useSWRConfig } from 'swr';
import { Button, Card, Field, Input } from '../components/ui';
import { useSubmit } from '../api/useSubmit';
import { adminApi } from '../api/admin';

export default function AdminLogin() {
  const [, navigate] = useLocation();
  const { mutate } = useSWRConfig();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const {
    submit: signIn,
    busy,
    error,
    setError,
  } = useSubmit(
    async () => {
      await adminApi.login(username.trim(), password);
      await mutate('/api/admin/auth/status', { isAuthenticated: true }, { revalidate: false });
      navigate('/admin');
    },
    { fallback: 'Login failed', keepBusyOnSuccess: true },
  );

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!username.trim() || !password) return setError('Please enter both username and password');
    void signIn();
  }

  return (
    <div className="mx-auto flex max-w-md flex-col px-4 py-16">
      <Card className="p-6 sm:p-8">
        <h1 className="text-2xl font-bold text-blueprint-900">Admin Login</h1>
        <p className="mt-2 text-sm text-slate-600">Use the admin credentials configured in the environment.</p>
        <form onSubmit={submit} noValidate className="mt-6 grid gap-4">
          <Field label="Username" htmlFor="admin-username">
            <Input id="admin-username" autoComplete="username" value={username} onChange={(e) => setUsername(e.target.value)} required />
          </Field>
          <Field label="Password" htmlFor="admin-password">
            <Input
              id="admin-password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              required
            />
          </Field>
          {error && (
            <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
              {error}
            </p>
          )}
          <Button type="submit" disabled={busy} className="w-full">
            {busy ? 'Signing in…' : 'Sign In'}
          </Button>
        </form>
      </Card>
    </div>
  );
}
