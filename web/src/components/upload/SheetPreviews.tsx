/**
 * The card's strip of sheet previews: each sheet marked color or B&W (a button that switches it),
 * with its sheet number and title and its blank / low-resolution / scale badges. Enlarge opens the
 * sheet in a dialog (Radix: focus kept inside, Escape closes, focus back on Enlarge, the page stays
 * where it was).
 */
import { lazy, Suspense, useRef, useState } from 'react';
import { MAX_PREVIEWS } from '#shared/limits';
import { formatSheetSize, isColorMarkupOnly, standardSheetName } from '#shared/sheets';
import { PRINT_SIZE_LABELS } from '#shared/pricing';
import { cx } from '../ui';
import type { ConfiguredUpload } from './printSet';
import { PRINT_NOTE_BADGES } from './SetNotes';

/** The enlarged preview's dialog (Radix), loaded when a sheet is first enlarged: not part of the landing page's JavaScript. */
const LargePreview = lazy(() => import('./LargePreview'));

const previewUrlOf = (upload: ConfiguredUpload, number: number) =>
  upload.sheets?.find((s) => s.number === number)?.previewUrl ?? `/api/uploads/${upload.uploadId}/preview/${number}`;

/**
 * Every sheet with its preview, its badges (blank, low resolution, the scales written on it) and its
 * ink: a button that switches the sheet between color and B&W.
 */
export function SheetPreviews({
  upload,
  order = null,
  isColor,
  onToggle,
}: {
  upload: ConfiguredUpload;
  /** The positions in the order they print (sorted by discipline); null: in file order. */
  order?: readonly number[] | null;
  isColor: (n: number) => boolean;
  onToggle: (n: number) => void;
}) {
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
  /** "A-102 ROOF PLAN (sheet 2)": the enlarged sheet named by its title block, its place after. */
  const largeTitle = (number: number) => {
    const report = upload.sheets?.find((s) => s.number === number);
    const named = [report?.sheetNumber, report?.sheetTitle].filter(Boolean).join(' ');
    return named ? `${named} (sheet ${number})` : `Sheet ${number}`;
  };

  return (
    <div>
      {/* relative: the screen-reader-only text of sheets scrolled out of view must not widen the page. */}
      <ul aria-label="Sheet previews" className="relative flex gap-3 overflow-x-auto pb-2">
        {(order ?? Array.from({ length: upload.pageCount }, (_, i) => i + 1)).map((number, i) => {
          const report = upload.sheets?.find((s) => s.number === number);
          const color = isColor(number);
          // A set of several files: each file's name over its first sheet, and a rule between files.
          // Sorted across files, the sheets no longer sit under their files' names.
          const several = (upload.files?.length ?? 0) > 1 && !order;
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
                  {report && (
                    // Each sheet's own size and the paper it prints on, so a mixed set is seen sheet by sheet.
                    <span className="text-slate-700" data-testid="sheet-paper">
                      {standardSheetName(report.widthIn, report.heightIn) ?? formatSheetSize(report.widthIn, report.heightIn)} · on{' '}
                      {PRINT_SIZE_LABELS[report.paper]}
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
                  {report?.printNotes?.map((note) => (
                    <span key={`${note.kind}-${note.printedAt ?? ''}`} className="rounded bg-amber-100 px-1 text-amber-900" title={note.message}>
                      {PRINT_NOTE_BADGES[note.kind]}
                      {note.printedAt === 'half' ? ' (half size)' : ''}
                    </span>
                  ))}
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
          <LargePreview title={largeTitle(large)} src={previewUrlOf(upload, large)} onClose={closeLarge} />
        </Suspense>
      )}
    </div>
  );
}
