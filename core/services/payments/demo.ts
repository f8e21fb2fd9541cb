/**
 * The built-in test-mode card provider. Intents are rows in `demo_payment_intents`, so they persist,
 * can be re-read by reconciliation and take part in the caller's transaction. Only the published
 * test cards are accepted: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined.
 */
import { randomBytes } from 'node:crypto';
import type { Queryable } from '../../lib/db';
import { PaymentProviderError, type IntentStatus, type PaymentEvent, type PaymentIntentInfo, type PaymentProvider } from './types';

/** The test cards and what they do. */
export const DEMO_CARDS: Record<string, { outcome: 'succeeded' | 'declined'; brand: string }> = {
  '4242424242424242': { outcome: 'succeeded', brand: 'visa' },
  '5555555555554444': { outcome: 'succeeded', brand: 'mastercard' },
  '4000000000000002': { outcome: 'declined', brand: 'visa' },
};

/** Digits only ("4242 4242-4242 4242" → "4242424242424242"). */
export function normalizeCardNumber(input: string): string {
  return input.replace(/[\s-]/g, '');
}

/** Luhn check, so a typo reads as a typo and not as a decline. */
export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

type DemoIntentRow = {
  id: string;
  client_secret: string;
  order_id: string | null;
  amount_cents: number;
  status: IntentStatus;
  card_brand: string | null;
  card_last4: string | null;
};

export type DemoConfirmResult = { status: 'succeeded' | 'declined'; message?: string };

export class DemoPayments implements PaymentProvider {
  readonly name = 'demo' as const;
  readonly publishableKey = null;

  async createIntent(db: Queryable, input: { orderId: string; amountCents: number }): Promise<{ id: string; clientSecret: string }> {
    // One intent per order: a second call for the same order returns the first.
    const [existing] = await db<DemoIntentRow[]>`select * from demo_payment_intents where order_id = ${input.orderId} order by created_at limit 1`;
    if (existing) return { id: existing.id, clientSecret: existing.client_secret };
    const id = `demo_pi_${randomBytes(12).toString('hex')}`;
    const clientSecret = `${id}_secret_${randomBytes(16).toString('base64url')}`;
    await db`
      insert into demo_payment_intents (id, client_secret, order_id, amount_cents)
      values (${id}, ${clientSecret}, ${input.orderId}, ${input.amountCents})`;
    return { id, clientSecret };
  }

  async updateIntent(db: Queryable, id: string, amountCents: number): Promise<{ clientSecret: string }> {
    const [row] = await db<DemoIntentRow[]>`
      update demo_payment_intents set amount_cents = ${amountCents}, updated_at = now()
      where id = ${id} and status in ('requires_payment', 'processing')
      returning *`;
    if (row) return { clientSecret: row.client_secret };
    const [current] = await db<DemoIntentRow[]>`select * from demo_payment_intents where id = ${id}`;
    if (!current) throw new PaymentProviderError('This payment no longer exists. Please reload the checkout.');
    throw new PaymentProviderError('This payment is already complete and can no longer be changed.');
  }

  async retrieveIntent(db: Queryable, id: string): Promise<PaymentIntentInfo> {
    const [row] = await db<DemoIntentRow[]>`select * from demo_payment_intents where id = ${id}`;
    if (!row) throw new PaymentProviderError(`No such payment intent: ${id}`);
    return { id: row.id, status: row.status, amountCents: row.amount_cents, orderId: row.order_id, cardBrand: row.card_brand, cardLast4: row.card_last4 };
  }

  async cancelIntent(db: Queryable, id: string): Promise<void> {
    await db`update demo_payment_intents set status = 'canceled', updated_at = now() where id = ${id} and status = 'requires_payment'`;
  }

  /**
   * Confirms an intent with a card number. Call it in a transaction: the row is locked, so two
   * confirmations at once give one payment. A succeeded intent stays succeeded.
   */
  async confirm(db: Queryable, id: string, cardNumber: string): Promise<DemoConfirmResult> {
    const [row] = await db<DemoIntentRow[]>`select * from demo_payment_intents where id = ${id} for update`;
    if (!row) throw new PaymentProviderError('This payment no longer exists. Please reload the checkout.');
    if (row.status === 'succeeded' || row.status === 'refunded') return { status: 'succeeded' };
    if (row.status === 'canceled') throw new PaymentProviderError('This payment was cancelled. Please start the checkout again.');
    const digits = normalizeCardNumber(cardNumber);
    if (!luhnValid(digits)) throw new PaymentProviderError('Please enter a valid card number.');
    const card = DEMO_CARDS[digits];
    if (!card) {
      throw new PaymentProviderError('Test mode accepts only the test cards: 4242 4242 4242 4242 (succeeds) or 4000 0000 0000 0002 (declined).');
    }
    if (card.outcome === 'declined') {
      await db`update demo_payment_intents set last_decline_at = now(), updated_at = now() where id = ${id}`;
      return { status: 'declined', message: 'Your card was declined.' };
    }
    await db`
      update demo_payment_intents set status = 'succeeded', card_brand = ${card.brand}, card_last4 = ${digits.slice(-4)}, updated_at = now()
      where id = ${id}`;
    return { status: 'succeeded' };
  }

  /** Refunds a succeeded intent; a refunded or unknown one is left alone (the key is not needed: one row, one state). */
  async refund(db: Queryable, id: string, _idempotencyKey?: string): Promise<void> {
    await db`update demo_payment_intents set status = 'refunded', updated_at = now() where id = ${id} and status = 'succeeded'`;
  }

  verifyWebhook(): PaymentEvent {
    throw new PaymentProviderError('The built-in card provider sends no webhooks.');
  }
}
