/**
 * "Sort by discipline": the set printed in the order the field reads it (the National CAD
 * Standard's disciplines, then sheet type and number; shared/sheetOrder.ts), once every sheet's
 * number is read. Sorted, the card says the order and offers the files' order back.
 */
import { Button } from '../ui';
import type { ConfiguredUpload } from './printSet';
import type { PrintSetAction } from './printSetReducer';

export function SheetOrder({
  set,
  sheetOrder,
  dispatch,
  disabled,
}: {
  set: ConfiguredUpload;
  sheetOrder: number[] | null;
  dispatch: (action: PrintSetAction) => void;
  disabled?: boolean;
}) {
  const numbered = (set.sheets ?? []).filter((s) => s.sheetNumber !== null).length;
  // Nothing to sort by before the title blocks are read, or in a set with fewer than two numbers.
  if (!set.sheetsComplete || numbered < 2) return null;
  const label = (n: number) => set.sheets?.find((s) => s.number === n)?.sheetNumber ?? `Sheet ${n}`;
  if (!sheetOrder)
    return (
      <div className="flex flex-wrap items-center gap-3 text-sm text-slate-700">
        <Button variant="outline" size="sm" onClick={() => dispatch({ type: 'sheetsSorted' })} disabled={disabled}>
          Sort by discipline
        </Button>
        <span>General, Civil, Structural, Architectural, … as the National CAD Standard orders them.</span>
      </div>
    );
  return (
    <div role="status" className="rounded-lg border border-blueprint-200 bg-blueprint-50 px-4 py-3 text-sm text-blueprint-900">
      <p className="font-semibold">Sorted by discipline: the sheets print in this order.</p>
      <p className="mt-1 break-words">{sheetOrder.map(label).join(', ')}</p>
      <Button variant="outline" size="sm" className="mt-2" onClick={() => dispatch({ type: 'fileOrderKept' })} disabled={disabled}>
        Keep the files’ order
      </Button>
    </div>
  );
}
