/**
 * The drop zone: drop one PDF on it or click to browse (a real, labelled file input underneath).
 * While a file is on its way it shows the caption and progress instead, and takes no new file. A
 * refused file's reason stays under the zone (an alert the file input is described by and marked
 * invalid with), and focus goes to the file input, until the next file is chosen.
 */
import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { ErrorNote, ProgressBar, cx } from '../ui';

export type DropZoneProgress = { caption: string; fileName: string; percent: number; detail: string };
/** Why the last file was turned down (the spec's toast title and message). */
export type UploadRefusal = { title: string; message: string };

export function DropZone({ onFile, progress, refusal }: { onFile: (file: File) => void; progress: DropZoneProgress | null; refusal: UploadRefusal | null }) {
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const busy = progress !== null;
  // Each new refusal takes focus to the input it is about (enabled again by then: the zone is idle).
  useEffect(() => {
    if (refusal) input.current?.focus();
  }, [refusal]);

  const onDragOver = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    event.dataTransfer.dropEffect = busy ? 'none' : 'copy';
    if (!busy) setOver(true);
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer.files[0];
    if (!busy && file) onFile(file);
  };

  return (
    <div>
      <div
        onDragOver={onDragOver}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        aria-busy={busy}
        className={cx(
          'relative rounded-xl border-2 border-dashed bg-white transition-colors focus-within:ring-2 focus-within:ring-blueprint-500 focus-within:ring-offset-2',
          over ? 'border-blueprint-600 bg-blueprint-50' : 'border-blueprint-200',
          busy ? 'cursor-default' : 'hover:border-blueprint-500 hover:bg-blueprint-50/50',
        )}
      >
        <input
          ref={input}
          id={inputId}
          aria-invalid={refusal && !busy ? true : undefined}
          aria-describedby={refusal && !busy ? errorId : undefined}
          type="file"
          accept=".pdf,application/pdf"
          className="sr-only"
          disabled={busy}
          onChange={(event) => {
            const file = event.target.files?.[0];
            // Clear it so choosing the same file again (after an error) fires another change.
            event.target.value = '';
            if (file) onFile(file);
          }}
        />
        <label htmlFor={inputId} className={cx('block px-6 py-12 text-center sm:py-16', busy ? 'pointer-events-none' : 'cursor-pointer')}>
          <svg viewBox="0 0 48 48" className="mx-auto h-12 w-12 text-blueprint-600" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2.5">
            <path d="M14 6h14l10 10v26H14z" strokeLinejoin="round" />
            <path d="M28 6v10h10" strokeLinejoin="round" />
            <path d="M26 36V22m-6 6 6-6 6 6" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
          {busy ? (
            <span className="mt-4 block text-base font-semibold text-slate-900">{progress.fileName}</span>
          ) : (
            <>
              <span className="mt-4 block text-lg font-semibold text-slate-900">Drop your PDF drawing set here</span>
              <span className="mt-1 block text-sm text-slate-600">
                or <span className="font-semibold text-blueprint-700 underline underline-offset-2">click to browse</span>
              </span>
              <span className="mt-4 block text-xs text-slate-500">One PDF, up to 50 MB · printed at 100% on 24" x 36" or 30" x 42" paper</span>
            </>
          )}
        </label>
        {busy && (
          <div className="-mt-6 px-6 pb-10 sm:px-16">
            <p role="status" aria-live="polite" className="mb-3 text-center text-sm font-semibold text-blueprint-800">
              {progress.caption}
            </p>
            <ProgressBar value={progress.percent} label={progress.caption} />
            <p className="mt-2 text-center text-xs text-slate-500" aria-hidden="true">
              {progress.detail}
            </p>
          </div>
        )}
      </div>
      {refusal && !busy && (
        <ErrorNote id={errorId} title={refusal.title} className="mt-3">
          {refusal.message}
        </ErrorNote>
      )}
    </div>
  );
}
