import { useId } from 'react';
import { cx } from '../ui';

/** One of the card's choices (print size, print type): a radio card per option, each with its note. */
export function Choice<T extends string>({
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
