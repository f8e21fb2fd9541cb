/**
 * Which sheet of the previous issue each sheet of the new one replaces (docs/decisions/029-revisions.md):
 * by sheet number where both issues carry the number once, else by position.
 */
import { normalizeSheetNumber } from '#shared/sheetNumbers';

/** What matching needs of a sheet. */
export type MatchSheet = { position: number; sheetNumber: string | null };

/** Each new sheet's predecessor (or null: new), and the previous sheets no new sheet took (removed). */
export type SheetMatch = { pairs: { position: number; previousPosition: number | null }[]; removed: number[]; byNumber: boolean };

/** The sheet numbers that occur exactly once in an issue, normalized, with the sheet carrying each. */
function uniqueNumbers(sheets: readonly MatchSheet[]): Map<string, number> {
  const counts = new Map<string, number>();
  const positions = new Map<string, number>();
  for (const sheet of sheets) {
    if (!sheet.sheetNumber) continue;
    const key = normalizeSheetNumber(sheet.sheetNumber);
    counts.set(key, (counts.get(key) ?? 0) + 1);
    positions.set(key, sheet.position);
  }
  for (const [key, count] of counts) if (count > 1) positions.delete(key);
  return positions;
}

/**
 * Matches the new issue's sheets to the previous issue's. When both issues carry unique sheet numbers
 * (at least one on each side), a sheet with a unique number takes the previous sheet of that number,
 * or is new; a sheet without a usable number takes the previous sheet at its position when that one
 * has no usable number either. When either issue carries none, every sheet takes the previous sheet
 * at its position.
 */
export function matchSheets(previous: readonly MatchSheet[], next: readonly MatchSheet[]): SheetMatch {
  const before = uniqueNumbers(previous);
  const after = uniqueNumbers(next);
  const byNumber = before.size > 0 && after.size > 0;
  const taken = new Set<number>();
  const previousAt = new Map(previous.map((s) => [s.position, s]));
  const usable = (sheet: MatchSheet, numbers: Map<string, number>) =>
    sheet.sheetNumber !== null && numbers.get(normalizeSheetNumber(sheet.sheetNumber)) === sheet.position;
  const pairs = next.map((sheet) => {
    const there = previousAt.get(sheet.position);
    let previousPosition: number | null;
    if (!byNumber) previousPosition = there ? sheet.position : null;
    else if (usable(sheet, after)) previousPosition = before.get(normalizeSheetNumber(sheet.sheetNumber as string)) ?? null;
    else previousPosition = there && !usable(there, before) ? there.position : null;
    if (previousPosition !== null) taken.add(previousPosition);
    return { position: sheet.position, previousPosition };
  });
  const removed = previous.filter((s) => !taken.has(s.position)).map((s) => s.position);
  return { pairs, removed, byNumber };
}
