/**
 * The rules that turn a drawing set's sheet sizes into "ready" or a rejection a person understands,
 * and the words for each. Pure and free of zod, so the client can use them without the schema
 * library in its bundle; the API's JSON shapes are in ./upload.ts.
 */
import { MAX_PAGES, SIZE_TOLERANCE_INCHES } from './limits';
import { PRINT_SIZES, type PrintSize } from './pricing';

/** Where a PDF is sent (multipart field `pdf`): the client posts here, the web process routes it. */
export const UPLOAD_PDF_PATH = '/api/upload-pdf';

export const UPLOAD_STATUSES = ['analyzing', 'ready', 'rejected'] as const;
export type UploadStatus = (typeof UPLOAD_STATUSES)[number];

/**
 * Sheet sizes customers confuse with the ones we print (ANSI D is not ARCH D), by the label
 * formatSheetSize gives them: a rejection names them.
 */
export const NAMED_SHEETS: Record<string, string> = {
  '22" x 34"': 'ANSI D (22" x 34")',
  '11" x 17"': 'ANSI B (11" x 17")',
};

/** `22" x 34"` → `ANSI D (22" x 34")`; other sizes as they are. */
export function nameSheetSize(label: string): string {
  return NAMED_SHEETS[label] ?? label;
}

/** The client's toast for a wrong-size drawing (spec point 8, 'Invalid Document Size'). */
export function wrongSizeMessage(actualSize: string): string {
  return `Your PDF is ${nameSheetSize(actualSize)}, but we only print 24" × 36" and 30" × 42" documents. Please resize your document and try again.`;
}

/** The rejection of a set whose every sheet is blank. */
export const NO_DRAWINGS_MESSAGE = 'Your PDF has no drawings on it: every sheet is blank. Please check that you exported the right file and upload it again.';

/** The sheet sizes we print, short side first, in inches. */
export const ACCEPTED_SHEETS: Record<PrintSize, { shortIn: number; longIn: number }> = {
  '24x36': { shortIn: 24, longIn: 36 },
  '30x42': { shortIn: 30, longIn: 42 },
};

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
export type SheetVerdict =
  | { status: 'ready'; pageCount: number; detectedSize: PrintSize; actualSize: string; message: null }
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
  /** The first sheet only: every sheet number written on it (a cover's drawing index); [] on the others. */
  listedSheets: string[] | null;
  /** Nothing drawn or written on it. */
  blank: boolean | null;
  /** Drawing scales written on it (`1/4" = 1'-0"`, `NTS`), as written. */
  scaleNotes: string[] | null;
  /** A raster image covering a quarter of it at under 150 dpi at print size. */
  lowResolution: boolean | null;
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

const pages = (n: number) => `${n} ${n === 1 ? 'page is' : 'pages are'}`;

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
  // Group sheets by the size a person would call them: the print size when within tolerance, else
  // the measured size to a hundredth of an inch.
  const groups = new Map<string, { label: string; count: number; printSize: PrintSize | null }>();
  for (const sheet of sheets) {
    const w = sheet.width / POINTS_PER_INCH;
    const h = sheet.height / POINTS_PER_INCH;
    const printSize = matchPrintSize(w, h);
    const label = printSize ? formatSheetSize(ACCEPTED_SHEETS[printSize].shortIn, ACCEPTED_SHEETS[printSize].longIn) : formatSheetSize(w, h);
    const group = groups.get(label) ?? { label, count: 0, printSize };
    group.count += 1;
    groups.set(label, group);
  }
  const sorted = [...groups.values()].sort((a, b) => b.count - a.count);
  if (sorted.length === 1) {
    const only = sorted[0];
    if (only.printSize) return { status: 'ready', pageCount, detectedSize: only.printSize, actualSize: only.label, message: null };
    return rejectedVerdict(pageCount, wrongSizeMessage(only.label), only.label);
  }
  const named = sorted.slice(0, 4).map((g) => `${pages(g.count)} ${nameSheetSize(g.label)}`);
  const rest = sorted.slice(4).reduce((n, g) => n + g.count, 0);
  if (rest > 0) named.push(`${pages(rest)} other sizes`);
  return rejectedVerdict(
    pageCount,
    `Your PDF mixes sheet sizes: ${named.join(', ')}. Every sheet must be the same size, ` +
      `24" x 36" or 30" x 42". Please resize the odd sheets or upload them as separate files.`,
  );
}
