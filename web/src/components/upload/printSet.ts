/**
 * The drawing set on the upload screen and what it costs, as pure functions: the set's type (one
 * file or several, sheets numbered through the set), the papers it prints on, its price for the
 * customer's choices, and the words the card shows about scale and color. No React, no I/O: the
 * card, the hook (./usePrintSet.ts) and the set's reducer (./printSetReducer.ts) all read these.
 */
import { MAX_SETS, MIN_SETS, ORDER_PRINT_TYPES, PRINT_SIZE_LABELS, PRINT_SIZES, PRINT_TYPE_LABELS, priceSheets } from '#shared/pricing';
import type { OrderPrintSize, OrderPrintType, PrintSize, SheetsPrice } from '#shared/pricing';
import { matchPrintSize, type DetectedSize } from '#shared/sheets';
import type { UploadInfo, UploadSheet } from '#shared/upload';
import type { Finishing } from '#shared/finishing';

/** What the per-sheet analysis says of one sheet (fields are null while it is still coming). */
export type SheetReport = UploadSheet;

/** One file of a set of several: its upload, and the position (from 1, through the set) of its first sheet. */
export type SetFile = { uploadId: string; fileName: string; fileSize: number; pageCount: number; firstPosition: number };

/** A drawing set of one file or several (./uploadSet.ts combines them); sheets are numbered through the set. */
export type ConfiguredUpload = {
  uploadId: string;
  fileName: string;
  fileSize: number;
  pageCount: number;
  /** The paper every sheet prints on at 100%, or `mixed`. */
  detectedSize: DetectedSize;
  /** Each sheet as the per-sheet report has it so far. */
  sheets?: SheetReport[] | null;
  /** The report is done: a sheet without a preview now will not get one. */
  sheetsComplete?: boolean;
  /** The set's preflight (a sheet number twice, a sheet the cover lists missing), once the report is done. */
  warnings?: UploadInfo['warnings'];
  /** The set's files in print order; absent or one for a single file. */
  files?: SetFile[];
};

/** Why a file was turned down: the spec's toast title and message, also kept under the drop zone. */
export type UploadRefusal = { title: string; message: string };

/** What the customer chose on the card. */
export type PrintChoices = {
  printSize: OrderPrintSize | null;
  printType: OrderPrintType | null;
  sets: number;
  /** Half-size copies: every sheet at 50% on half its paper. */
  halfSets: number;
  /** With `auto`: the sheet numbers printed in color. */
  colorSheets: number[];
  /** 11" x 17" reduced copies (not to scale, no finishing); 0 when absent. */
  reducedSets?: number;
  /** Finishing of the full-size and the half-size sets (shared/finishing.ts); none when absent. */
  finishing?: Finishing;
  halfFinishing?: Finishing;
};

/** The choices of a card with no set: nothing chosen, one set. */
export const NO_CHOICES: PrintChoices = { printSize: null, printType: null, sets: 1, halfSets: 0, colorSheets: [] };

/** The sheets the analysis found in color, or null when it has not judged color. */
export function detectedColorSheets(upload: ConfiguredUpload): number[] | null {
  const judged = upload.sheets?.filter((s) => s.color !== null) ?? [];
  if (judged.length === 0) return null;
  return judged.filter((s) => s.color === true).map((s) => s.number);
}

/** B&W, unless the analysis found color: all color when every sheet is, else color only where needed, on those sheets. */
export function initialInk(upload: ConfiguredUpload): { printType: OrderPrintType; colorSheets: number[] } {
  const detected = detectedColorSheets(upload);
  if (!detected || detected.length === 0) return { printType: 'bw', colorSheets: [] };
  if (detected.length === upload.pageCount) return { printType: 'color', colorSheets: [] };
  return { printType: 'auto', colorSheets: detected };
}

/** Each sheet's own paper in page order, or null while the sheets of a mixed set are not known. */
export function uploadPapers(upload: ConfiguredUpload): PrintSize[] | null {
  if (upload.sheets && upload.sheets.length === upload.pageCount) return upload.sheets.map((s) => s.paper);
  const paper = upload.detectedSize;
  return paper === 'mixed' ? null : Array.from({ length: upload.pageCount }, () => paper);
}

/** The papers this set prints on, in our order (smaller first). */
export function papersUsed(upload: ConfiguredUpload): PrintSize[] {
  const papers = uploadPapers(upload);
  return PRINT_SIZES.filter((p) => (papers ? papers.includes(p) : upload.detectedSize === p || upload.detectedSize === 'mixed'));
}

/** The card's price of these choices, or null when it cannot be priced yet (or the sets are out of range). */
export function priceChoices(
  upload: ConfiguredUpload,
  c: Pick<PrintChoices, 'sets' | 'halfSets' | 'colorSheets' | 'reducedSets' | 'finishing' | 'halfFinishing'> & {
    printSize: OrderPrintSize;
    printType: OrderPrintType;
  },
): SheetsPrice | null {
  const papers = uploadPapers(upload);
  if (c.printSize === 'asDrawn' && !papers) return null;
  try {
    return priceSheets({
      pageCount: upload.pageCount,
      printSize: c.printSize,
      printType: c.printType,
      sets: c.sets,
      halfSets: c.halfSets,
      reducedSets: c.reducedSets ?? 0,
      finishing: c.finishing,
      halfFinishing: c.halfFinishing,
      papers: papers ?? undefined,
      colorSheets: c.printType === 'auto' ? c.colorSheets : undefined,
    });
  } catch {
    return null;
  }
}

/** The price of the choices as they stand, or null while a size or type is not chosen (or it cannot be priced). */
export function priceOf(upload: ConfiguredUpload, choices: PrintChoices): SheetsPrice | null {
  const { printSize, printType } = choices;
  return printSize && printType ? priceChoices(upload, { ...choices, printSize, printType }) : null;
}

/** "Printed at 100% on 24" x 36" paper — your scale is kept." (both papers named for a mixed set). */
export function scaleKeptText(upload: ConfiguredUpload): string {
  const papers = papersUsed(upload).map((p) => PRINT_SIZE_LABELS[p]);
  const each = papers.length > 1 ? ' (each sheet on the one it fits)' : '';
  return `Printed at 100% on ${papers.join(' and ')} paper${each} — your scale is kept.`;
}

/** On a chosen paper, how the set's sheets change: enlarged, reduced, both, or none (already that paper). */
export function scalingOnPaper(upload: ConfiguredUpload, paper: PrintSize): 'enlarged' | 'reduced' | 'enlarged or reduced' | null {
  const sheets = upload.sheets ?? [];
  const off = sheets.filter((s) => matchPrintSize(s.widthIn, s.heightIn) !== paper);
  if (sheets.length === 0)
    return upload.detectedSize === paper ? null : upload.detectedSize === 'mixed' ? 'enlarged or reduced' : paper === '30x42' ? 'enlarged' : 'reduced';
  if (off.length === 0) return null;
  const target = paper === '30x42' ? 30 * 42 : 24 * 36;
  const bigger = off.some((s) => s.widthIn * s.heightIn > target);
  const smaller = off.some((s) => s.widthIn * s.heightIn <= target);
  return bigger && smaller ? 'enlarged or reduced' : bigger ? 'reduced' : 'enlarged';
}

/** "1.24 MB". */
export function formatMegabytes(bytes: number): string {
  return `${Math.max(0.01, bytes / (1024 * 1024)).toFixed(2)} MB`;
}

/** Why a number of sets cannot be ordered, or null. */
export function setsProblem(text: string, label = 'Sets'): string | null {
  const n = Number(text);
  if (text.trim() !== '' && Number.isInteger(n) && n >= MIN_SETS && n <= MAX_SETS) return null;
  return `${label} must be a whole number from ${MIN_SETS} to ${MAX_SETS}.`;
}

/** "Color only where needed (2 color sheets)". */
export function autoLabel(count: number): string {
  return `${PRINT_TYPE_LABELS.auto} (${count} color ${count === 1 ? 'sheet' : 'sheets'})`;
}

/**
 * The print types that make sense for this set: B&W and Color always; color only where needed when
 * the analysis found some sheets but not all in color, or when the customer chose it (by switching
 * sheets).
 */
export function printTypesFor(upload: ConfiguredUpload, printType: OrderPrintType | null): OrderPrintType[] {
  const detected = detectedColorSheets(upload);
  const mixed = detected !== null && detected.length > 0 && detected.length < upload.pageCount;
  return ORDER_PRINT_TYPES.filter((type) => type !== 'auto' || mixed || printType === 'auto');
}

/** Whether a sheet prints in color under these choices. */
export function isColorSheet(choices: Pick<PrintChoices, 'printType' | 'colorSheets'>, number: number): boolean {
  return choices.printType === 'color' || (choices.printType === 'auto' && choices.colorSheets.includes(number));
}

/** The color sheets after the customer switched one sheet between color and B&W. */
export function toggledColorSheets(upload: ConfiguredUpload, choices: Pick<PrintChoices, 'printType' | 'colorSheets'>, number: number): number[] {
  const now = Array.from({ length: upload.pageCount }, (_, i) => i + 1).filter((n) => isColorSheet(choices, n));
  return now.includes(number) ? now.filter((n) => n !== number) : [...now, number].sort((a, b) => a - b);
}
