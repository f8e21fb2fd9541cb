/**
 * The files of a set of several, in the order they print: each with its progress while it uploads
 * and is analysed, then its sheets' positions in the set, and Move up / Move down / Remove buttons.
 * A file can be dragged to its place, or moved with the arrow keys while it has focus; after a move
 * focus stays on the moved file and its new place is announced. Under them, a smaller drop zone adds more.
 */
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { MAX_SET_FILES, MAX_SET_SHEETS } from '#shared/limits';
import { Button, ProgressBar } from '../ui';

/** One file as the list shows it. */
export type SetFileRow = {
  key: string;
  fileName: string;
  stage: 'uploading' | 'processing' | 'unprintable' | 'ready';
  percent: number;
  /** Shown under the file: an offer to leave out sheets we cannot print, or the words of those left out. */
  detail?: ReactNode;
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
  onMoveTo,
  onRemove,
  disabled,
  addMore,
}: {
  rows: SetFileRow[];
  onMove: (key: string, by: -1 | 1) => void;
  onMoveTo: (key: string, to: number) => void;
  onRemove: (key: string) => void;
  disabled: boolean;
  addMore: ReactNode;
}) {
  const items = useRef(new Map<string, HTMLLIElement>());
  const dragged = useRef<string | null>(null);
  const [moved, setMoved] = useState<{ key: string; text: string } | null>(null);
  // Focus follows the moved file (a button that just became disabled would drop it to the page).
  useEffect(() => {
    if (moved) items.current.get(moved.key)?.focus();
  }, [moved, rows]);

  function moveTo(key: string, to: number) {
    const at = rows.findIndex((r) => r.key === key);
    if (disabled || at < 0 || to < 0 || to >= rows.length || to === at) return;
    if (Math.abs(to - at) === 1) onMove(key, to > at ? 1 : -1);
    else onMoveTo(key, to);
    setMoved({ key, text: `${rows[at].fileName} moved to position ${to + 1} of ${rows.length}.` });
  }

  function onKeyDown(event: KeyboardEvent<HTMLLIElement>, key: string, at: number) {
    if (event.target !== event.currentTarget) return;
    const to = event.key === 'ArrowUp' ? at - 1 : event.key === 'ArrowDown' ? at + 1 : event.key === 'Home' ? 0 : event.key === 'End' ? rows.length - 1 : null;
    if (to === null) return;
    event.preventDefault();
    moveTo(key, to);
  }

  return (
    <section aria-labelledby="set-files-title" className="border-b border-slate-100 px-4 py-4 sm:px-6">
      <h4 id="set-files-title" className="text-sm font-semibold text-slate-900">
        Files in this set, in print order
      </h4>
      <p className="text-xs text-slate-600">
        Up to {MAX_SET_FILES} files and {MAX_SET_SHEETS.toLocaleString('en-US')} sheets. Sheets are numbered through the whole set.
      </p>
      <p id="set-files-keys" className="sr-only">
        Drag a file, or focus it and press the up and down arrow keys, to change its place in the set.
      </p>
      <p className="sr-only" role="status" aria-live="polite">
        {moved?.text ?? ''}
      </p>
      <ol aria-label="Files in this set" className="mt-2 grid gap-2">
        {rows.map((row, i) => (
          <li
            key={row.key}
            ref={(el) => {
              if (el) items.current.set(row.key, el);
              else items.current.delete(row.key);
            }}
            tabIndex={0}
            aria-describedby="set-files-keys"
            aria-label={`${row.fileName}, position ${i + 1} of ${rows.length}`}
            draggable={!disabled}
            onKeyDown={(e) => onKeyDown(e, row.key, i)}
            onDragStart={(e) => {
              dragged.current = row.key;
              e.dataTransfer.effectAllowed = 'move';
              e.dataTransfer.setData('text/plain', row.fileName);
            }}
            onDragOver={(e) => {
              if (dragged.current) e.preventDefault();
            }}
            onDrop={(e) => {
              const key = dragged.current;
              dragged.current = null;
              if (!key) return;
              // A file of the set dropped on another: not a new file for the drop zone.
              e.preventDefault();
              e.stopPropagation();
              moveTo(key, i);
            }}
            onDragEnd={() => (dragged.current = null)}
            className="flex cursor-grab flex-wrap items-center gap-x-3 gap-y-1 rounded border border-slate-200 px-3 py-2 focus:outline-none focus-visible:ring-2 focus-visible:ring-blueprint-500"
          >
            <span className="w-6 text-right text-sm font-semibold tabular-nums text-slate-500" aria-hidden="true">
              {i + 1}.
            </span>
            <span className="min-w-0 flex-1">
              <span className="block truncate text-sm font-medium text-slate-900" title={row.fileName}>
                {row.fileName}
              </span>
              {row.stage === 'ready' ? (
                <span className="block text-xs text-slate-600">{positions(row)}</span>
              ) : row.stage === 'unprintable' ? null : (
                <span className="mt-1 block max-w-xs">
                  <ProgressBar
                    value={row.stage === 'uploading' ? row.percent : 100}
                    label={`${row.fileName}: ${row.stage === 'uploading' ? 'uploading' : 'analyzing'}`}
                  />
                  <span className="text-xs text-slate-500">{row.stage === 'uploading' ? `${Math.round(row.percent)}% sent` : 'Analyzing…'}</span>
                </span>
              )}
              {row.detail}
            </span>
            <span className="flex w-full justify-end gap-1 sm:w-auto">
              <Button variant="outline" size="sm" disabled={disabled || i === 0} onClick={() => moveTo(row.key, i - 1)}>
                <span aria-hidden="true">↑</span>
                <span className="sr-only">Move {row.fileName} up</span>
              </Button>
              <Button variant="outline" size="sm" disabled={disabled || i === rows.length - 1} onClick={() => moveTo(row.key, i + 1)}>
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
