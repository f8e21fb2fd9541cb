/** The words for an order's sets and color sheets, the same on every screen and document. */

/** "1-3, 7, 9": sheet numbers as a person reads them. */
export function sheetRanges(numbers: readonly number[]): string {
  const sorted = [...new Set(numbers)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length; i++) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j++;
    parts.push(j > i ? `${sorted[i]}-${sorted[j]}` : String(sorted[i]));
    i = j;
  }
  return parts.join(', ');
}

/** "3 sets of 42 sheets" / "1 set of 1 sheet". */
export function setsText(sets: number, pageCount: number): string {
  return `${sets} ${sets === 1 ? 'set' : 'sets'} of ${pageCount} ${pageCount === 1 ? 'sheet' : 'sheets'}`;
}

/** Which sheets print in color: "None (black and white)", "All sheets" or "Sheets 2-4, 9". */
export function colorSheetsSummary(colorSheets: readonly number[], pageCount: number): string {
  const count = new Set(colorSheets).size;
  if (count === 0) return 'None (black and white)';
  if (count >= pageCount) return 'All sheets';
  return `Sheet${count === 1 ? '' : 's'} ${sheetRanges(colorSheets)}`;
}

/** "Plans.pdf" / "Plans.pdf + 2 more files": a drawing set named in one line. */
export function setName(files: readonly { fileName: string }[]): string {
  const rest = files.length - 1;
  return rest <= 0 ? (files[0]?.fileName ?? '') : `${files[0].fileName} + ${rest} more ${rest === 1 ? 'file' : 'files'}`;
}

/** "A-101 · Hoboken Tower": a firm project as every screen and document names it (the code alone for an order placed before names were kept). */
export function projectText(project: { code: string | null; name?: string | null }): string | null {
  if (!project.code) return null;
  return project.name ? `${project.code} · ${project.name}` : project.code;
}

/** "A-101 Site plan": a sheet's number and title from its title block, or "(not named)" when the title block gave neither. */
export function sheetLabel(sheet: { position: number; sheetNumber: string | null; sheetTitle: string | null }): string {
  const named = [sheet.sheetNumber, sheet.sheetTitle].filter(Boolean).join(' ');
  return named || '(not named)';
}

/** A revision order's print (core/revisions/reprint.ts): the sheets reprinted with their slip-sheet instructions, and the sheets removed. */
export type RevisionPrint = {
  /** The order it revises; null when the issue printed before was uploaded again rather than ordered here. */
  previousOrderNumber: string | null;
  printed: { position: number; label: string; instruction: string }[];
  removed: string[];
};

/**
 * "Revision of order #1A2B3C4D — sheets A-101, A-201 reprinted" (or, before the sheets are known, "—
 * 2 sheets reprinted"): how every screen, email and document names a revision order.
 */
export function revisionText(previousOrderNumber: string | null, sheets: readonly string[] | number): string {
  const of = previousOrderNumber ? `Revision of order #${previousOrderNumber}` : 'Revision of an earlier issue';
  if (typeof sheets === 'number') return `${of} — ${sheets} ${sheets === 1 ? 'sheet' : 'sheets'} reprinted`;
  // Sheets without a number are already named "sheet 3": no second "sheet" before them.
  const lead = sheets.every((s) => s.startsWith('sheet ')) ? '' : sheets.length === 1 ? 'sheet ' : 'sheets ';
  return `${of} — ${lead}${sheets.join(', ')} reprinted`;
}

/**
 * "5 sheets 24" x 36" + 5 sheets 12" x 18" half-size": what is printed, by paper, from the order's
 * price lines (one describer for the label, the ticket and every other printed word). The ink is
 * left out: each line's description is its paper followed by its ink.
 */
export function printsText(lines: readonly { description: string; quantity: number }[]): string {
  const byPaper = new Map<string, number>();
  for (const line of lines) {
    const paper = line.description.replace(/ (black and white|color)$/, '');
    byPaper.set(paper, (byPaper.get(paper) ?? 0) + line.quantity);
  }
  return [...byPaper].map(([paper, count]) => `${count} ${count === 1 ? 'sheet' : 'sheets'} ${paper}`).join(' + ');
}

/** What orderName reads of an order: its job name, its files (with their sheets' numbers when known) and, for a reprint, what it prints. */
export type OrderNameInput = {
  jobName: string | null;
  files: readonly { fileName: string; pageCount: number; sheetNumbers?: readonly (string | null)[] | null }[];
  /** A revision's reprint: the positions of the new issue printed; null for an ordinary order. */
  printPositions: readonly number[] | null;
  /** The order number a reprint revises, when it is still there. */
  revisionOf: string | null;
};

/** The sheet numbers at `positions` of a set ("A-102"), "sheet 3" where a title block gave none. */
export function printedSheetLabels(files: OrderNameInput['files'], positions: readonly number[]): string[] {
  return positions.map((p) => sheetsOf(files)[p - 1] ?? `sheet ${p}`);
}

/** Each sheet's number through the set, null where unknown. */
function sheetsOf(files: OrderNameInput['files']): (string | null)[] {
  return files.flatMap((f) => (f.sheetNumbers && f.sheetNumbers.length === f.pageCount ? f.sheetNumbers : Array.from({ length: f.pageCount }, () => null)));
}

/** Up to this many sheets are named one by one; more read "A-101 … A-109, 9 sheets". */
const NAMED_SHEETS = 4;

/**
 * How every screen and email names an order: its job name when it has one; a reprint by what it
 * prints ("A-102, A-107 of the revision of #1A2B3C4D"); else the set by its sheet range ("A-101 –
 * A-107, 6 sheets"); the file names only when the title blocks gave no sheet numbers.
 */
export function orderName(order: OrderNameInput): string {
  const job = order.jobName?.trim();
  if (job) return job;
  const sheets = sheetsOf(order.files);
  if (order.printPositions) {
    const labels = printedSheetLabels(order.files, order.printPositions);
    const printed = labels.length <= NAMED_SHEETS ? labels.join(', ') : `${labels[0]} … ${labels[labels.length - 1]}, ${labels.length} sheets`;
    return `${printed} of ${order.revisionOf ? `the revision of #${order.revisionOf}` : 'a revision'}`;
  }
  const first = sheets[0];
  const last = sheets[sheets.length - 1];
  if (first && last) return sheets.length === 1 ? first : `${first} – ${last}, ${sheets.length} sheets`;
  return setName(order.files);
}
