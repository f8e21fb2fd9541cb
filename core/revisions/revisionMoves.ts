/**
 * The one table of a revision's moves. Every change of its `status` is looked up here first; the
 * commands in core/revisions/commands.ts are the only code that writes it.
 *
 * A revision starts `comparing`; the compare job ends it once: `ready` with its sheets, or `failed`
 * with the sentence the customer reads. Both are final: a customer who wants another look starts a
 * new revision. Its overlays and its row go by the dates (revisions__delete_expired), not by a move.
 */
import type { RevisionStatus } from '#shared/revisions';

/** The table: FROM status → the statuses it may move to; a pair not here is refused. */
export const REVISION_MOVES: Readonly<Record<RevisionStatus, readonly RevisionStatus[]>> = {
  comparing: ['ready', 'failed'],
  ready: [],
  failed: [],
};

/** The answer for one move: allowed, or refused with why (for the log and the tests). */
export type RevisionMoveAnswer = { kind: 'move' } | { kind: 'refused'; reason: string };

/** Looks a move up in the table. */
export function moveRevision(from: RevisionStatus, to: RevisionStatus): RevisionMoveAnswer {
  if (REVISION_MOVES[from].includes(to)) return { kind: 'move' };
  if (to === 'comparing') return { kind: 'refused', reason: 'A revision is compared once: start a new one to compare again.' };
  if (from === 'comparing') return { kind: 'refused', reason: 'This revision is already comparing.' };
  return { kind: 'refused', reason: `This revision was already compared (${from}): start a new one to compare again.` };
}

/** The statuses a revision may move to `to` from (for a conditional update's where clause). */
export function revisionSourcesOf(to: RevisionStatus): RevisionStatus[] {
  return (Object.keys(REVISION_MOVES) as RevisionStatus[]).filter((from) => REVISION_MOVES[from].includes(to));
}
