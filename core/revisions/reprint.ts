/**
 * Reprinting only what a revision changed (docs/decisions/029-revisions.md, addendum): the positions
 * of the new issue an order prints, and what the counter does with each printed and removed sheet.
 */
import type { Queryable } from '../lib/db';
import { badRequest } from '../lib/errors';
import { orderNumberOf } from '#shared/fields';
import type { RevisionPrint } from '#shared/orderText';

export const NOTHING_TO_PRINT_MESSAGE = 'Nothing to print';

/** A revision's reprint: the revision, the order it revises (when still there), and the positions printed. */
export type Reprint = { revisionId: string; previousOrderId: string | null; positions: number[] };

/**
 * The positions to print, ascending: the customer's choice (each a sheet of the new issue, once), or
 * by default its changed and new sheets. None → 400 "Nothing to print".
 */
export async function printPositionsFor(sql: Queryable, revisionId: string, pageCount: number, chosen: readonly number[] | undefined): Promise<number[]> {
  let positions: number[];
  if (chosen) {
    const outside = chosen.find((n) => n < 1 || n > pageCount);
    if (outside !== undefined) throw badRequest(`Sheet ${outside} is not in this issue: sheets to print must be from 1 to ${pageCount}.`);
    if (new Set(chosen).size !== chosen.length) throw badRequest('Each sheet to print can be listed only once.');
    positions = [...chosen].sort((a, b) => a - b);
  } else {
    const rows = await sql<{ position: number }[]>`
      select position from revision_sheets where revision_id = ${revisionId} and change in ('changed', 'new') order by position`;
    positions = rows.map((r) => r.position);
  }
  if (positions.length === 0) throw badRequest(NOTHING_TO_PRINT_MESSAGE);
  return positions;
}

/**
 * A revision order's print for its documents: the order it revises, each printed sheet with its slip-
 * sheet instruction ("replace" a sheet the previous set had, "insert after A-104" for a sheet it did
 * not, after the sheet before it in the new issue), and the sheets dropped from the set ("remove").
 * Null for an order that is not a revision.
 */
export async function revisionPrintOf(
  db: Queryable,
  order: { revision_id?: string | null; revision_of_order_id?: string | null; print_positions?: number[] | null },
): Promise<RevisionPrint | null> {
  if (!order.revision_id || !order.print_positions) return null;
  const sheets = await db<{ position: number; sheet_number: string | null; change: string; previous_position: number | null }[]>`
    select position, sheet_number, change, previous_position from revision_sheets where revision_id = ${order.revision_id} order by position`;
  const removed = await db<{ previous_position: number; sheet_number: string | null }[]>`
    select previous_position, sheet_number from revision_removed_sheets where revision_id = ${order.revision_id} order by previous_position`;
  const byPosition = new Map(sheets.map((s) => [s.position, s]));
  const name = (s: { position: number; sheet_number: string | null }) => s.sheet_number ?? `sheet ${s.position}`;
  const printed = order.print_positions.map((position) => {
    const sheet = byPosition.get(position);
    if (!sheet) return { position, label: `sheet ${position}`, instruction: 'replace' };
    const before = byPosition.get(position - 1);
    const instruction = sheet.previous_position !== null ? 'replace' : before ? `insert after ${name(before)}` : 'insert at the front';
    return { position, label: name(sheet), instruction };
  });
  return {
    previousOrderNumber: order.revision_of_order_id ? orderNumberOf(order.revision_of_order_id) : null,
    printed,
    removed: removed.map((r) => r.sheet_number ?? `previous sheet ${r.previous_position}`),
  };
}
