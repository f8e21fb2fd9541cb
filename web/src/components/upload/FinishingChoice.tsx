/**
 * Finishing of one kind of set (full size or half size): fold to 9" x 12" with the title block out
 * (per sheet), bind on the left edge (per set), and, on half-size sets only, three holes. Prices from
 * shared/finishing.ts, the same table the server charges.
 */
import { useId } from 'react';
import { formatCents } from '#shared/money';
import { BIND_CENTS_PER_SET, FOLD_CENTS_PER_SHEET, HOLES_CENTS_PER_SET, NO_FINISHING, type Finishing } from '#shared/finishing';

const SELECT =
  'mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus:border-blueprint-500 focus:outline-none focus:ring-2 focus:ring-blueprint-200';

export function FinishingChoice({
  legend,
  value = NO_FINISHING,
  half,
  disabled,
  onChange,
}: {
  legend: string;
  value?: Finishing;
  /** Half-size sets: holes may be punched. */
  half: boolean;
  disabled?: boolean;
  onChange: (finishing: Finishing) => void;
}) {
  const id = useId();
  return (
    <fieldset disabled={disabled}>
      <legend className="text-sm font-semibold text-slate-900">{legend}</legend>
      <div className={`mt-2 grid gap-3 ${half ? 'sm:grid-cols-3' : 'sm:grid-cols-2'}`}>
        <label htmlFor={`${id}-fold`} className="text-sm text-slate-700">
          Fold
          <select id={`${id}-fold`} className={SELECT} value={value.fold} onChange={(e) => onChange({ ...value, fold: e.target.value as Finishing['fold'] })}>
            <option value="none">No folding</option>
            <option value="title_out">To 9" x 12", title block out (+{formatCents(FOLD_CENTS_PER_SHEET)} a sheet)</option>
          </select>
        </label>
        <label htmlFor={`${id}-bind`} className="text-sm text-slate-700">
          Bind
          <select id={`${id}-bind`} className={SELECT} value={value.bind} onChange={(e) => onChange({ ...value, bind: e.target.value as Finishing['bind'] })}>
            <option value="none">No binding</option>
            <option value="staple_left">Staple, left edge (+{formatCents(BIND_CENTS_PER_SET.staple_left)} a set)</option>
            <option value="screw_post">Screw post, left edge (+{formatCents(BIND_CENTS_PER_SET.screw_post)} a set)</option>
          </select>
        </label>
        {half && (
          <label htmlFor={`${id}-holes`} className="text-sm text-slate-700">
            Holes
            <select
              id={`${id}-holes`}
              className={SELECT}
              value={value.holes}
              onChange={(e) => onChange({ ...value, holes: Number(e.target.value) === 3 ? 3 : 0 })}
            >
              <option value={0}>No holes</option>
              <option value={3}>Three holes (+{formatCents(HOLES_CENTS_PER_SET)} a set)</option>
            </select>
          </label>
        )}
      </div>
    </fieldset>
  );
}
