/**
 * The order configuration card after a successful upload: the file, a strip of sheet previews,
 * Remove File, the print size (the drawing's own size preselected) and print type, and the summary
 * with 'Proceed to Checkout'. Choosing a size other than the drawing's says plainly that the prints
 * will not be to scale, and lets the customer go on.
 */
import { useId } from 'react';
import { MAX_PREVIEWS } from '../../../../shared/limits';
import { formatCents } from '../../../../shared/money';
import { PRICE_PER_PAGE_CENTS, PRINT_SIZE_LABELS, PRINT_SIZES, PRINT_TYPE_LABELS, PRINT_TYPES, type PrintSize, type PrintType } from '../../../../shared/pricing';
import type { UploadSheet } from '../../../../shared/upload';
import { Button, Card, cx } from '../ui';

export type ConfiguredUpload = {
  uploadId: string;
  fileName: string;
  fileSize: number;
  pageCount: number;
  detectedSize: PrintSize;
  /** Each sheet as the per-sheet report has it so far (issue 14). */
  sheets: UploadSheet[];
  /** The report is done: a sheet without a preview now will not get one. */
  sheetsComplete: boolean;
};

/** "1.24 MB". */
export function formatMegabytes(bytes: number): string {
  return `${Math.max(0.01, bytes / (1024 * 1024)).toFixed(2)} MB`;
}

const sheets = (n: number) => `${n} ${n === 1 ? 'page' : 'pages'}`;

function SheetPreviews({ upload }: { upload: ConfiguredUpload }) {
  const shown = Math.min(upload.pageCount, MAX_PREVIEWS);
  return (
    <div>
      <ul aria-label="Sheet previews" className="flex gap-3 overflow-x-auto pb-2">
        {Array.from({ length: shown }, (_, i) => (
          <li key={i} className="shrink-0">
            <figure className="w-36">
              {/* Previews follow the price: a placeholder until this sheet's is stored. */}
              {upload.sheets[i]?.previewUrl ? (
                <img
                  src={upload.sheets[i].previewUrl ?? undefined}
                  alt={`Sheet ${i + 1} preview`}
                  loading={i < 6 ? 'eager' : 'lazy'}
                  className="h-24 w-36 rounded border border-slate-200 bg-white object-contain"
                  onError={(event) => {
                    event.currentTarget.style.visibility = 'hidden';
                  }}
                />
              ) : (
                <div className="flex h-24 w-36 items-center justify-center rounded border border-dashed border-slate-200 bg-slate-50 text-xs text-slate-400">
                  {upload.sheetsComplete ? 'No preview' : 'Preview coming…'}
                </div>
              )}
              <figcaption className="mt-1 text-center text-xs text-slate-600">Sheet {i + 1}</figcaption>
            </figure>
          </li>
        ))}
      </ul>
      {upload.pageCount > shown && <p className="text-xs text-slate-500">Previews of the first {shown} sheets; all {upload.pageCount} will be printed.</p>}
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
  printSize: PrintSize | null;
  printType: PrintType | null;
  onPrintSize: (size: PrintSize) => void;
  onPrintType: (type: PrintType) => void;
  onRemove: () => void;
  onCheckout: () => void;
  goingToCheckout: boolean;
};

export function ConfigurationCard({ upload, printSize, printType, onPrintSize, onPrintType, onRemove, onCheckout, goingToCheckout }: ConfigurationCardProps) {
  const perPage = printSize && printType ? PRICE_PER_PAGE_CENTS[printSize][printType] : null;
  return (
    <Card className="overflow-hidden">
      <div className="flex flex-wrap items-start justify-between gap-4 border-b border-slate-100 px-4 py-4 sm:px-6">
        <div className="min-w-0">
          <h3 className="truncate text-lg font-semibold text-slate-900" title={upload.fileName}>
            {upload.fileName}
          </h3>
          <p className="mt-1 text-sm text-slate-600">
            {sheets(upload.pageCount)} · {formatMegabytes(upload.fileSize)} · {PRINT_SIZE_LABELS[upload.detectedSize]} sheets
          </p>
        </div>
        <Button variant="outline" size="sm" onClick={onRemove} disabled={goingToCheckout}>
          Remove File
        </Button>
      </div>

      {/* min-w-0: the scrolling preview strip must not widen the column on a phone. */}
      <div className="grid grid-cols-1 gap-6 px-4 py-5 sm:px-6 [&>*]:min-w-0">
        <SheetPreviews upload={upload} />

        <Choice
          legend="Print size"
          name="printSize"
          options={PRINT_SIZES}
          value={printSize}
          onChange={onPrintSize}
          label={(size) => PRINT_SIZE_LABELS[size]}
          note={(size) => (size === upload.detectedSize ? 'Your drawing size' : 'Scaled')}
        />
        {printSize && printSize !== upload.detectedSize && (
          <div role="status" className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950">
            <p className="font-semibold">These prints will not be to scale.</p>
            <p className="mt-1">
              Your drawings are {PRINT_SIZE_LABELS[upload.detectedSize]}. Printed on {PRINT_SIZE_LABELS[printSize]} paper they are{' '}
              {printSize === '30x42' ? 'enlarged' : 'reduced'} to fit, so measurements taken off the prints with a scale will be wrong. Choose{' '}
              {PRINT_SIZE_LABELS[upload.detectedSize]} for prints to scale, or go on if that is what you want.
            </p>
          </div>
        )}

        <Choice
          legend="Print type"
          name="printType"
          options={PRINT_TYPES}
          value={printType}
          onChange={onPrintType}
          label={(type) => PRINT_TYPE_LABELS[type]}
          note={(type) => `${formatCents(PRICE_PER_PAGE_CENTS[printSize ?? upload.detectedSize][type])} per page`}
        />

        {printSize && printType && perPage !== null && (
          <section aria-labelledby="order-summary-title" className="rounded-lg bg-slate-50 px-4 py-4">
            <h4 id="order-summary-title" className="text-sm font-semibold text-slate-900">
              Order summary
            </h4>
            <dl className="mt-3 grid grid-cols-[1fr_auto] gap-y-1.5 text-sm">
              <dt className="text-slate-600">Pages</dt>
              <dd className="text-right text-slate-900">{upload.pageCount}</dd>
              <dt className="text-slate-600">Print size</dt>
              <dd className="text-right text-slate-900">{PRINT_SIZE_LABELS[printSize]}</dd>
              <dt className="text-slate-600">Print type</dt>
              <dd className="text-right text-slate-900">{PRINT_TYPE_LABELS[printType]}</dd>
              <dt className="text-slate-600">Price per page</dt>
              <dd className="text-right text-slate-900">{formatCents(perPage)}</dd>
              <dt className="border-t border-slate-200 pt-2 font-semibold text-slate-900">Total</dt>
              <dd className="border-t border-slate-200 pt-2 text-right text-lg font-bold text-slate-900">{formatCents(perPage * upload.pageCount)}</dd>
            </dl>
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
