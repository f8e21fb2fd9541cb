/**
 * The files of a set of several, in the order they print: each with its progress while it uploads
 * and is analysed, then its sheets' positions in the set, and Move up / Move down / Remove buttons
 * (real buttons: the keyboard reorders as the mouse does). Under them, a smaller drop zone adds more.
 */
import type { ReactNode } from 'react';
import { MAX_SET_FILES, MAX_SET_SHEETS } from '#shared/limits';
import { Button, ProgressBar } from '../ui';

/** One file as the list shows it. */
export type SetFileRow = {
  key: string;
  fileName: string;
  stage: 'uploading' | 'processing' | 'ready';
  percent: number;
  /** Once ready: its sheets' positions in the set. */
  firstPosition: number | null;
  pageCount: number | null;
};

const positions = (row: SetFileRow) =>
  row.firstPosition === null || row.pageCount === null
    ? null
    : row.pageCount === 1
      ? `sheet ${row.firstPosition}`
      : `sheets ${row.firstPosition}–${row.firstPosition + row.pageCount - 1}`;

export function SetFiles({
  rows,
  onMove,
  onRemove,
  disabled,
  addMore,
}: {
  rows: SetFileRow[];
  onMove: (key: string, by: -1 | 1) => void;
  onRemove: (key: string) => void;
  disabled: boolean;
  addMore: ReactNode;
}) {
  return (
    <section aria-labelledby="set-files-title" className="border-b border-slate-100 px-4 py-4 sm:px-6">
      <h4 id="set-files-title" className="text-sm font-semibold text-slate-900">
        Files in this set, in print order
      </h4>
      <p className="text-xs text-slate-600">
        Up to {MAX_SET_FILES} files and {MAX_SET_SHEETS.toLocaleString('en-US')} sheets. Sheets are numbered through the whole set.
      </p>
      <ol aria-label="Files in this set" className="mt-2 grid gap-2">
        {rows.map((row, i) => (
          <li key={row.key} className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded border border-slate-200 px-3 py-2">
            <span className="w-6 text-right text-sm font-semibold tabular-nums text-slate-500" aria-hidden="true">
              {i + 1}.
            </span>
            <span className="min-w-0 flex-1">
              <span className="block truncate text-sm font-medium text-slate-900" title={row.fileName}>
                {row.fileName}
              </span>
              {row.stage === 'ready' ? (
                <span className="block text-xs text-slate-600">{positions(row)}</span>
              ) : (
                <span className="mt-1 block max-w-xs">
                  <ProgressBar
                    value={row.stage === 'uploading' ? row.percent : 100}
                    label={`${row.fileName}: ${row.stage === 'uploading' ? 'uploading' : 'analyzing'}`}
                  />
                  <span className="text-xs text-slate-500">{row.stage === 'uploading' ? `${Math.round(row.percent)}% sent` : 'Analyzing…'}</span>
                </span>
              )}
            </span>
            <span className="flex w-full justify-end gap-1 sm:w-auto">
              <Button variant="outline" size="sm" disabled={disabled || i === 0} onClick={() => onMove(row.key, -1)}>
                <span aria-hidden="true">↑</span>
                <span className="sr-only">Move {row.fileName} up</span>
              </Button>
              <Button variant="outline" size="sm" disabled={disabled || i === rows.length - 1} onClick={() => onMove(row.key, 1)}>
                <span aria-hidden="true">↓</span>
                <span className="sr-only">Move {row.fileName} down</span>
              </Button>
              <Button variant="outline" size="sm" disabled={disabled} onClick={() => onRemove(row.key)}>
                Remove<span className="sr-only"> {row.fileName}</span>
              </Button>
            </span>
          </li>
        ))}
      </ol>
      {rows.length < MAX_SET_FILES && <div className="mt-3">{addMore}</div>}
    </section>
  );
}
