/** Contact details: prefilled from the account when signed in, with "Create an account" for guests only. */
import { Card, CardHeader, Field, Input } from '../ui';
import type { CheckoutForm } from './useCheckoutForm';

export function ContactSection({ form }: { form: CheckoutForm }) {
  const { contact, setContact, errors, user } = form;
  return (
    <Card>
      <CardHeader title="Contact information" description={user ? `Signed in as ${user.email}.` : 'We send your confirmation and receipt here.'} />
      <div className="grid gap-4 p-6 sm:grid-cols-2">
        <Field label="First name *" htmlFor="first-name" error={errors['first-name']}>
          <Input
            id="first-name"
            autoComplete="given-name"
            required
            aria-invalid={Boolean(errors['first-name'])}
            value={contact.firstName}
            onChange={(e) => setContact({ firstName: e.target.value })}
          />
        </Field>
        <Field label="Last name *" htmlFor="last-name" error={errors['last-name']}>
          <Input
            id="last-name"
            autoComplete="family-name"
            required
            aria-invalid={Boolean(errors['last-name'])}
            value={contact.lastName}
            onChange={(e) => setContact({ lastName: e.target.value })}
          />
        </Field>
        <Field label="Email *" htmlFor="email" error={errors.email}>
          <Input
            id="email"
            type="email"
            autoComplete="email"
            required
            aria-invalid={Boolean(errors.email)}
            value={contact.email}
            onChange={(e) => setContact({ email: e.target.value })}
          />
        </Field>
        <Field label="Phone (optional)" htmlFor="phone">
          <Input id="phone" type="tel" autoComplete="tel" value={contact.phone} onChange={(e) => setContact({ phone: e.target.value })} />
        </Field>
        {!user && (
          <label className="flex items-start gap-3 text-sm text-slate-700 sm:col-span-2">
            <input
              type="checkbox"
              className="mt-0.5 h-4 w-4 accent-blueprint-600"
              checked={form.createAccount}
              onChange={(e) => form.setCreateAccount(e.target.checked)}
            />
            <span>
              <span className="font-medium text-slate-900">Create an account</span>
              <span className="block text-slate-600">Track this order and reorder later. We email you a link to set your password.</span>
            </span>
          </label>
        )}
      </div>
    </Card>
  );
}
