/**
 * "Email me my orders": asks POST /api/orders/lookup to send the address's orders a link (the same
 * answer whether or not it has any). Used on Track Orders and on an order page this browser may not
 * open, so a customer on another device gets there through their inbox. A refusal stays under the
 * email, which is marked and focused.
 */
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Button, TextField } from '../ui';
import { apiRequest } from '../../data/client';
import { errorMessage } from '../../data/useSubmit';
import { emailField } from '#shared/fields';

const EmailForm = z.object({ email: emailField });

export function EmailLinkForm({ className = 'grid gap-3 p-4 sm:p-6' }: { className?: string }) {
  const id = useId();
  const [message, setMessage] = useState<string | null>(null);
  const form = useForm<z.input<typeof EmailForm>, unknown, z.output<typeof EmailForm>>({ resolver: zodResolver(EmailForm), defaultValues: { email: '' } });
  const { errors, isSubmitting } = form.formState;
  // The spec: the search waits for an email with an @ in it.
  const email = useWatch({ control: form.control, name: 'email' });

  async function send({ email }: z.output<typeof EmailForm>) {
    setMessage(null);
    try {
      const answer = await apiRequest<{ message: string }>('POST', '/api/orders/lookup', { email });
      setMessage(answer.message);
    } catch (error) {
      form.setError('email', { message: errorMessage(error, 'Please try again.') }, { shouldFocus: true });
    }
  }

  return (
    <form onSubmit={form.handleSubmit(send)} className={className} noValidate>
      <TextField
        id={`${id}-email`}
        label="Email address"
        type="email"
        autoComplete="email"
        placeholder="you@example.com"
        required
        error={errors.email?.message}
        {...form.register('email')}
      />
      <div>
        <Button type="submit" disabled={isSubmitting || !email.includes('@')}>
          {isSubmitting ? 'Sending…' : 'Email me my orders'}
        </Button>
      </div>
      <p role="status" className="text-sm text-green-800">
        {message}
      </p>
    </form>
  );
}
