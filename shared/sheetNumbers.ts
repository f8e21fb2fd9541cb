/**
 * Sheet numbers and titles read from a sheet's title block, and the preflight of a set they make
 * possible (a sheet number twice, a sheet listed on the cover that no sheet carries, a series that
 * skips one number). The MuPDF child
 * hands over the sheet's text lines with their size and place (sheetReport.ts); everything here is
 * pure text matching, like ./scaleNotes.ts.
 */
import { normalizeSheetNumber, numberGaps } from './sheetOrder';

/**
 * A sheet number as drawing sets write them: a discipline prefix of one or two letters (three for
 * the odd "FPA"), an optional separator, then digits with an optional dotted or dashed part and an
 * optional letter: A-101, A1.01, S-2.1, M001, FP-101, G0.0, A-101A.
 */
const SHEET_NUMBER = /^[A-Z]{1,3}[-.\u2010\u2013 ]?\d{1,4}(?:[.-]\d{1,3})?[A-Z]?$/;
/** The same, found anywhere in a text (a drawing index lists them among titles). */
const SHEET_NUMBER_IN_TEXT = /(?<![A-Z0-9./-])[A-Z]{1,3}[-.\u2010\u2013]?\d{1,4}(?:[.-]\d{1,3})?[A-Z]?(?![A-Z0-9/]|[.-]\d)/g;

/** Words of a title block that label a field rather than name the sheet. */
const LABELS =
  /^(?:SHEET(?:\s+(?:NO\.?|NUMBER|TITLE|NAME))?|DRAWING(?:\s+(?:NO\.?|NUMBER|TITLE))?|DWG\.?(?:\s+NO\.?)?|TITLE|SCALE|DATE|PROJECT(?:\s+NO\.?)?|DRAWN(?:\s+BY)?|CHECKED(?:\s+BY)?|REV(?:ISION)?S?|NO\.?|ISSUE(?:D)?(?:\s+FOR)?|SEAL|JOB(?:\s+NO\.?)?)\s*:?$/i;

/** A field label written on the same line before the number: `SHEET NO. A-101`, `DWG: M001`. */
const LEADING_LABEL = /^(?:SHEET|DRAWING|DWG\.?)(?:\s+(?:NO\.?|NUMBER|#))?\s*[:#]?\s+/i;

/** One line of a sheet's text: what it says, its font size and its box (points, y down). */
export type TextLine = { text: string; size: number; x0: number; y0: number; x1: number; y1: number };

/** Whether `text`, trimmed, is a sheet number as a whole (`A-101`, not `SEE A-101`). */
export function isSheetNumber(text: string): boolean {
  return SHEET_NUMBER.test(text.trim());
}

export { normalizeSheetNumber };

/** The letters a sheet number starts with: its discipline (`FP` of `FP-101`). */
function prefixOf(sheetNumber: string): string {
  return /^[A-Z]+/.exec(normalizeSheetNumber(sheetNumber))?.[0] ?? '';
}

/** A sheet's title block is in a band this share of the sheet wide along its edges. */
const EDGE_BAND = 0.25;
/** The title is looked for this many times the number's height around it. */
const TITLE_REACH = 8;

/**
 * The sheet's number and title from its title block: the largest text that is a sheet number (after
 * a label on its line, if any) whose
 * centre lies near an edge of the sheet (EDGE_BAND), and, beside it, the largest text that is neither
 * a number nor a field label, with the lines of the same size next to it joined (a title set on two
 * lines). Nulls when none is found.
 */
export function findSheetNumber(
  lines: readonly TextLine[],
  sheet: { width: number; height: number },
): { sheetNumber: string | null; sheetTitle: string | null } {
  const nearEdge = (l: TextLine) => {
    const cx = (l.x0 + l.x1) / 2;
    const cy = (l.y0 + l.y1) / 2;
    return cx < sheet.width * EDGE_BAND || cx > sheet.width * (1 - EDGE_BAND) || cy < sheet.height * EDGE_BAND || cy > sheet.height * (1 - EDGE_BAND);
  };
  // A tie in size goes to the text nearer the bottom right, where title blocks usually are.
  const corner = (l: TextLine) => Math.hypot(sheet.width - l.x1, sheet.height - l.y1);
  const numberOf = (l: TextLine) => l.text.trim().replace(LEADING_LABEL, '');
  const candidates = lines.filter((l) => isSheetNumber(numberOf(l)) && nearEdge(l)).sort((a, b) => b.size - a.size || corner(a) - corner(b));
  const number = candidates[0];
  if (!number) return { sheetNumber: null, sheetTitle: null };
  const sheetNumber = numberOf(number).trim();

  const reach = TITLE_REACH * Math.max(number.y1 - number.y0, number.size);
  const gap = (l: TextLine) => Math.hypot(Math.max(0, l.x0 - number.x1, number.x0 - l.x1), Math.max(0, l.y0 - number.y1, number.y0 - l.y1));
  const near = lines.filter((l) => {
    const text = l.text.trim();
    return l !== number && text.length > 1 && /[A-Za-z]{2}/.test(text) && !isSheetNumber(text) && !LABELS.test(text) && gap(l) <= reach;
  });
  near.sort((a, b) => b.size - a.size || gap(a) - gap(b));
  const first = near[0];
  if (!first) return { sheetNumber, sheetTitle: null };
  // Lines of the title's size stacked right above or below it, left edges roughly aligned.
  const same = (l: TextLine) => Math.abs(l.size - first.size) <= first.size * 0.1 && Math.abs(l.x0 - first.x0) <= first.size * 4;
  const title = [first];
  for (let grown = true; grown;) {
    grown = false;
    const top = Math.min(...title.map((l) => l.y0));
    const bottom = Math.max(...title.map((l) => l.y1));
    for (const l of near) {
      if (title.includes(l) || !same(l)) continue;
      if (l.y1 <= top && top - l.y1 <= first.size * 1.5) title.push(l);
      else if (l.y0 >= bottom && l.y0 - bottom <= first.size * 1.5) title.push(l);
      else continue;
      grown = true;
      break;
    }
  }
  title.sort((a, b) => a.y0 - b.y0);
  return { sheetNumber, sheetTitle: title.map((l) => l.text.trim().replace(/\s+/g, ' ')).join(' ') };
}

/** Every sheet number written in `text` (a cover sheet's drawing index), each once, in order. */
export function listedSheetNumbers(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(SHEET_NUMBER_IN_TEXT)) {
    const number = normalizeSheetNumber(match[0]);
    if (!found.includes(number)) found.push(number);
  }
  return found;
}

export const SHEET_WARNING_KINDS = ['duplicate_sheet', 'missing_sheet', 'number_gap'] as const;
export type SheetWarningKind = (typeof SHEET_WARNING_KINDS)[number];
/** A preflight warning about a set: it warns, it never blocks an order. */
export type SheetWarning = { kind: SheetWarningKind; sheetNumber: string; positions: number[]; message: string };

/** A sheet's title that says it carries the set's drawing index. */
const INDEX_TITLE = /\b(cover|title|index|drawing list|sheet list|list of drawings)\b/i;

/**
 * The set's drawing index, wherever the cover sits: among the sheets whose text names at least two
 * sheet numbers (every sheet names its own), one titled cover, title, index or drawing list, else
 * the one with the longest list; the earlier sheet on a tie. Null when no sheet lists others.
 */
export function drawingIndexOf(
  sheets: readonly { position: number; sheetTitle: string | null; listedSheets: readonly string[] | null }[],
): { position: number; listed: string[] } | null {
  let best: { position: number; listed: string[]; titled: boolean } | null = null;
  for (const sheet of sheets) {
    const listed = sheet.listedSheets ?? [];
    if (listed.length < 2) continue;
    const titled = INDEX_TITLE.test(sheet.sheetTitle ?? '');
    const better =
      !best ||
      (titled && !best.titled) ||
      (titled === best.titled && (listed.length > best.listed.length || (listed.length === best.listed.length && sheet.position < best.position)));
    if (better) best = { position: sheet.position, listed: [...listed], titled };
  }
  return best && { position: best.position, listed: best.listed };
}

/** `[1, 4]` → "sheets 1 and 4"; `[1, 4, 9]` → "sheets 1, 4 and 9". */
function sheetsPhrase(positions: readonly number[]): string {
  if (positions.length === 1) return `sheet ${positions[0]}`;
  return `sheets ${positions.slice(0, -1).join(', ')} and ${positions[positions.length - 1]}`;
}

/**
 * The preflight of a set in order (`position` from 1): a sheet number carried by more than one
 * sheet, and each sheet number the drawing index lists (`listed`, read from the sheet drawingIndexOf
 * chose, at `indexPosition`) that no sheet
 * carries. An index entry counts only when its discipline prefix is one the set's title blocks use
 * and the index lists at least two numbers that the set does carry, so a cover's code references
 * (`R-2` occupancy) are not taken for sheets. Then each number a series skips (./sheetOrder.ts),
 * unless the index already said it is missing.
 */
export function sheetWarnings(
  sheets: readonly { position: number; sheetNumber: string | null }[],
  listed: readonly string[] = [],
  /** The position of the sheet carrying the index (drawingIndexOf), 1 when not given. */
  indexPosition = 1,
): SheetWarning[] {
  const warnings: SheetWarning[] = [];
  const byNumber = new Map<string, { shown: string; positions: number[] }>();
  for (const sheet of sheets) {
    if (!sheet.sheetNumber) continue;
    const key = normalizeSheetNumber(sheet.sheetNumber);
    const entry = byNumber.get(key) ?? { shown: sheet.sheetNumber, positions: [] };
    entry.positions.push(sheet.position);
    byNumber.set(key, entry);
  }
  for (const { shown, positions } of byNumber.values()) {
    if (positions.length < 2) continue;
    warnings.push({
      kind: 'duplicate_sheet',
      sheetNumber: shown,
      positions,
      message: `Sheet number ${shown} appears on ${positions.length === 2 ? 'both ' : ''}${sheetsPhrase(positions)}: check that the same sheet was not included twice.`,
    });
  }
  const prefixes = new Set([...byNumber.keys()].map(prefixOf));
  const index = listed.map(normalizeSheetNumber).filter((n, i, all) => prefixes.has(prefixOf(n)) && all.indexOf(n) === i);
  const carried = index.filter((n) => byNumber.has(n));
  if (carried.length >= 2) {
    for (const n of index) {
      if (byNumber.has(n)) continue;
      warnings.push({
        kind: 'missing_sheet',
        sheetNumber: n,
        positions: [],
        message: `Sheet ${n} is listed in the drawing index on ${indexPosition === 1 ? 'the first sheet' : `sheet ${indexPosition}`}, but no sheet in the set carries that number: it may be missing.`,
      });
    }
  }
  // A number the drawing index already reports missing is said once, by the index.
  const reported = new Set(warnings.filter((w) => w.kind === 'missing_sheet').map((w) => w.sheetNumber));
  for (const gap of numberGaps(sheets)) {
    if (reported.has(normalizeSheetNumber(gap.missing))) continue;
    warnings.push({
      kind: 'number_gap',
      sheetNumber: gap.missing,
      positions: gap.positions,
      message: `${gap.missing} is not in the set: ${gap.before} is followed by ${gap.after}`,
    });
  }
  return warnings;
}
