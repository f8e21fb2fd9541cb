/** Contact details: prefilled from the account when signed in, with "Create an account" for guests only. */
import { Card, CardHeader, TextField } from '../ui';
import type { CheckoutForm } from './useCheckoutForm';

export function ContactSection({ form }: { form: CheckoutForm }) {
  const { fields, user } = form;
  const { errors } = fields.formState;
  return (
    <Card>
      <CardHeader title="Contact information" description={user ? `Signed in as ${user.email}.` : 'We send your confirmation and receipt here.'} />
      <div className="grid gap-4 p-6 sm:grid-cols-2">
        <TextField
          id="first-name"
          label="First name *"
          autoComplete="given-name"
          required
          error={errors.firstName?.message}
          {...fields.register('firstName')}
        />
        <TextField id="last-name" label="Last name *" autoComplete="family-name" required error={errors.lastName?.message} {...fields.register('lastName')} />
        <TextField id="email" label="Email *" type="email" autoComplete="email" required error={errors.email?.message} {...fields.register('email')} />
        <TextField id="phone" label="Phone (optional)" type="tel" autoComplete="tel" error={errors.phone?.message} {...fields.register('phone')} />
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
