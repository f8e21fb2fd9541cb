/** Every cell of the print batch's table of moves: each (from, to, cause) is allowed or refused on purpose. */
import { describe, expect, it } from 'vitest';
import { BATCH_STATES, batchSourcesOf, canMoveBatch, type BatchCause } from './batchTransitions';

const CAUSES: BatchCause[] = ['send', 'accepted', 'completed', 'refused', 'aborted'];

/** The allowed moves, written out: anything not here is refused. */
const ALLOWED = new Set([
  'waiting>sent:send',
  'failed>sent:send',
  'sent>printing:accepted',
  'sent>printed:completed',
  'printing>printed:completed',
  'sent>waiting:refused',
  'printing>waiting:refused',
  'sent>failed:aborted',
  'printing>failed:aborted',
]);

describe('BATCH_MOVES', () => {
  for (const from of BATCH_STATES) {
    for (const to of BATCH_STATES) {
      for (const cause of CAUSES) {
        const key = `${from}>${to}:${cause}`;
        it(`${ALLOWED.has(key) ? 'allows' : 'refuses'} ${from} → ${to} by ${cause}`, () => {
          expect(canMoveBatch(from, to, cause)).toBe(ALLOWED.has(key));
        });
      }
    }
  }

  it('never sends a printed batch again, and only a person sends', () => {
    expect(batchSourcesOf('sent', 'send')).toEqual(['waiting', 'failed']);
    expect(BATCH_STATES.filter((s) => canMoveBatch('printed', s, 'send'))).toEqual([]);
    expect(CAUSES.filter((c) => canMoveBatch('waiting', 'sent', c))).toEqual(['send']);
  });
});
