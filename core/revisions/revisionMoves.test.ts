import { describe, expect, it } from 'vitest';
import { REVISION_STATUSES, type RevisionStatus } from '#shared/revisions';
import { moveRevision, revisionSourcesOf } from './revisionMoves';

type Cell = 'move' | 'refused';
const NONE: Record<RevisionStatus, Cell> = { comparing: 'refused', ready: 'refused', failed: 'refused' };

/** Every (from, to) cell of the table. */
const EXPECTED: Record<RevisionStatus, Record<RevisionStatus, Cell>> = {
  comparing: { ...NONE, ready: 'move', failed: 'move' },
  ready: NONE,
  failed: NONE,
};

describe('the revision moves table', () => {
  for (const from of REVISION_STATUSES) {
    for (const to of REVISION_STATUSES) {
      const expected = EXPECTED[from][to];
      it(`${from} → ${to} is ${expected}`, () => {
        const answer = moveRevision(from, to);
        expect(answer.kind).toBe(expected);
        if (answer.kind === 'refused') expect(answer.reason).toMatch(/^[A-Z].*\.$/);
      });
    }
  }

  it('answers the where clause of each conditional update from the table', () => {
    expect(revisionSourcesOf('ready')).toEqual(['comparing']);
    expect(revisionSourcesOf('failed')).toEqual(['comparing']);
    expect(revisionSourcesOf('comparing')).toEqual([]);
  });

  it('refuses a second result for a revision already compared', () => {
    expect(moveRevision('failed', 'ready')).toEqual({
      kind: 'refused',
      reason: 'This revision was already compared (failed): start a new one to compare again.',
    });
  });
});
