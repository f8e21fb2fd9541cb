/**
 * The order configuration card after a successful upload: the file, a strip of sheet previews (each
 * marked color or B&W, clickable to switch, with its sheet number and title and its blank /
 * low-resolution / scale badges), the set's preflight warnings (a sheet twice, a sheet missing), Remove
 * File, the print size (the drawing's own size preselected), the print type (B&W, Color, or color
 * only where needed, offered only when some sheets but not all are color), the sets, and the live
 * price with its lines and 'Proceed to Checkout'. No price shows before the color verdict ('Checking
 * color…': the price would change), nor for a number of sets out of range (it says so). Choosing a
 * size other than the drawing's says plainly that the prints will not be to scale, and lets the
 * customer go on. Enlarge opens the sheet in a dialog (Radix: focus kept inside, Escape closes,
 * focus back on Enlarge, the page stays where it was).
 */
import { lazy, Suspense, useId, useRef, useState, type ReactNode } from 'react';
import { MAX_PREVIEWS } from '#shared/limits';
import { formatCents } from '#shared/money';
import {
  HALF_PAPERS,
  MAX_SETS,
  MIN_SETS,
  ORDER_PRINT_SIZE_LABELS,
  ORDER_PRINT_SIZES,
  ORDER_PRINT_TYPES,
  PRICE_PER_PAGE_CENTS,
  PRINT_SIZE_LABELS,
  PRINT_SIZES,
  PRINT_TYPE_LABELS,
  priceSheets,
  setsText as describeSets,
  type OrderPrintSize,
  type OrderPrintType,
  type PrintSize,
  type SheetsPrice,
} from '#shared/pricing';
import { isColorMarkupOnly, matchPrintSize, type DetectedSize } from '#shared/sheets';
import type { UploadInfo, UploadSheet } from '#shared/upload';
import { Button, Card, cx } from '../ui';

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

/** The sheets the analysis found in color, or null when it has not judged color. */
export function detectedColorSheets(upload: ConfiguredUpload): number[] | null {
  const judged = upload.sheets?.filter((s) => s.color !== null) ?? [];
  if (judged.length === 0) return null;
  return judged.filter((s) => s.color === true).map((s) => s.number);
}

/** Each sheet's own paper in page order, or null while the sheets of a mixed set are not known. */
export function uploadPapers(upload: ConfiguredUpload): PrintSize[] | null {
  if (upload.sheets && upload.sheets.length === upload.pageCount) return upload.sheets.map((s) => s.paper);
  const paper = upload.detectedSize;
  return paper === 'mixed' ? null : Array.from({ length: upload.pageCount }, () => paper);
}

/** The papers this set prints on, in our order (smaller first). */
function papersUsed(upload: ConfiguredUpload): PrintSize[] {
  const papers = uploadPapers(upload);
  return PRINT_SIZES.filter((p) => (papers ? papers.includes(p) : upload.detectedSize === p || upload.detectedSize === 'mixed'));
}

/** The card's price of these choices, or null when it cannot be priced yet (or the sets are out of range). */
export function priceChoices(
  upload: ConfiguredUpload,
  c: { printSize: OrderPrintSize; printType: OrderPrintType; sets: number; halfSets: number; colorSheets: number[] },
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
      papers: papers ?? undefined,
      colorSheets: c.printType === 'auto' ? c.colorSheets : undefined,
    });
  } catch {
    return null;
  }
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

/** The enlarged preview's dialog (Radix), loaded when a sheet is first enlarged: not part of the landing page's JavaScript. */
const LargePreview = lazy(() => import('./LargePreview'));

const sheets = (n: number) => `${n} ${n === 1 ? 'page' : 'pages'}`;
const previewUrlOf = (upload: ConfiguredUpload, number: number) =>
  upload.sheets?.find((s) => s.number === number)?.previewUrl ?? `/api/uploads/${upload.uploadId}/preview/${number}`;

/**
 * Every sheet with its preview, its badges (blank, low resolution, the scales written on it) and its
 * ink: a button that switches the sheet between color and B&W.
 */
function SheetPreviews({ upload, isColor, onToggle }: { upload: ConfiguredUpload; isColor: (n: number) => boolean; onToggle: (n: number) => void }) {
  const [large, setLarge] = useState<number | null>(null);
  // Each file has its own previews (the first MAX_PREVIEWS of its sheets).
  const files = upload.files ?? [{ firstPosition: 1, pageCount: upload.pageCount }];
  const sheetInFile = (position: number) => {
    const file = files.find((f) => position >= f.firstPosition && position < f.firstPosition + f.pageCount);
    return file ? position - file.firstPosition + 1 : position;
  };
  /** Each sheet's Enlarge button: focus goes back to it when its dialog closes. */
  const enlargeButtons = useRef(new Map<number, HTMLButtonElement>());
  const closeLarge = () => {
    const opener = large === null ? undefined : enlargeButtons.current.get(large);
    setLarge(null);
    // After Radix has put the dialog away (its own focus return has nowhere to go: several openers).
    requestAnimationFrame(() => opener?.focus({ preventScroll: true }));
  };
  return (
    <div>
      {/* relative: the screen-reader-only text of sheets scrolled out of view must not widen the page. */}
      <ul aria-label="Sheet previews" className="relative flex gap-3 overflow-x-auto pb-2">
        {Array.from({ length: upload.pageCount }, (_, i) => {
          const number = i + 1;
          const report = upload.sheets?.find((s) => s.number === number);
          const color = isColor(number);
          // A set of several files: each file's name over its first sheet, and a rule between files.
          const several = (upload.files?.length ?? 0) > 1;
          const fileStart = several ? upload.files?.find((f) => f.firstPosition === number) : undefined;
          return (
            <li key={number} className={cx('shrink-0', fileStart && number > 1 && 'border-l-2 border-slate-300 pl-3')}>
              {several && (
                <p className="mb-1 h-4 w-36 truncate text-xs font-semibold text-slate-700" title={fileStart?.fileName}>
                  {fileStart?.fileName}
                </p>
              )}
              <figure className={cx('w-36 rounded border-2 p-1', color ? 'border-fuchsia-500' : 'border-slate-300')}>
                {report?.previewUrl ? (
                  <img
                    src={report.previewUrl}
                    alt={`Sheet ${number} preview`}
                    loading={i < 6 ? 'eager' : 'lazy'}
                    onClick={() => setLarge(number)}
                    className={cx('h-24 w-36 cursor-zoom-in rounded bg-white object-contain', !color && 'grayscale')}
                    onError={(event) => {
                      event.currentTarget.style.visibility = 'hidden';
                    }}
                  />
                ) : (
                  // Previews follow the price: a placeholder until this sheet's is stored.
                  <div className="flex h-24 w-full items-center justify-center rounded bg-slate-100 text-xs text-slate-500">
                    {upload.sheetsComplete || sheetInFile(number) > MAX_PREVIEWS ? 'No preview' : 'Preview coming…'}
                  </div>
                )}
                <figcaption className="mt-1 grid gap-1 text-center text-xs text-slate-600">
                  {report?.sheetNumber && (
                    // The number and title the sheet's title block carries: the customer checks the set by them.
                    <span className="grid text-slate-900" title={report.sheetTitle ? `${report.sheetNumber} ${report.sheetTitle}` : report.sheetNumber}>
                      <span className="font-semibold">{report.sheetNumber}</span>
                      {report.sheetTitle && <span className="line-clamp-2 break-words text-slate-700">{report.sheetTitle}</span>}
                    </span>
                  )}
                  <span className="flex items-center justify-center gap-1">
                    Sheet {number}
                    {report?.previewUrl && (
                      <button
                        type="button"
                        ref={(el) => {
                          if (el) enlargeButtons.current.set(number, el);
                          else enlargeButtons.current.delete(number);
                        }}
                        className="text-blueprint-700 underline"
                        onClick={() => setLarge(number)}
                      >
                        Enlarge<span className="sr-only"> sheet {number}</span>
                      </button>
                    )}
                  </span>
                  <button
                    type="button"
                    aria-pressed={color}
                    title="Switch this sheet between color and black and white"
                    onClick={() => onToggle(number)}
                    className={cx('rounded px-2 py-0.5 font-semibold', color ? 'bg-fuchsia-100 text-fuchsia-900' : 'bg-slate-200 text-slate-800')}
                  >
                    <span className="sr-only">Sheet {number}: </span>
                    {color ? 'Color' : 'B&W'}
                  </button>
                  {report && isColorMarkupOnly(report) && (
                    <span className="rounded bg-fuchsia-50 px-1 text-fuchsia-900" title="Colored ink covers less than 1% of this sheet">
                      Color markup only
                    </span>
                  )}
                  {report?.blank && <span className="rounded bg-amber-100 px-1 text-amber-900">Blank sheet</span>}
                  {report?.lowResolution && <span className="rounded bg-amber-100 px-1 text-amber-900">Low resolution</span>}
                  {report?.scaleNotes?.map((note) => (
                    <span key={note} className="rounded bg-blue-50 px-1 text-blue-900" title="Scale written on the sheet">
                      Scale {note}
                    </span>
                  ))}
                </figcaption>
              </figure>
            </li>
          );
        })}
      </ul>
      {files.some((f) => f.pageCount > MAX_PREVIEWS) && (
        <p className="text-xs text-slate-500">
          Previews of the first {MAX_PREVIEWS} sheets{files.length > 1 ? ' of each file' : ''}; all {upload.pageCount} will be printed.
        </p>
      )}
      {large !== null && (
        <Suspense fallback={null}>
          <LargePreview title={`Sheet ${large}`} src={previewUrlOf(upload, large)} onClose={closeLarge} />
        </Suspense>
      )}
    </div>
  );
}

/** The preflight of the set: each warning as a sentence. They warn; ordering goes on. */
function SetWarnings({ warnings }: { warnings: NonNullable<ConfiguredUpload['warnings']> }) {
  if (warnings.length === 0) return null;
  return (
    <div role="status" className="rounded border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
      <p className="font-semibold">Check your set before you order</p>
      <ul className="mt-1 list-disc pl-5">
        {warnings.map((w) => (
          <li key={`${w.kind}-${w.sheetNumber}`}>{w.message}</li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Sheets printed in color whose colored ink covers under MARKUP_ONLY_SHARE of them (a red revision
 * cloud, a few colored notes): one click prints them in B&W, and the card says what that saves,
 * priced by the same table as everything else (shared/pricing.ts).
 */
function MarkupOnlyOffer({
  upload,
  sheets,
  saving,
  onPrintInBw,
}: {
  upload: ConfiguredUpload;
  sheets: number[];
  saving: number | null;
  onPrintInBw: () => void;
}) {
  if (sheets.length === 0) return null;
  const label = (n: number) => upload.sheets?.find((s) => s.number === n)?.sheetNumber ?? `Sheet ${n}`;
  return (
    <div role="status" className="rounded-lg border border-fuchsia-200 bg-fuchsia-50 px-4 py-3 text-sm text-fuchsia-950">
      <p className="font-semibold">
        {sheets.length === 1 ? '1 sheet is' : `${sheets.length} sheets are`} color markup only: {sheets.map(label).join(', ')}
      </p>
      <p className="mt-1">Colored ink covers less than 1% of {sheets.length === 1 ? 'it' : 'each'} (a revision cloud or a few colored notes).</p>
      <Button variant="outline" size="sm" className="mt-2" onClick={onPrintInBw}>
        Print markup-only sheets in B&W
      </Button>
      {saving !== null && saving > 0 && <span className="ml-3 font-semibold">Saves {formatCents(saving)}</span>}
    </div>
  );
}

/** Why a number of sets cannot be ordered, or null. */
export function setsProblem(text: string, label = 'Sets'): string | null {
  const n = Number(text);
  if (text.trim() !== '' && Number.isInteger(n) && n >= MIN_SETS && n <= MAX_SETS) return null;
  return `${label} must be a whole number from ${MIN_SETS} to ${MAX_SETS}.`;
}

/**
 * Copies of the set: a number with − and + either side. What is typed stays as typed: a number out
 * of range says so (and is not priced) instead of turning into another number.
 */
function SetsStepper({
  label,
  hint,
  sets,
  onSets,
  text,
  onText,
}: {
  label: string;
  hint: string;
  sets: number;
  onSets: (sets: number) => void;
  text: string;
  onText: (text: string) => void;
}) {
  const id = useId();
  const problem = setsProblem(text, label);
  const step = (n: number) => {
    const next = Math.min(MAX_SETS, Math.max(MIN_SETS, n));
    onText(String(next));
    onSets(next);
  };
  return (
    <div>
      <label htmlFor={id} className="text-sm font-semibold text-slate-900">
        {label}
      </label>
      <p id={`${id}-hint`} className="text-xs text-slate-600">
        {hint}
      </p>
      <div className="mt-2 flex items-center gap-2">
        <Button variant="outline" size="sm" disabled={!problem && sets <= MIN_SETS} onClick={() => step(problem ? MIN_SETS : sets - 1)}>
          <span aria-hidden="true">−</span>
          <span className="sr-only">Fewer {label.toLowerCase()}</span>
        </Button>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={MIN_SETS}
          max={MAX_SETS}
          value={text}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-error` : `${id}-hint`}
          onChange={(e) => {
            onText(e.target.value);
            if (!setsProblem(e.target.value, label)) onSets(Number(e.target.value));
          }}
          className={cx('h-9 w-20 rounded-md border px-2 text-center text-slate-900', problem ? 'border-red-500' : 'border-slate-300')}
        />
        <Button variant="outline" size="sm" disabled={!problem && sets >= MAX_SETS} onClick={() => step(problem ? MAX_SETS : sets + 1)}>
          <span aria-hidden="true">+</span>
          <span className="sr-only">More {label.toLowerCase()}</span>
        </Button>
      </div>
      {problem && (
        <p id={`${id}-error`} role="alert" className="mt-2 text-sm font-medium text-red-700">
          {problem}
        </p>
      )}
    </div>
  );
}

function Choice<T extends string>({
  legend,
  name,
  options,
  value,
  onChange,
  label,
  note,
}: {
  legend: string;
  name: string;
  options: readonly T[];
  value: T | null;
  onChange: (value: T) => void;
  label: (option: T) => string;
  note: (option: T) => string;
}) {
  const id = useId();
  return (
    <fieldset>
      <legend className="text-sm font-semibold text-slate-900">{legend}</legend>
      <div className="mt-2 grid gap-3 sm:grid-cols-2">
        {options.map((option) => (
          <label
            key={option}
            className={cx(
              'flex cursor-pointer items-center gap-3 rounded-lg border p-3 transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-blueprint-500',
              value === option ? 'border-blueprint-600 bg-blueprint-50' : 'border-slate-300 hover:bg-slate-50',
            )}
          >
            <input
              type="radio"
              name={name}
              value={option}
              checked={value === option}
              onChange={() => onChange(option)}
              aria-describedby={`${id}-${option}`}
              className="h-4 w-4 accent-blueprint-600"
            />
            <span className="font-medium text-slate-900">{label(option)}</span>
            <span id={`${id}-${option}`} className="ml-auto text-sm text-slate-600">
              {note(option)}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export type ConfigurationCardProps = {
  upload: ConfiguredUpload;
  printSize: OrderPrintSize | null;
  printType: OrderPrintType | null;
  sets: number;
  /** Half-size copies: every sheet at 50% on half its paper. */
  halfSets: number;
  /** With `auto`: the sheet numbers printed in color. */
  colorSheets: number[];
  onPrintSize: (size: OrderPrintSize) => void;
  onPrintType: (type: OrderPrintType) => void;
  onSets: (sets: number) => void;
  onHalfSets: (halfSets: number) => void;
  /** The customer switched sheets: print `auto` with exactly these in color. */
  onColorSheets: (sheets: number[]) => void;
  onRemove: () => void;
  onCheckout: () => void;
  goingToCheckout: boolean;
  /** The per-sheet report has not said which sheets are color yet (and the customer has not chosen). */
  checkingColor: boolean;
  /** Files of the set still uploading or being analysed: no price or checkout until they are in. */
  pendingFiles?: number;
  /** The set's files with their progress, order and removal (several files), under the header. */
  fileList?: ReactNode;
  /** "This is a revision of order #…" (a signed-in customer's, loaded lazily), under the previews. */
  revisionOf?: ReactNode;
};

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

export function ConfigurationCard(props: ConfigurationCardProps) {
  const {
    upload,
    printSize,
    printType,
    sets,
    halfSets,
    colorSheets,
    onPrintSize,
    onPrintType,
    onSets,
    onHalfSets,
    onColorSheets,
    onRemove,
    onCheckout,
    goingToCheckout,
    checkingColor,
    pendingFiles = 0,
    fileList,
    revisionOf,
  } = props;
  // The sets as typed; `sets` is the last valid number. A new `sets` from outside (restored) shows as typed.
  const [setsText, setSetsText] = useState(String(sets));
  const [setsShown, setSetsShown] = useState(sets);
  if (setsShown !== sets) {
    setSetsShown(sets);
    setSetsText(String(sets));
  }
  const [halfText, setHalfText] = useState(String(halfSets));
  const [halfShown, setHalfShown] = useState(halfSets);
  if (halfShown !== halfSets) {
    setHalfShown(halfSets);
    setHalfText(String(halfSets));
  }
  const setsError =
    setsProblem(setsText) ?? setsProblem(halfText, 'Half-size sets') ?? (sets + halfSets < 1 ? 'Please order at least one set, full size or half size.' : null);
  const isColor = (n: number) => printType === 'color' || (printType === 'auto' && colorSheets.includes(n));
  const autoCount = printType === 'auto' ? colorSheets.length : (detectedColorSheets(upload) ?? colorSheets).length;
  const price = printSize && printType ? priceChoices(upload, { printSize, printType, sets, halfSets, colorSheets }) : null;
  const papers = papersUsed(upload);
  // A paper size other than the sheets' own: today's meaning for a one-size set, and a plain warning.
  const scaling = printSize && printSize !== 'asDrawn' ? scalingOnPaper(upload, printSize) : null;
  const halfLabels = papers.map((p) => HALF_PAPERS[p].label).join(' or ');

  // Printed in color, though color covers under 1% of them: offered in B&W with what it saves.
  const markupOnly = (upload.sheets ?? []).filter((sheet) => isColorMarkupOnly(sheet) && isColor(sheet.number)).map((sheet) => sheet.number);
  const withoutMarkup = Array.from({ length: upload.pageCount }, (_, i) => i + 1).filter((n) => isColor(n) && !markupOnly.includes(n));
  const markupPrice =
    price && printSize && markupOnly.length > 0 ? priceChoices(upload, { printSize, printType: 'auto', sets, halfSets, colorSheets: withoutMarkup }) : null;
  const markupSaving = price && markupPrice ? price.subtotalCents - markupPrice.subtotalCents : null;
  const several = (upload.files?.length ?? 0) > 1;
  const waiting = checkingColor || pendingFiles > 0;

  function toggle(number: number) {
    const now = Array.from({ length: upload.pageCount }, (_, i) => i + 1).filter(isColor);
    onColorSheets(now.includes(number) ? now.filter((n) => n !== number) : [...now, number].sort((a, b) => a - b));
  }

  return (
    <Card className="overflow-hidden">
      <div className="flex flex-wrap items-start justify-between gap-4 border-b border-slate-100 px-4 py-4 sm:px-6">
        <div className="min-w-0">
          <h3 className="truncate text-lg font-semibold text-slate-900" title={upload.fileName}>
            {several ? `Drawing set of ${upload.files?.length} files` : upload.fileName}
          </h3>
          <p className="mt-1 text-sm text-slate-600">
            {sheets(upload.pageCount)} · {formatMegabytes(upload.fileSize)} · {papers.map((p) => PRINT_SIZE_LABELS[p]).join(' and ')} paper
          </p>
        </div>
        <Button variant="outline" size="sm" onClick={onRemove} disabled={goingToCheckout}>
          {several ? 'Remove All Files' : 'Remove File'}
        </Button>
      </div>
      {fileList}

      {/* min-w-0: the scrolling preview strip must not widen the column on a phone. */}
      <div className="grid grid-cols-1 gap-6 px-4 py-5 sm:px-6 [&>*]:min-w-0">
        <SheetPreviews upload={upload} isColor={isColor} onToggle={toggle} />
        <SetWarnings warnings={upload.warnings ?? []} />
        {revisionOf}
        <MarkupOnlyOffer
          upload={upload}
          sheets={markupOnly}
          saving={markupSaving}
          onPrintInBw={() => (withoutMarkup.length === 0 ? onPrintType('bw') : onColorSheets(withoutMarkup))}
        />

        <Choice
          legend="Print size"
          name="printSize"
          options={upload.detectedSize === 'mixed' ? (['asDrawn'] as const) : ORDER_PRINT_SIZES}
          value={printSize}
          onChange={onPrintSize}
          label={(size) => ORDER_PRINT_SIZE_LABELS[size]}
          note={(size) => (size === 'asDrawn' ? 'Your scale kept' : scalingOnPaper(upload, size) ? 'Scaled' : 'Same as drawn')}
        />
        {printSize === 'asDrawn' && (
          <p role="status" className="rounded-lg border border-blueprint-200 bg-blueprint-50 px-4 py-3 text-sm font-medium text-blueprint-900">
            {scaleKeptText(upload)}
          </p>
        )}
        {printSize && printSize !== 'asDrawn' && scaling && (
          <div role="status" className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950">
            <p className="font-semibold">These prints will not be to scale.</p>
            <p className="mt-1">
              Printed on {PRINT_SIZE_LABELS[printSize]} paper your drawings are {scaling} to fit, so measurements taken off the prints with a scale will be
              wrong. Choose {ORDER_PRINT_SIZE_LABELS.asDrawn} for prints to scale, or go on if that is what you want.
            </p>
          </div>
        )}

        <Choice
          legend="Print type"
          name="printType"
          options={printTypesFor(upload, printType)}
          value={printType}
          onChange={onPrintType}
          label={(type) => (type === 'auto' ? autoLabel(autoCount) : PRINT_TYPE_LABELS[type])}
          note={(type) => {
            const paper = printSize && printSize !== 'asDrawn' ? printSize : papers.length === 1 ? papers[0] : null;
            return type === 'auto' || !paper ? 'Per sheet' : `${formatCents(PRICE_PER_PAGE_CENTS[paper][type])} per page`;
          }}
        />

        <div className="grid gap-4 sm:grid-cols-2">
          <SetsStepper
            label="Sets"
            hint={`Full-size copies of the whole drawing set (${MIN_SETS} to ${MAX_SETS}).`}
            sets={sets}
            onSets={onSets}
            text={setsText}
            onText={setSetsText}
          />
          <SetsStepper
            label="Half-size sets"
            hint={`Every sheet at exactly 50% on ${halfLabels} paper: 1/4" = 1'-0" prints as 1/8" = 1'-0".`}
            sets={halfSets}
            onSets={onHalfSets}
            text={halfText}
            onText={setHalfText}
          />
        </div>

        {printSize && printType && (waiting || setsError || !price) && (
          <section aria-labelledby="order-summary-title" className="rounded-lg bg-slate-50 px-4 py-4">
            <h4 id="order-summary-title" className="text-sm font-semibold text-slate-900">
              Order summary
            </h4>
            {setsError ? (
              <p className="mt-2 text-sm text-slate-700">{setsError} Then you will see the price.</p>
            ) : (
              <p role="status" className="mt-2 flex items-center gap-2 text-sm text-slate-700">
                <span className="h-4 w-4 animate-spin rounded-full border-2 border-blueprint-200 border-t-blueprint-600" aria-hidden="true" />
                {pendingFiles > 0 ? `Waiting for ${pendingFiles} more ${pendingFiles === 1 ? 'file' : 'files'}…` : 'Checking color…'}
              </p>
            )}
          </section>
        )}

        {printSize && printType && price && !waiting && !setsError && (
          <section aria-labelledby="order-summary-title" className="rounded-lg bg-slate-50 px-4 py-4">
            <h4 id="order-summary-title" className="text-sm font-semibold text-slate-900">
              Order summary
            </h4>
            <dl className="mt-3 grid grid-cols-[1fr_auto] gap-y-1.5 text-sm">
              <dt className="text-slate-600">Pages</dt>
              <dd className="text-right text-slate-900">{upload.pageCount}</dd>
              <dt className="text-slate-600">Sets</dt>
              <dd className="text-right text-slate-900">{describeSets(sets, halfSets)}</dd>
              <dt className="text-slate-600">Print size</dt>
              <dd className="text-right text-slate-900">{printSize === 'asDrawn' ? ORDER_PRINT_SIZE_LABELS.asDrawn : PRINT_SIZE_LABELS[printSize]}</dd>
              <dt className="text-slate-600">Print type</dt>
              <dd className="text-right text-slate-900">{printType === 'auto' ? autoLabel(colorSheets.length) : PRINT_TYPE_LABELS[printType]}</dd>
              {price.pricePerPageCents !== null && (
                <>
                  <dt className="text-slate-600">Price per page</dt>
                  <dd className="text-right text-slate-900">{formatCents(price.pricePerPageCents)}</dd>
                </>
              )}
            </dl>
            <ul aria-label="Price lines" className="mt-3 grid gap-1 border-t border-slate-200 pt-2 text-sm">
              {price.lines.map((line) => (
                <li key={line.description} className="flex justify-between gap-4">
                  <span className="text-slate-700">
                    {line.description}{' '}
                    <span className="whitespace-nowrap text-slate-500">
                      ({line.quantity} × {formatCents(line.unitPriceCents)})
                    </span>
                  </span>
                  <span className="tabular-nums text-slate-900">{formatCents(line.amountCents)}</span>
                </li>
              ))}
            </ul>
            <div className="mt-2 flex justify-between border-t border-slate-200 pt-2">
              <span className="font-semibold text-slate-900">Total</span>
              <span className="text-lg font-bold text-slate-900">{formatCents(price.subtotalCents)}</span>
            </div>
            <p className="mt-2 text-xs text-slate-500">Sales tax, and rush or shipping if you choose them, are added at checkout.</p>
            <Button size="lg" className="mt-4 w-full" onClick={onCheckout} disabled={goingToCheckout}>
              {goingToCheckout ? 'Going to Checkout...' : 'Proceed to Checkout'}
            </Button>
          </section>
        )}
      </div>
    </Card>
  );
}
