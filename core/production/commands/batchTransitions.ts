/**
 * The one table of a print batch's moves. A person sends a waiting (or failed) batch to a printer;
 * from then on only what the printer says moves it: it took the job (printing), finished it
 * (printed), refused it or went away (back to waiting, with the reason, never sent again by itself),
 * or aborted it (failed, with the printer's reason). A printed batch is done: a spoiled sheet is a
 * reprint, a batch of its own.
 */

export const BATCH_STATES = ['waiting', 'sent', 'printing', 'printed', 'failed'] as const;
export type BatchState = (typeof BATCH_STATES)[number];

/** Who moves a batch: the counter sending it, or the printer's answer. */
export type BatchCause = 'send' | 'accepted' | 'completed' | 'refused' | 'aborted';

/** FROM → TO → the one cause that may make that move. */
export const BATCH_MOVES: Readonly<Record<BatchState, Partial<Record<BatchState, BatchCause>>>> = {
  waiting: { sent: 'send' },
  sent: { printing: 'accepted', printed: 'completed', waiting: 'refused', failed: 'aborted' },
  printing: { printed: 'completed', waiting: 'refused', failed: 'aborted' },
  printed: {},
  failed: { sent: 'send' },
};

/** True when `cause` may move a batch from `from` to `to`. */
export function canMoveBatch(from: BatchState, to: BatchState, cause: BatchCause): boolean {
  return BATCH_MOVES[from][to] === cause;
}

/** The states a batch may move to `to` from for `cause` (a conditional update's where clause). */
export function batchSourcesOf(to: BatchState, cause: BatchCause): BatchState[] {
  return BATCH_STATES.filter((from) => canMoveBatch(from, to, cause));
}
