/**
 * What a revision's compare decides before any pixel is rendered, and the rules that read its
 * results (docs/decisions/029-revisions.md): which sheets pair up, which are new or removed, which
 * changed size, and whether the changed regions lie in the title block alone.
 */
import type { SetSheet } from '../uploads/sets';
import type { InchBox } from '../services/pdf/sheetCompare';
import { matchSheets } from './match';

/** Sheets whose sides differ by more than this (inches) are a different size. */
export const SIZE_TOLERANCE_IN = 0.02;

/** Said when no sheet of the new issue matches one of the previous issue. */
export const NOTHING_IN_COMMON_MESSAGE =
  'No sheet of this set matches a sheet of the set printed before (by sheet number), so every sheet is new. Check that you chose the right order.';

/** One sheet of the new issue as planned: decided already, or to be compared with its predecessor. */
export type PlannedSheet = {
  sheet: SetSheet;
  previous: SetSheet | null;
  /** Decided without rendering; null when its pixels are to be compared. */
  decided: { change: 'new' | 'changed' | 'unchanged'; reason: 'size changed' | null } | null;
};

export type RevisionPlan = { sheets: PlannedSheet[]; removed: SetSheet[]; message: string | null };

/** Pairs the two issues' sheets and decides what needs no pixels: new sheets, size changes, a sheet compared with itself. */
export function planRevision(previous: SetSheet[], next: SetSheet[]): RevisionPlan {
  const match = matchSheets(previous, next);
  const previousAt = new Map(previous.map((s) => [s.position, s]));
  const sheets = match.pairs.map(({ position, previousPosition }): PlannedSheet => {
    const sheet = next[position - 1];
    const before = previousPosition === null ? null : (previousAt.get(previousPosition) ?? null);
    if (!before) return { sheet, previous: null, decided: { change: 'new', reason: null } };
    const resized = Math.abs(before.widthIn - sheet.widthIn) > SIZE_TOLERANCE_IN || Math.abs(before.heightIn - sheet.heightIn) > SIZE_TOLERANCE_IN;
    if (resized) return { sheet, previous: before, decided: { change: 'changed', reason: 'size changed' } };
    // The very same page of the very same file (a set compared with itself).
    if (before.uploadId === sheet.uploadId && before.number === sheet.number)
      return { sheet, previous: before, decided: { change: 'unchanged', reason: null } };
    return { sheet, previous: before, decided: null };
  });
  const removed = match.removed.map((p) => previousAt.get(p)).filter((s): s is SetSheet => s !== undefined);
  const nothingInCommon = previous.length > 0 && next.length > 0 && sheets.every((s) => s.previous === null);
  return { sheets, removed, message: nothingInCommon ? NOTHING_IN_COMMON_MESSAGE : null };
}

/**
 * The title block, as a share of the sheet from its left and top edges: the strip along the right
 * edge, or the bottom-right corner, where sheet numbers, dates and revision tables sit.
 */
export const TITLE_BLOCK = { rightStripFrom: 0.85, cornerFromX: 0.6, cornerFromY: 0.8 };

/** True when every box lies in the title block of a sheet `widthIn` x `heightIn`. */
export function onlyInTitleBlock(boxes: readonly InchBox[], widthIn: number, heightIn: number): boolean {
  if (boxes.length === 0) return false;
  return boxes.every((b) => {
    const x = b.xIn / widthIn;
    const y = b.yIn / heightIn;
    return x >= TITLE_BLOCK.rightStripFrom || (x >= TITLE_BLOCK.cornerFromX && y >= TITLE_BLOCK.cornerFromY);
  });
}

/** The previous order's files were deleted after printing: the customer can upload that issue instead. */
export const PREVIOUS_FILES_GONE_MESSAGE =
  'The files of that order have already been deleted after printing, as we promise. To compare, upload the set you printed then as the previous issue.';
