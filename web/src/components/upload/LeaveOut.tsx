/**
 * A file refused only for sheets no paper takes: the refusal's words and one button that leaves
 * them out (the rest of the file goes on, as a new upload in the same place in the set), or Remove.
 * Once left out, the words stay beside the file: "Sheet 3 (8.5" x 11") is left out: …".
 */
import { leftOutSentence, sheetPagesText, type UnprintableSheet } from '#shared/leaveOut';
import type { UploadInfo } from '#shared/upload';
import { Button } from '../ui';

/** "Leave out sheet 3 (8.5" x 11")"; several: "Leave out sheets 4 and 9". */
export function leaveOutLabel(sheets: readonly UnprintableSheet[]): string {
  const pages = sheets.map((s) => s.page);
  return sheets.length === 1 ? `Leave out sheet ${pages[0]} (${sheets[0].size})` : `Leave out ${sheetPagesText(pages)}`;
}

export function UnprintableOffer({
  refused,
  error,
  onLeaveOut,
  onRemove,
  disabled,
}: {
  refused: UploadInfo;
  /** Why the last try to leave them out failed, if it did. */
  error: string | null;
  onLeaveOut: () => void;
  /** Offered where the file has no Remove of its own (a file alone, outside a set's list). */
  onRemove?: () => void;
  disabled: boolean;
}) {
  const sheets = refused.unprintableSheets ?? [];
  const rest = (refused.pageCount ?? 0) - sheets.length;
  return (
    <div
      className="mt-1 grid gap-2 rounded border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950"
      role="group"
      aria-label={`${refused.fileName}: sheets we cannot print`}
    >
      <p className="font-semibold">{sheets.length === 1 ? 'One sheet cannot be printed' : `${sheets.length} sheets cannot be printed`}</p>
      <p>{refused.message}</p>
      <p>
        Leave {sheets.length === 1 ? 'it' : 'them'} out to print the other {rest} {rest === 1 ? 'sheet' : 'sheets'} of this file, or upload a corrected file.
      </p>
      {error && (
        <p role="alert" className="font-medium text-red-800">
          {error}
        </p>
      )}
      <span className="flex flex-wrap gap-2">
        <Button size="sm" disabled={disabled} onClick={onLeaveOut}>
          {leaveOutLabel(sheets)}
        </Button>
        {onRemove && (
          <Button size="sm" variant="outline" disabled={disabled} onClick={onRemove}>
            Remove<span className="sr-only"> {refused.fileName}</span>
          </Button>
        )}
      </span>
    </div>
  );
}

/** The sheets left out of a file, each with the refusal's words; nothing when none were. */
export function LeftOutNote({ info }: { info: UploadInfo | null }) {
  const leftOut = info?.leftOut ?? [];
  if (leftOut.length === 0) return null;
  return (
    <div className="mt-1 grid gap-0.5 rounded bg-amber-50 px-3 py-2 text-xs text-amber-950" data-testid="left-out">
      {leftOut.map((sheet) => (
        <p key={sheet.page}>{leftOutSentence(sheet)}</p>
      ))}
    </div>
  );
}
