/** /register: first name, last name, email and password; on success on to /login. */
import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { Button, Field, Input } from '../components/ui';
import { toast } from '../components/toast';
import { AuthCard, fieldErrors } from '../components/account/AuthCard';
import { apiRequest } from '../api/client';
import { useSubmit } from '../api/useSubmit';
import { z } from 'zod';
import { emailField, firstNameField, lastNameField, newPasswordField } from '../../../shared/fields';

const RegisterForm = z.object({
  firstName: firstNameField,
  lastName: lastNameField,
  email: emailField,
  phone: z.string().trim().max(40),
  password: newPasswordField,
});
type Form = { firstName: string; lastName: string; email: string; phone: string; password: string };

export default function Register() {
  const [, navigate] = useLocation();
  const [form, setForm] = useState<Form>({ firstName: '', lastName: '', email: '', phone: '', password: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (key: keyof Form) => (e: React.ChangeEvent<HTMLInputElement>) => setForm((f) => ({ ...f, [key]: e.target.value }));
  const { submit: register, busy } = useSubmit(
    async (account: z.infer<typeof RegisterForm>) => {
      await apiRequest('POST', '/api/auth/register', account);
      toast({ title: 'Account created', description: 'Please sign in. We also emailed you a link to confirm your address.' });
      navigate('/login');
    },
    {
      fallback: 'Please try again.',
      keepBusyOnSuccess: true,
      onError: (message) => toast({ title: 'Registration failed', description: message, variant: 'destructive' }),
    },
  );

  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = RegisterForm.safeParse(form);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues));
    setErrors({});
    void register(parsed.data);
  }

  return (
    <AuthCard
      title="Create Account"
      subtitle="An account is optional: it keeps your order history, receipts and reorders in one place."
      footer={
        <>
          Already have an account?{' '}
          <Link href="/login" className="font-medium text-blueprint-700 underline">
            Sign in
          </Link>
        </>
      }
    >
      <form onSubmit={submit} noValidate className="grid gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="First name" htmlFor="reg-first" error={errors.firstName}>
            <Input
              id="reg-first"
              autoComplete="given-name"
              value={form.firstName}
              onChange={set('firstName')}
              aria-invalid={Boolean(errors.firstName)}
              required
            />
          </Field>
          <Field label="Last name" htmlFor="reg-last" error={errors.lastName}>
            <Input id="reg-last" autoComplete="family-name" value={form.lastName} onChange={set('lastName')} aria-invalid={Boolean(errors.lastName)} required />
          </Field>
        </div>
        <Field label="Email" htmlFor="reg-email" error={errors.email}>
          <Input id="reg-email" type="email" autoComplete="email" value={form.email} onChange={set('email')} aria-invalid={Boolean(errors.email)} required />
        </Field>
        <Field label="Phone (optional)" htmlFor="reg-phone" hint="Fills in the checkout for you.">
          <Input id="reg-phone" type="tel" autoComplete="tel" value={form.phone} onChange={set('phone')} />
        </Field>
        <Field label="Password" htmlFor="reg-password" error={errors.password} hint="At least 8 characters.">
          <Input
            id="reg-password"
            type="password"
            autoComplete="new-password"
            value={form.password}
            onChange={set('password')}
            aria-invalid={Boolean(errors.password)}
            required
          />
        </Field>
        <Button type="submit" disabled={busy} className="mt-2 w-full">
          {busy ? 'Creating account…' : 'Create Account'}
        </Button>
      </form>
    </AuthCard>
  );
}
