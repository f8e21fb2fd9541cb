import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES, PAYMENT_STATUSES, type OrderStatus, type PaymentStatus } from '#shared/fields';
import { canMovePayment, isPrintable, moveStatus, paymentSourcesOf } from './transitions';

const ORDER_ID = '00000000-0000-4000-8000-000049e505dc';

/**
 * Every (from, to, payment) cell, written out: what the counter may do, and what the customer hears.
 * "email" = allowed and the customer is emailed; "quiet" = allowed, no email; "same" = no move;
 * "refused" = 409.
 */
const EXPECTED: Record<PaymentStatus, Record<OrderStatus, Record<OrderStatus, 'email' | 'quiet' | 'same' | 'refused'>>> = {
  paid: {
    pending: { pending: 'same', processing: 'email', completed: 'email', failed: 'email' },
    processing: { pending: 'email', processing: 'same', completed: 'email', failed: 'email' },
    completed: { pending: 'email', processing: 'email', completed: 'same', failed: 'email' },
    failed: { pending: 'email', processing: 'email', completed: 'email', failed: 'same' },
  },
  // On account: the counter prints and completes it as if paid, and the customer is emailed.
  invoiced: {
    pending: { pending: 'same', processing: 'email', completed: 'email', failed: 'email' },
    processing: { pending: 'email', processing: 'same', completed: 'email', failed: 'email' },
    completed: { pending: 'email', processing: 'email', completed: 'same', failed: 'email' },
    failed: { pending: 'email', processing: 'email', completed: 'email', failed: 'same' },
  },
  unpaid: {
    pending: { pending: 'same', processing: 'refused', completed: 'refused', failed: 'quiet' },
    processing: { pending: 'quiet', processing: 'same', completed: 'refused', failed: 'quiet' },
    completed: { pending: 'quiet', processing: 'refused', completed: 'same', failed: 'quiet' },
    failed: { pending: 'quiet', processing: 'refused', completed: 'refused', failed: 'same' },
  },
  refunded: {
    pending: { pending: 'same', processing: 'refused', completed: 'refused', failed: 'quiet' },
    processing: { pending: 'refused', processing: 'same', completed: 'refused', failed: 'quiet' },
    completed: { pending: 'refused', processing: 'refused', completed: 'same', failed: 'quiet' },
    failed: { pending: 'refused', processing: 'refused', completed: 'refused', failed: 'same' },
  },
};

describe('the status transitions table', () => {
  for (const payment of PAYMENT_STATUSES) {
    for (const from of ORDER_STATUSES) {
      for (const to of ORDER_STATUSES) {
        const expected = EXPECTED[payment][from][to];
        it(`${payment}: ${from} → ${to} is ${expected}`, () => {
          const move = moveStatus({ id: ORDER_ID, status: from, payment_status: payment }, to);
          const got = move.kind === 'unchanged' ? 'same' : move.kind === 'refused' ? 'refused' : move.notify ? 'email' : 'quiet';
          expect(got).toBe(expected);
        });
      }
    }
  }

  it('refuses printing an unpaid order in words the counter understands', () => {
    const move = moveStatus({ id: ORDER_ID, status: 'pending', payment_status: 'unpaid' }, 'completed');
    expect(move).toEqual({ kind: 'refused', reason: 'Order 49E505DC is not paid yet: it cannot be printed or completed.' });
  });
});

describe('the payment moves', () => {
  it('goes unpaid → paid → refunded by the provider, and never back', () => {
    const allowed = PAYMENT_STATUSES.flatMap((from) => PAYMENT_STATUSES.filter((to) => canMovePayment(from, to)).map((to) => `${from}→${to}`));
    expect(allowed).toEqual(['unpaid→paid', 'paid→refunded']);
    expect(paymentSourcesOf('paid')).toEqual(['unpaid']);
    expect(paymentSourcesOf('refunded')).toEqual(['paid']);
    expect(paymentSourcesOf('unpaid')).toEqual([]);
    expect(paymentSourcesOf('invoiced')).toEqual([]);
  });

  it('goes invoiced → paid only when the invoice is settled', () => {
    const allowed = PAYMENT_STATUSES.flatMap((from) => PAYMENT_STATUSES.filter((to) => canMovePayment(from, to, 'invoice')).map((to) => `${from}→${to}`));
    expect(allowed).toEqual(['invoiced→paid']);
    expect(paymentSourcesOf('paid', 'invoice')).toEqual(['invoiced']);
    // A card payment reconciled by the provider never settles an order on account by itself.
    expect(canMovePayment('invoiced', 'paid', 'provider')).toBe(false);
  });

  it('goes unpaid → invoiced only by an approver’s yes', () => {
    const allowed = PAYMENT_STATUSES.flatMap((from) => PAYMENT_STATUSES.filter((to) => canMovePayment(from, to, 'approval')).map((to) => `${from}→${to}`));
    expect(allowed).toEqual(['unpaid→invoiced']);
    expect(paymentSourcesOf('invoiced', 'approval')).toEqual(['unpaid']);
    expect(canMovePayment('unpaid', 'invoiced', 'provider')).toBe(false);
  });
});

describe('printable orders', () => {
  it('are the paid ones and those on account', () => {
    expect(PAYMENT_STATUSES.filter((payment_status) => isPrintable({ payment_status }))).toEqual(['invoiced', 'paid']);
  });
});
