/**
 * "Email me my orders": asks POST /api/orders/lookup to send the address's orders a link (the same
 * answer whether or not it has any). Used on Track Orders and on an order page this browser may not
 * open, so a customer on another device gets there through their inbox.
 */
import { useId, useState, type FormEvent } from 'react';
import { Button, Field, Input } from '../ui';
import { apiRequest } from '../../api/client';
import { useSubmit } from '../../api/useSubmit';

export function EmailLinkForm({ className = 'grid gap-3 p-4 sm:p-6' }: { className?: string }) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const {
    submit: send,
    busy,
    error,
  } = useSubmit(
    async () => {
      setMessage(null);
      const answer = await apiRequest<{ message: string }>('POST', '/api/orders/lookup', { email });
      setMessage(answer.message);
    },
    { fallback: 'Please try again.' },
  );

  function submit(e: FormEvent) {
    e.preventDefault();
    if (email.includes('@')) void send();
  }

  return (
    <form onSubmit={submit} className={className} noValidate>
      <Field label="Email address" htmlFor={`${id}-email`} error={error ?? undefined}>
        <Input id={`${id}-email`} type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} placeholder="you@example.com" />
      </Field>
      <div>
        <Button type="submit" disabled={!email.includes('@') || busy}>
          {busy ? 'Sending…' : 'Email me my orders'}
        </Button>
      </div>
      <p role="status" className="text-sm text-green-800">
        {message}
      </p>
    </form>
  );
}
