import { useId } from 'react';
import { MAX_SETS, MIN_SETS } from '#shared/pricing';
import { Button, cx } from '../ui';
import { setsProblem } from './printSet';

/**
 * Copies of the set: a number with − and + either side. What is typed stays as typed: a number out
 * of range says so (and is not priced) instead of turning into another number.
 */
export function SetsStepper({
  label,
  hint,
  sets,
  onSets,
  text,
  onText,
}: {
  label: string;
  hint: string;
  sets: number;
  onSets: (sets: number) => void;
  text: string;
  onText: (text: string) => void;
}) {
  const id = useId();
  const problem = setsProblem(text, label);
  const step = (n: number) => {
    const next = Math.min(MAX_SETS, Math.max(MIN_SETS, n));
    onText(String(next));
    onSets(next);
  };
  return (
    <div>
      <label htmlFor={id} className="text-sm font-semibold text-slate-900">
        {label}
      </label>
      <p id={`${id}-hint`} className="text-xs text-slate-600">
        {hint}
      </p>
      <div className="mt-2 flex items-center gap-2">
        <Button variant="outline" size="sm" disabled={!problem && sets <= MIN_SETS} onClick={() => step(problem ? MIN_SETS : sets - 1)}>
          <span aria-hidden="true">−</span>
          <span className="sr-only">Fewer {label.toLowerCase()}</span>
        </Button>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={MIN_SETS}
          max={MAX_SETS}
          value={text}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-error` : `${id}-hint`}
          onChange={(e) => {
            onText(e.target.value);
            if (!setsProblem(e.target.value, label)) onSets(Number(e.target.value));
          }}
          className={cx('h-9 w-20 rounded-md border px-2 text-center text-slate-900', problem ? 'border-red-500' : 'border-slate-300')}
        />
        <Button variant="outline" size="sm" disabled={!problem && sets >= MAX_SETS} onClick={() => step(problem ? MAX_SETS : sets + 1)}>
          <span aria-hidden="true">+</span>
          <span className="sr-only">More {label.toLowerCase()}</span>
        </Button>
      </div>
      {problem && (
        <p id={`${id}-error`} role="alert" className="mt-2 text-sm font-medium text-red-700">
          {problem}
        </p>
      )}
    </div>
  );
}
