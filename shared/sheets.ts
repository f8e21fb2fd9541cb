/**
 * The rules that turn a drawing set's sheet sizes into "ready" or a rejection a person understands,
 * and the words for each. Pure and free of zod, so the client can use them without the schema
 * library in its bundle; the API's JSON shapes are in ./upload.ts.
 */
import { MAX_PAGES, SIZE_TOLERANCE_INCHES } from './limits';
import { PRINT_SIZES, type PrintSize } from './pricing';
import type { PrintFindings } from './printNotes';
import type { UnprintableSheet } from './leaveOut';

export * from './leaveOut';

/** Where a PDF is sent (multipart field `pdf`): the client posts here, the web process routes it. */
export const UPLOAD_PDF_PATH = '/api/upload-pdf';

export const UPLOAD_STATUSES = ['analyzing', 'ready', 'rejected'] as const;
export type UploadStatus = (typeof UPLOAD_STATUSES)[number];

/**
 * Standard sheet sizes by name, short side first in inches: a rejection names them, and the four a
 * paper is made for are the upload JSON's `sizeName`. ANSI D is not ARCH D, and both print at 100%.
 */
export const STANDARD_SHEETS: readonly { name: string; shortIn: number; longIn: number }[] = [
  { name: 'Letter', shortIn: 8.5, longIn: 11 },
  { name: 'Legal', shortIn: 8.5, longIn: 14 },
  { name: 'ISO A4', shortIn: 8.27, longIn: 11.69 },
  { name: 'ANSI B', shortIn: 11, longIn: 17 },
  { name: 'ISO A3', shortIn: 11.69, longIn: 16.54 },
  { name: 'ARCH B', shortIn: 12, longIn: 18 },
  { name: 'ISO A2', shortIn: 16.54, longIn: 23.39 },
  { name: 'ANSI C', shortIn: 17, longIn: 22 },
  { name: 'ARCH C', shortIn: 18, longIn: 24 },
  { name: 'ANSI D', shortIn: 22, longIn: 34 },
  { name: 'ISO A1', shortIn: 23.39, longIn: 33.11 },
  { name: 'ARCH D', shortIn: 24, longIn: 36 },
  { name: 'ARCH E1', shortIn: 30, longIn: 42 },
  { name: 'ANSI E', shortIn: 34, longIn: 44 },
  { name: 'ISO A0', shortIn: 33.11, longIn: 46.81 },
  { name: 'ARCH E', shortIn: 36, longIn: 48 },
];

/** The sheet sizes the upload JSON names (`sizeName`): the ones our two papers are made for. */
export const SIZE_NAMES = ['ARCH D', 'ANSI D', 'ISO A1', 'ARCH E1'] as const;
export type SizeName = (typeof SIZE_NAMES)[number];

/** The standard name of a sheet (either orientation, within the tolerance), or null. */
export function standardSheetName(widthIn: number, heightIn: number): string | null {
  const shortIn = Math.min(widthIn, heightIn);
  const longIn = Math.max(widthIn, heightIn);
  const hit = STANDARD_SHEETS.find((s) => Math.abs(shortIn - s.shortIn) <= SIZE_TOLERANCE_INCHES && Math.abs(longIn - s.longIn) <= SIZE_TOLERANCE_INCHES);
  return hit?.name ?? null;
}

/** The upload JSON's `sizeName`: ARCH D, ANSI D, ISO A1 or ARCH E1, else null. */
export function sizeNameOf(widthIn: number, heightIn: number): SizeName | null {
  const name = standardSheetName(widthIn, heightIn);
  return (SIZE_NAMES as readonly string[]).includes(name ?? '') ? (name as SizeName) : null;
}

/** `22" x 34"` → `22" x 34" (ANSI D)`; sizes without a standard name as they are. */
export function describeSheet(widthIn: number, heightIn: number): string {
  const name = standardSheetName(widthIn, heightIn);
  const label = formatSheetSize(widthIn, heightIn);
  return name ? `${label} (${name})` : label;
}

/** A label (`8.5" x 11"`) read back into inches, or null. */
function parseSheetLabel(label: string): { w: number; h: number } | null {
  const m = /^([\d.]+)" x ([\d.]+)"$/.exec(label);
  return m ? { w: Number(m[1]), h: Number(m[2]) } : null;
}

/** `8.5" x 11"` → `8.5" x 11" (Letter)`; other labels as they are. */
export function nameSheetSize(label: string): string {
  const size = parseSheetLabel(label);
  return size ? describeSheet(size.w, size.h) : label;
}

/** The client's toast for a wrong-size drawing (spec point 8, 'Invalid Document Size'). */
export function wrongSizeMessage(actualSize: string): string {
  return `Your PDF is ${nameSheetSize(actualSize)}, but we print sheets from ${formatSheetSize(MIN_SHEET.shortIn, MIN_SHEET.longIn)} up to 30" x 42", at 100% on 24" x 36" or 30" x 42" paper. Please resize your document and try again.`;
}

/** The rejection of a set whose every sheet is blank. */
export const NO_DRAWINGS_MESSAGE = 'Your PDF has no drawings on it: every sheet is blank. Please check that you exported the right file and upload it again.';

/** The papers we print on, short side first, in inches; smaller first, so a sheet goes on the first it fits. */
export const ACCEPTED_SHEETS: Record<PrintSize, { shortIn: number; longIn: number }> = {
  '24x36': { shortIn: 24, longIn: 36 },
  '30x42': { shortIn: 30, longIn: 42 },
};

/** The smallest sheet we print at 100% (ANSI C): anything smaller is refused, not put on a 24" x 36" sheet. */
export const MIN_SHEET = { shortIn: 17, longIn: 22 } as const;

/** Where one sheet prints at 100%: its paper, or why it cannot be printed. */
export type PaperFit = { paper: PrintSize } | { paper: null; reason: 'smaller' | 'larger' };

/**
 * The smaller of our papers a sheet fits at 100%, in either orientation, within the tolerance:
 * 24" x 36" takes anything from 17" x 22" up to 24" x 36" (ARCH D, ANSI D, ISO A1), 30" x 42"
 * anything larger up to 30" x 42" (ARCH E1).
 */
export function paperFor(widthIn: number, heightIn: number): PaperFit {
  const shortIn = Math.min(widthIn, heightIn);
  const longIn = Math.max(widthIn, heightIn);
  const fits = (s: { shortIn: number; longIn: number }) => shortIn <= s.shortIn + SIZE_TOLERANCE_INCHES && longIn <= s.longIn + SIZE_TOLERANCE_INCHES;
  const paper = PRINT_SIZES.find((size) => fits(ACCEPTED_SHEETS[size]));
  if (!paper) return { paper: null, reason: 'larger' };
  if (shortIn < MIN_SHEET.shortIn - SIZE_TOLERANCE_INCHES || longIn < MIN_SHEET.longIn - SIZE_TOLERANCE_INCHES) return { paper: null, reason: 'smaller' };
  return { paper };
}

/** Each sheet's paper in page order, from its size in inches; a sheet no paper takes throws. */
export function papersOf(sheets: readonly { widthIn: number; heightIn: number }[]): PrintSize[] {
  return sheets.map((s, i) => {
    const fit = paperFor(s.widthIn, s.heightIn);
    if (!fit.paper) throw new RangeError(`sheet ${i + 1} fits no paper`);
    return fit.paper;
  });
}

/** Why a sheet cannot be printed, in the refusal's words: `larger than our largest paper, 30" x 42"`. */
export function refusedSheetReason(reason: 'smaller' | 'larger'): string {
  const largest = ACCEPTED_SHEETS[PRINT_SIZES[PRINT_SIZES.length - 1]];
  return reason === 'larger'
    ? `larger than our largest paper, ${formatSheetSize(largest.shortIn, largest.longIn)}`
    : `smaller than the smallest sheet we print, ${formatSheetSize(MIN_SHEET.shortIn, MIN_SHEET.longIn)}`;
}

/** The sentence that refuses one sheet: `Sheet 4 is 36" x 48" (ARCH E), larger than our largest paper, 30" x 42".` */
export function refusedSheetSentence(number: number, widthIn: number, heightIn: number, reason: 'smaller' | 'larger'): string {
  return `Sheet ${number} is ${describeSheet(widthIn, heightIn)}, ${refusedSheetReason(reason)}.`;
}

/**
 * The sheets to offer to leave out of a file: those no paper takes, when they are all that stands
 * between the file and a print (its pages counted and within the limit, every size real) and some
 * other sheet prints. Empty otherwise: nothing is offered for a file no sheet of which prints.
 */
export function unprintableSheetsOf(pageCount: number, sheets: readonly SheetPoints[]): UnprintableSheet[] {
  if (pageCount === 0 || pageCount > MAX_PAGES || sheets.length !== pageCount) return [];
  const found: UnprintableSheet[] = [];
  for (const [i, sheet] of sheets.entries()) {
    const w = sheet.width / POINTS_PER_INCH;
    const h = sheet.height / POINTS_PER_INCH;
    if (!(w <= MAX_REAL_SHEET_INCHES && h <= MAX_REAL_SHEET_INCHES)) return [];
    const fit = paperFor(w, h);
    if (!fit.paper) found.push({ page: i + 1, size: formatSheetSize(w, h), sizeName: standardSheetName(w, h), reason: refusedSheetReason(fit.reason) });
  }
  return found.length < pageCount ? found : [];
}

/** Points per inch in PDF user space. */
export const POINTS_PER_INCH = 72;

/** 8.5 → "8.5", 11 → "11", 8.2677 → "8.27": inches to two decimals without trailing zeros. */
export function formatInches(inches: number): string {
  return String(Number(inches.toFixed(2)));
}

/** A sheet's size as a person reads it, smaller side first: `8.5" x 11"`. */
export function formatSheetSize(widthIn: number, heightIn: number): string {
  const [a, b] = widthIn <= heightIn ? [widthIn, heightIn] : [heightIn, widthIn];
  return `${formatInches(a)}" x ${formatInches(b)}"`;
}

/** The print size a sheet is (either orientation, within the tolerance), or null. */
export function matchPrintSize(widthIn: number, heightIn: number): PrintSize | null {
  const shortIn = Math.min(widthIn, heightIn);
  const longIn = Math.max(widthIn, heightIn);
  for (const size of PRINT_SIZES) {
    const sheet = ACCEPTED_SHEETS[size];
    if (Math.abs(shortIn - sheet.shortIn) <= SIZE_TOLERANCE_INCHES && Math.abs(longIn - sheet.longIn) <= SIZE_TOLERANCE_INCHES) return size;
  }
  return null;
}

/** One sheet's shown size in PDF points (MuPDF's page bounds, /Rotate already applied). */
export type SheetPoints = { width: number; height: number };

/** What the analysis decides about a drawing set. */
/** The paper of an accepted set: the one its sheets share, or `mixed`. */
export type DetectedSize = PrintSize | 'mixed';
export const DETECTED_SIZES = [...PRINT_SIZES, 'mixed'] as const;

export type SheetVerdict =
  | { status: 'ready'; pageCount: number; detectedSize: DetectedSize; actualSize: string | null; message: null }
  | { status: 'rejected'; pageCount: number | null; detectedSize: null; actualSize: string | null; message: string };

/** Why a PDF could not be read at all, before any sheet was measured. */
export type UnreadableReason = 'encrypted' | 'unreadable' | 'incomplete' | 'no_size' | 'crashed' | 'timeout' | 'too_complex' | 'unavailable';

const UNREADABLE_MESSAGES: Record<UnreadableReason, string> = {
  encrypted: 'Your PDF is password-protected, so we cannot print it. Please remove the password (save an unprotected copy) and upload it again.',
  unreadable:
    'We could not read your PDF: it seems damaged or is not a complete PDF file. Please export it again from your drawing program and upload the new file.',
  timeout:
    'Your PDF took too long to read, so we stopped. Please export it again (for example with "Save as PDF" or flattened layers) and upload the new file.',
  too_complex:
    'Your PDF needs more memory to read than we allow for one upload. Please export it again (for example flattened, or split into smaller sets) and upload the new file.',
  incomplete:
    'Your PDF is incomplete: the file ends before the end of the PDF, as if its download or export was cut short. Please export or download it again and upload the complete file.',
  no_size:
    'A page of your PDF has no size (its MediaBox is missing or invalid), so we cannot tell how large to print it. Please export the set again from your drawing program and upload the new file.',
  crashed:
    'We could not finish reading your PDF; please try again. If it happens again, export the set again (for example with "Save as PDF") and upload the new file.',
  unavailable: 'We could not check your PDF just now because of a problem on our side. Please upload it again in a few minutes.',
};

/** A verdict that turns the PDF down, saying why; `actualSize` when one wrong size was measured. */
export function rejectedVerdict(pageCount: number | null, message: string, actualSize: string | null = null): SheetVerdict {
  return { status: 'rejected', pageCount, detectedSize: null, actualSize, message };
}

/** A set of the right size with nothing drawn on any sheet. */
export function noDrawingsVerdict(pageCount: number): SheetVerdict {
  return rejectedVerdict(pageCount, NO_DRAWINGS_MESSAGE);
}

/**
 * What the per-sheet report (docs/decisions/012-sheet-report-after-ready.md) says about one sheet of an accepted set; null where the sheet
 * could not be analysed.
 */
export type SheetReport = {
  /** Page number, from 1. */
  number: number;
  /**
   * Colored ink is visible on the printed sheet: any colored path or text however thin, or at least
   * 0.05% of the sheet colored where only pixels judge (images, shadings).
   */
  color: boolean | null;
  /** The share of the sheet (0–1) colored ink covers, measured on its render at 20 dpi. */
  colorShare: number | null;
  /** The sheet number its title block carries (`A-101`); null when none is found (shared/sheetNumbers.ts). */
  sheetNumber: string | null;
  /** The sheet's title beside its number; null when none is found. */
  sheetTitle: string | null;
  /** Every sheet number written on it (its own, and a cover's drawing index); the set's index is chosen by drawingIndexOf (sheetNumbers.ts). */
  listedSheets: string[] | null;
  /** Nothing drawn or written on it. */
  blank: boolean | null;
  /** Drawing scales written on it (`1/4" = 1'-0"`, `NTS`), as written. */
  scaleNotes: string[] | null;
  /** A raster image covering a quarter of it at under 150 dpi at print size. */
  lowResolution: boolean | null;
  /** What will not print as it looks: hairlines, light grey, fonts not embedded (shared/printNotes.ts). */
  printFindings: PrintFindings | null;
};

/** A color sheet whose colored ink covers less than this share of it carries color markup only (clouds, notes). */
export const MARKUP_ONLY_SHARE = 0.01;

/** Whether a sheet is color only for markup: color, its colored ink under MARKUP_ONLY_SHARE of it. */
export function isColorMarkupOnly(sheet: { color: boolean | null; colorShare: number | null }): boolean {
  return sheet.color === true && sheet.colorShare !== null && sheet.colorShare < MARKUP_ONLY_SHARE;
}

/** A rejection for a PDF that could not be measured; `page` names the sheet at fault (no_size). */
export function unreadableVerdict(reason: UnreadableReason, page?: number): SheetVerdict {
  const message =
    reason === 'no_size' && page ? UNREADABLE_MESSAGES.no_size.replace('A page of your PDF', `Page ${page} of your PDF`) : UNREADABLE_MESSAGES[reason];
  return rejectedVerdict(null, message);
}

/**
 * Sides beyond this are not a real sheet (a MediaBox of 1e30 points, or /UserUnit 75000): they are
 * named as such instead of printed as a 17-digit size. 2,000 inches is about 50 m, far past any roll.
 */
export const MAX_REAL_SHEET_INCHES = 2000;

/**
 * Decides on a drawing set from its page count and, when there are at most MAX_PAGES, every sheet's
 * size: all sheets one accepted size → ready; otherwise a rejection that names the sizes it found.
 */
export function judgeSheets(pageCount: number, sheets: SheetPoints[]): SheetVerdict {
  if (pageCount === 0) {
    return rejectedVerdict(0, 'Your PDF has no pages. Please check the file and upload it again.');
  }
  if (pageCount > MAX_PAGES) {
    return rejectedVerdict(
      pageCount,
      `Your PDF has ${pageCount} pages; we accept at most ${MAX_PAGES} pages in one upload. Please split the set into smaller files and upload each one.`,
    );
  }
  const unreal = sheets.findIndex((s) => !(s.width / POINTS_PER_INCH <= MAX_REAL_SHEET_INCHES && s.height / POINTS_PER_INCH <= MAX_REAL_SHEET_INCHES));
  if (unreal >= 0) {
    return rejectedVerdict(
      pageCount,
      `Page ${unreal + 1} of your PDF claims a size that is not a real page size (over ${MAX_REAL_SHEET_INCHES.toLocaleString('en-US')} inches on a side). ` +
        `Please export the set again at 24" x 36" or 30" x 42" and upload the new file.`,
    );
  }
  // Every sheet on the smaller paper it fits at 100%; the first few that fit none are named.
  const refused: string[] = [];
  let firstRefusedSize: string | null = null;
  let refusedCount = 0;
  const papers = new Set<PrintSize>();
  const labels = new Set<string>();
  sheets.forEach((sheet, i) => {
    const w = sheet.width / POINTS_PER_INCH;
    const h = sheet.height / POINTS_PER_INCH;
    const exact = matchPrintSize(w, h);
    labels.add(exact ? formatSheetSize(ACCEPTED_SHEETS[exact].shortIn, ACCEPTED_SHEETS[exact].longIn) : formatSheetSize(w, h));
    const fit = paperFor(w, h);
    if (fit.paper) return void papers.add(fit.paper);
    refusedCount += 1;
    firstRefusedSize ??= formatSheetSize(w, h);
    if (refused.length < 3) refused.push(refusedSheetSentence(i + 1, w, h, fit.reason));
  });
  if (refusedCount > 0) {
    const more = refusedCount - refused.length;
    if (more > 0) refused.push(`${more === 1 ? '1 more sheet is' : `${more} more sheets are`} outside our sizes too.`);
    return rejectedVerdict(
      pageCount,
      `${refused.join(' ')} We print every sheet at 100% on 24" x 36" or 30" x 42" paper, so sheets from ` +
        `${formatSheetSize(MIN_SHEET.shortIn, MIN_SHEET.longIn)} up to 30" x 42". Please export ${refusedCount === 1 ? 'that sheet' : 'those sheets'} at one of these sizes and upload the file again.`,
      firstRefusedSize,
    );
  }
  const detectedSize: DetectedSize = papers.size === 1 ? [...papers][0] : 'mixed';
  const actualSize = labels.size === 1 ? [...labels][0] : null;
  return { status: 'ready', pageCount, detectedSize, actualSize, message: null };
}
