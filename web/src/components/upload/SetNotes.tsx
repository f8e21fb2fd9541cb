/** What the card says about the set beyond its price: its preflight warnings and sheets that are color markup only. */
import { formatCents } from '#shared/money';
import { Button } from '../ui';
import type { PrintNote } from '#shared/printNotes';
import type { ConfiguredUpload } from './printSet';

/** The preflight of the set: each warning as a sentence. They warn; ordering goes on. */
export function SetWarnings({ warnings }: { warnings: NonNullable<ConfiguredUpload['warnings']> }) {
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

/** Badge words for each kind of print note, on the sheet's preview. */
export const PRINT_NOTE_BADGES = { hairline: 'Hairlines', light_gray: 'Light grey', missing_font: 'Font not embedded' } as const;

/**
 * The print notes that hold for the choices: hairlines too thin at full size always, those too thin
 * only at half size when half-size sets are ordered.
 */
export function notesFor(sheets: ConfiguredUpload['sheets'], halfSets: number): PrintNote[] {
  return (sheets ?? []).flatMap((sheet) => (sheet.printNotes ?? []).filter((note) => note.printedAt !== 'half' || halfSets > 0));
}

/** What may not print as it looks on screen, sheet by sheet, in the report's words. They warn; ordering goes on. */
export function PrintNotes({ notes }: { notes: readonly PrintNote[] }) {
  if (notes.length === 0) return null;
  return (
    <div role="status" className="rounded border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
      <p className="font-semibold">May not print as it looks on screen</p>
      <ul className="mt-1 list-disc pl-5">
        {notes.map((note) => (
          <li key={note.message}>{note.message}</li>
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
export function MarkupOnlyOffer({
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
