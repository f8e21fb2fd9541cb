/**
 * The order the field reads a set in: the US National CAD Standard's discipline designators (G, H,
 * V, B, C, L, S, A, I, Q, F, P, D, M, E, W, T, R, X, Z, O), then the sheet type (the first digit of
 * the number: 0 general, 1 plans, 2 elevations, …) and the sheet's sequence within its type. `A1.01`
 * and `A-101` are the same sheet written two ways, so both read as type 1, sequence 1. Pure code,
 * like ./sheetNumbers.ts, so the card, the API and the order agree.
 */

/** A sheet number as compared across the set: upper case, no spaces, dashes of any kind made one. */
export function normalizeSheetNumber(text: string): string {
  return text
    .trim()
    .toUpperCase()
    .replace(/[\u2010\u2013]/g, '-')
    .replace(/\s+/g, '');
}

/** The disciplines in the standard's order; a letter not listed comes after them, alphabetically. */
export const NCS_DISCIPLINES = ['G', 'H', 'V', 'B', 'C', 'L', 'S', 'A', 'I', 'Q', 'F', 'P', 'D', 'M', 'E', 'W', 'T', 'R', 'X', 'Z', 'O'] as const;

/**
 * A sheet number taken apart: `designator` (the letters: discipline and any modifier, `FP`),
 * `separator` as written, the sheet `type` digit and `sequence`, and a trailing letter (`A-101A`).
 * `style` tells `A-101` from `A1.01` and the sequence's width, so a gap is looked for only among
 * numbers written alike.
 */
export type ParsedSheetNumber = {
  designator: string;
  separator: string;
  type: number;
  sequence: number;
  suffix: string;
  style: string;
};

const PARTS = /^([A-Z]{1,3})([-. ]?)(\d{1,4})(?:([.-])(\d{1,3}))?([A-Z]?)$/;

/** The parts of a sheet number; null when it is not one (`COVER`, an empty title block). */
export function parseSheetNumber(text: string | null): ParsedSheetNumber | null {
  if (!text) return null;
  const match = PARTS.exec(normalizeSheetNumber(text));
  if (!match) return null;
  const [, designator, separator, head, dot, tail, suffix] = match;
  if (dot !== undefined && tail !== undefined) {
    // A1.01, S-2.1: the type before the dot, the sequence after it.
    return { designator, separator, type: Number(head), sequence: Number(tail), suffix, style: `${separator}d${dot}${tail.length}` };
  }
  if (head.length === 1) {
    // A-1, G1: a lone digit is a sequence of its own, before the numbered types' sheets.
    return { designator, separator, type: -1, sequence: Number(head), suffix, style: `${separator}1` };
  }
  // A-101, M001: the first digit is the type, the rest the sequence.
  return { designator, separator, type: Number(head[0]), sequence: Number(head.slice(1)), suffix, style: `${separator}n${head.length}` };
}

/** The standard's rank of a designator's discipline (its first letter); unknown letters after all known ones. */
function disciplineRank(designator: string): number {
  const index = (NCS_DISCIPLINES as readonly string[]).indexOf(designator[0]);
  return index >= 0 ? index : NCS_DISCIPLINES.length + designator.charCodeAt(0);
}

function compareParsed(a: ParsedSheetNumber, b: ParsedSheetNumber): number {
  return (
    disciplineRank(a.designator) - disciplineRank(b.designator) ||
    // The discipline alone (A) before its modifiers (AD, AE), these alphabetically.
    a.designator.length - b.designator.length ||
    a.designator.localeCompare(b.designator) ||
    a.type - b.type ||
    a.sequence - b.sequence ||
    a.suffix.localeCompare(b.suffix)
  );
}

/**
 * The set's positions (1..N) in the standard's order: numbered sheets by discipline, type and
 * sequence; sheets that compare equal (a number carried twice) keep their order; sheets without a
 * number (or with one that is not a sheet number) follow at the end in the order they had.
 */
export function sortSheetPositions(sheetNumbers: readonly (string | null)[]): number[] {
  const numbered: { position: number; parsed: ParsedSheetNumber }[] = [];
  const unnumbered: number[] = [];
  sheetNumbers.forEach((text, i) => {
    const parsed = parseSheetNumber(text);
    if (parsed) numbered.push({ position: i + 1, parsed });
    else unnumbered.push(i + 1);
  });
  // Array.prototype.sort is stable, so equal numbers keep their order.
  numbered.sort((a, b) => compareParsed(a.parsed, b.parsed));
  return [...numbered.map((s) => s.position), ...unnumbered];
}

/** Whether `order` names each position 1..`pageCount` exactly once. */
export function isSheetOrderOf(order: readonly number[], pageCount: number): boolean {
  if (order.length !== pageCount) return false;
  const seen = new Set(order);
  return seen.size === pageCount && order.every((p) => Number.isInteger(p) && p >= 1 && p <= pageCount);
}

/** The 400 for a `sheetOrder` that is not the set's positions each once. */
export const sheetOrderMessage = (pageCount: number) =>
  `The sheet order must list each of the set's ${pageCount} ${pageCount === 1 ? 'sheet' : 'sheets'} once, numbered 1 to ${pageCount}. Please sort the set again.`;

/** The sheet number `sequence` of `like`'s series, written as `like` is (`A-102` → `A-103`, `A1.01` → `A1.02`). */
function writeLike(like: ParsedSheetNumber, sequence: number): string {
  const { designator, separator, type, style } = like;
  if (type === -1) return `${designator}${separator}${sequence}`;
  const dotted = /^.?d([.-])(\d)$/.exec(style);
  if (dotted) return `${designator}${separator}${type}${dotted[1]}${String(sequence).padStart(Number(dotted[2]), '0')}`;
  const width = Number(/n(\d)$/.exec(style)?.[1] ?? 3) - 1;
  return `${designator}${separator}${type}${String(sequence).padStart(width, '0')}`;
}

/** A sheet the numbers of a series skip: `missing` between `before` and `after` (as written on the sheets). */
export type NumberGap = { missing: string; before: string; after: string; positions: [number, number] };

/**
 * Where a series (one designator, one sheet type, numbers written alike) skips exactly one number:
 * is missing A-103. A wider jump is taken for the numbering the office chose
 * not a lost sheet. Lettered sheets (A-101A) and order do not matter.
 */
export function numberGaps(sheets: readonly { position: number; sheetNumber: string | null }[]): NumberGap[] {
  const series = new Map<string, { sequence: number; parsed: ParsedSheetNumber; text: string; position: number }[]>();
  for (const sheet of sheets) {
    const parsed = parseSheetNumber(sheet.sheetNumber);
    if (!parsed || parsed.suffix) continue;
    const key = `${parsed.designator}|${parsed.type}|${parsed.style}`;
    const list = series.get(key) ?? [];
    if (!list.some((s) => s.sequence === parsed.sequence))
      list.push({ sequence: parsed.sequence, parsed, text: (sheet.sheetNumber ?? '').trim(), position: sheet.position });
    series.set(key, list);
  }
  const gaps: NumberGap[] = [];
  const ordered = [...series.values()].sort((a, b) => compareParsed(a[0].parsed, b[0].parsed));
  for (const list of ordered) {
    list.sort((a, b) => a.sequence - b.sequence);
    for (let i = 1; i < list.length; i += 1) {
      const [lower, upper] = [list[i - 1], list[i]];
      if (upper.sequence - lower.sequence !== 2) continue;
      gaps.push({ missing: writeLike(lower.parsed, lower.sequence + 1), before: lower.text, after: upper.text, positions: [lower.position, upper.position] });
    }
  }
  return gaps;
}
