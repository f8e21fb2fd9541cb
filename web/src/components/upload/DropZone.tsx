/**
 * The drop zone: drop PDFs (or a folder of them) on it or click to browse (a real, labelled file
 * input underneath that takes several), or choose a folder. While the first file is on its way it
 * shows the caption and progress instead, and takes no new file. A refused file's reason stays under
 * the zone (an alert the file input is described by and marked invalid with), and focus goes to the
 * file input, until the next file is chosen. `compact`: the smaller zone under a set's files, to add more.
 */
import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { MAX_SET_FILES } from '#shared/limits';
import { ErrorNote, ProgressBar, cx } from '../ui';
import type { UploadRefusal } from './printSet';

export type DropZoneProgress = { caption: string; fileName: string; percent: number; detail: string };

/** The files of a dropped folder, however deep (the browser hands over a folder as an entry to read). */
async function filesOfEntry(entry: FileSystemEntry): Promise<File[]> {
  if (entry.isFile) return [await new Promise<File>((resolve, reject) => (entry as FileSystemFileEntry).file(resolve, reject))];
  if (!entry.isDirectory) return [];
  const reader = (entry as FileSystemDirectoryEntry).createReader();
  const found: File[] = [];
  // readEntries answers in batches until it answers none.
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((resolve, reject) => reader.readEntries(resolve, reject));
    if (batch.length === 0) return found;
    for (const child of batch) found.push(...(await filesOfEntry(child)));
  }
}

/** What was dropped: the files, and each dropped folder's PDFs (its other files are not part of the set). */
async function droppedFiles(data: DataTransfer): Promise<File[]> {
  const entries = Array.from(data.items)
    .map((item) => item.webkitGetAsEntry?.())
    .filter((e): e is FileSystemEntry => Boolean(e));
  if (entries.length === 0 || entries.every((e) => e.isFile)) return Array.from(data.files);
  const files: File[] = [];
  for (const entry of entries) {
    const found = await filesOfEntry(entry);
    files.push(...(entry.isDirectory ? found.filter((f) => /\.pdf$/i.test(f.name)) : found));
  }
  return files;
}

export function DropZone({
  onFiles,
  progress,
  refusal,
  compact = false,
}: {
  onFiles: (files: File[]) => void;
  progress: DropZoneProgress | null;
  refusal: UploadRefusal | null;
  compact?: boolean;
}) {
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const input = useRef<HTMLInputElement>(null);
  /**
   * A folder picker is a file input with `webkitdirectory`. It is made for the click rather than kept
   * on the page, so the page keeps one file input (the labelled one above). Only the folder's PDFs
   * are taken: its other files are not part of the set.
   */
  const chooseFolder = () => {
    const picker = document.createElement('input');
    picker.type = 'file';
    picker.multiple = true;
    picker.webkitdirectory = true;
    picker.addEventListener('change', () => {
      const files = Array.from(picker.files ?? []).filter((f) => /\.pdf$/i.test(f.name));
      if (files.length > 0) onFiles(files);
    });
    picker.click();
  };
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
    if (busy) return;
    void droppedFiles(event.dataTransfer).then((files) => {
      if (files.length > 0) onFiles(files);
    });
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
          multiple
          className="sr-only"
          disabled={busy}
          onChange={(event) => {
            const files = Array.from(event.target.files ?? []);
            // Clear it so choosing the same file again (after an error) fires another change.
            event.target.value = '';
            if (files.length > 0) onFiles(files);
          }}
        />
        <label
          htmlFor={inputId}
          className={cx('block text-center', compact ? 'px-4 py-4' : 'px-6 py-12 sm:py-16', busy ? 'pointer-events-none' : 'cursor-pointer')}
        >
          <svg
            viewBox="0 0 48 48"
            className={cx('mx-auto text-blueprint-600', compact ? 'hidden' : 'h-12 w-12')}
            aria-hidden="true"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.5"
          >
            <path d="M14 6h14l10 10v26H14z" strokeLinejoin="round" />
            <path d="M28 6v10h10" strokeLinejoin="round" />
            <path d="M26 36V22m-6 6 6-6 6 6" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
          {busy ? (
            <span className="mt-4 block text-base font-semibold text-slate-900">{progress.fileName}</span>
          ) : compact ? (
            <span className="block text-sm font-semibold text-slate-900">
              Add more PDFs to this set: drop them here or <span className="text-blueprint-700 underline underline-offset-2">browse</span>
            </span>
          ) : (
            <>
              <span className="mt-4 block text-lg font-semibold text-slate-900">Drop your PDF drawing set here</span>
              <span className="mt-1 block text-sm text-slate-600">
                or <span className="font-semibold text-blueprint-700 underline underline-offset-2">click to browse</span>
              </span>
              <span className="mt-4 block text-xs text-slate-500">
                One PDF or several (up to {MAX_SET_FILES} files, 50 MB each) · printed at 100% on 24" x 36" or 30" x 42" paper
              </span>
            </>
          )}
        </label>
        {!busy && (
          <div className={cx('text-center', compact ? '-mt-2 pb-3' : '-mt-8 pb-6 sm:-mt-10')}>
            <button
              type="button"
              onClick={chooseFolder}
              className="rounded text-xs font-semibold text-blueprint-700 underline underline-offset-2 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blueprint-500"
            >
              or choose a folder of PDFs
            </button>
          </div>
        )}
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
