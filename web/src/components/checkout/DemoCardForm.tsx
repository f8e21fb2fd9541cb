/**
 * The built-in test-mode card form: clearly marked TEST MODE, with the test cards shown. No real
 * card is ever charged; the server accepts only the test numbers.
 */
import { forwardRef } from 'react';
import { TextField } from '../ui';

export type DemoCard = { number: string; expiry: string; cvc: string };

/** "4242424242424242" → "4242 4242 4242 4242" as the customer types. */
function groupDigits(value: string): string {
  return value
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

function formatExpiry(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/**
 * `error`: why the last payment with this card failed (declined, a bad number). It stays under the
 * card number, which is marked invalid, until the number changes; the ref is the card number input,
 * which the page focuses.
 */
export const DemoCardForm = forwardRef<HTMLInputElement, { card: DemoCard; onChange: (card: DemoCard) => void; disabled?: boolean; error?: string | null }>(
  function DemoCardForm({ card, onChange, disabled, error }, ref) {
    return (
      <div className="grid gap-4">
        <div className="rounded-md border-2 border-dashed border-amber-500 bg-amber-50 p-3 text-sm text-amber-950" role="note">
          <p className="font-bold tracking-wide">TEST MODE: no real card is charged</p>
          <p className="mt-1">
            Use <span className="font-mono font-semibold">4242 4242 4242 4242</span> (succeeds) or{' '}
            <span className="font-mono font-semibold">4000 0000 0000 0002</span> (declined), any future date and any CVC.
          </p>
        </div>
        <TextField
          ref={ref}
          id="card-number"
          label="Card number"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="4242 4242 4242 4242"
          value={card.number}
          disabled={disabled}
          error={error}
          onChange={(e) => onChange({ ...card, number: groupDigits(e.target.value) })}
        />
        <div className="grid grid-cols-2 gap-4">
          <TextField
            id="card-expiry"
            label="Expiry (MM/YY)"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="12/34"
            value={card.expiry}
            disabled={disabled}
            onChange={(e) => onChange({ ...card, expiry: formatExpiry(e.target.value) })}
          />
          <TextField
            id="card-cvc"
            label="CVC"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            maxLength={4}
            value={card.cvc}
            disabled={disabled}
            onChange={(e) => onChange({ ...card, cvc: e.target.value.replace(/\D/g, '').slice(0, 4) })}
          />
        </div>
      </div>
    );
  },
);
