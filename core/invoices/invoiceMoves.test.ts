import { describe, expect, it } from 'vitest';
import { INVOICE_STATUSES, type InvoiceStatus } from '#shared/invoice';
import { moveInvoice, type InvoiceActor } from './invoiceMoves';

type Cell = `${'move' | 'refused'}/${'move' | 'refused'}/${'move' | 'refused'}`;
const NONE: Record<InvoiceStatus, Cell> = {
  open: 'refused/refused/refused',
  overdue: 'refused/refused/refused',
  paid: 'refused/refused/refused',
  void: 'refused/refused/refused',
};

/** Every (from, to) cell, written out as "counter/owner/card": who may make the move. */
const EXPECTED: Record<InvoiceStatus, Record<InvoiceStatus, Cell>> = {
  open: { ...NONE, paid: 'move/move/move' },
  overdue: { ...NONE, paid: 'move/move/move' },
  void: { ...NONE, paid: 'refused/refused/move' },
  paid: NONE,
};

const ACTORS: InvoiceActor[] = ['counter', 'owner', 'card'];

describe('the invoice moves table', () => {
  for (const from of INVOICE_STATUSES) {
    for (const to of INVOICE_STATUSES) {
      const cells = EXPECTED[from][to].split('/');
      ACTORS.forEach((actor, i) => {
        it(`${from} → ${to} by the ${actor} is ${cells[i]}`, () => {
          const answer = moveInvoice({ status: from, number: '42' }, to, actor);
          expect(answer.kind).toBe(cells[i]);
          if (answer.kind === 'refused') expect(answer.reason).toMatch(/^Invoice INV-000042 .*\.$/);
        });
      });
    }
  }

  it('tells the counter and the owner a paid invoice is paid, and a void one why it is void', () => {
    expect(moveInvoice({ status: 'paid', number: '7' }, 'paid', 'counter')).toEqual({ kind: 'refused', reason: 'Invoice INV-000007 is already paid.' });
    expect(moveInvoice({ status: 'void', number: '7' }, 'paid', 'owner')).toEqual({
      kind: 'refused',
      reason: 'Invoice INV-000007 is void: its order was cancelled.',
    });
  });
});
