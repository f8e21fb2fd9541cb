/** The shop's small UI kit (Tailwind): buttons, cards, fields, badges. Every page uses these. */
import { forwardRef, type ButtonHTMLAttributes, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';

const cx = (...parts: (string | false | null | undefined)[]) => parts.filter(Boolean).join(' ');

type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'ghost' | 'destructive';
const BUTTON: Record<ButtonVariant, string> = {
  primary: 'bg-blueprint-600 text-white hover:bg-blueprint-700 shadow-sm',
  secondary: 'bg-blueprint-50 text-blueprint-800 hover:bg-blueprint-100',
  outline: 'border border-slate-300 bg-white text-slate-800 hover:bg-slate-50',
  ghost: 'text-slate-700 hover:bg-slate-100',
  destructive: 'bg-red-600 text-white hover:bg-red-700',
};
const SIZE = { sm: 'h-8 px-3 text-sm', md: 'h-10 px-4 text-sm', lg: 'h-12 px-6 text-base' };

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant; size?: keyof typeof SIZE };

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = 'primary', size = 'md', className, type = 'button', ...rest },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      className={cx(
        'inline-flex items-center justify-center gap-2 rounded-md font-medium transition-colors disabled:cursor-not-allowed disabled:opacity-50',
        BUTTON[variant],
        SIZE[size],
        className,
      )}
      {...rest}
    />
  );
});

/** Classes that make a link look like a Button. */
export function buttonClasses(variant: ButtonVariant = 'primary', size: keyof typeof SIZE = 'md', className?: string): string {
  return cx('inline-flex items-center justify-center gap-2 rounded-md font-medium transition-colors', BUTTON[variant], SIZE[size], className);
}

export function Card({ className, children, ...rest }: { className?: string; children: ReactNode } & React.HTMLAttributes<HTMLDivElement>) {
  return (
    <div className={cx('rounded-xl border border-slate-200 bg-white shadow-sm', className)} {...rest}>
      {children}
    </div>
  );
}

/** A card's title and description; `titleId` lets a group inside name itself by the title (aria-labelledby) instead of repeating it. */
export function CardHeader({ title, description, action, titleId }: { title: ReactNode; description?: ReactNode; action?: ReactNode; titleId?: string }) {
  return (
    <div className="flex items-start justify-between gap-4 border-b border-slate-100 px-6 py-4">
      <div>
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        {description && <p className="mt-1 text-sm text-slate-600">{description}</p>}
      </div>
      {action}
    </div>
  );
}

export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function Input({ className, ...rest }, ref) {
  return (
    <input
      ref={ref}
      className={cx(
        'h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 placeholder:text-slate-400 focus:border-blueprint-500 focus:outline-none focus:ring-2 focus:ring-blueprint-200 disabled:bg-slate-100',
        className,
      )}
      {...rest}
    />
  );
});

export const Select = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement>>(function Select({ className, ...rest }, ref) {
  return (
    <select
      ref={ref}
      className={cx(
        'h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm focus:border-blueprint-500 focus:outline-none focus:ring-2 focus:ring-blueprint-200',
        className,
      )}
      {...rest}
    />
  );
});

/** The ids of a field's hint and error lines, for the control's aria-describedby. */
export function fieldMessageIds(id: string) {
  return { hint: `${id}-hint`, error: `${id}-error` };
}

/**
 * A labelled form field around any control (a textarea, a provider's card form); `error` shows under
 * it as an alert and stays until the field changes. Plain text inputs use TextField.
 */
export function Field({
  label,
  htmlFor,
  error,
  hint,
  className,
  children,
}: {
  label: string;
  htmlFor: string;
  error?: string | null;
  hint?: string;
  className?: string;
  children: ReactNode;
}) {
  const ids = fieldMessageIds(htmlFor);
  return (
    <div className={cx('grid gap-1.5', className)}>
      <label htmlFor={htmlFor} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      {children}
      {hint && !error && (
        <p id={ids.hint} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={ids.error} className="text-sm font-medium text-red-700" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

export type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  id: string;
  label: string;
  error?: string | null;
  hint?: string;
  /** Classes for the block (label, input and messages), e.g. a grid span. */
  className?: string;
};

/**
 * The label, input and error block every form uses: the input is marked aria-invalid and described
 * by its error (or hint). Takes react-hook-form's `register(...)` props and ref.
 */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField({ id, label, error, hint, className, ...input }, ref) {
  const ids = fieldMessageIds(id);
  return (
    <Field label={label} htmlFor={id} error={error} hint={hint} className={className}>
      <Input
        ref={ref}
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? ids.error : hint ? ids.hint : undefined}
        className={error ? 'border-red-500 focus:border-red-500 focus:ring-red-200' : undefined}
        {...input}
      />
    </Field>
  );
});

/** A message about a whole form or section that stays until it is fixed: an alert, focusable. */
export const ErrorNote = forwardRef<HTMLDivElement, { title?: string; children: ReactNode; id?: string; className?: string }>(function ErrorNote(
  { title, children, id, className },
  ref,
) {
  return (
    <div ref={ref} id={id} tabIndex={-1} role="alert" className={cx('rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900', className)}>
      {title && <p className="font-semibold">{title}</p>}
      <p>{children}</p>
    </div>
  );
});

const BADGE = {
  pending: 'bg-amber-100 text-amber-900',
  processing: 'bg-blue-100 text-blue-900',
  completed: 'bg-green-100 text-green-900',
  failed: 'bg-red-100 text-red-800',
  neutral: 'bg-slate-100 text-slate-800',
  rush: 'bg-orange-100 text-orange-900',
} as const;

export function Badge({ tone = 'neutral', children, className }: { tone?: keyof typeof BADGE; children: ReactNode; className?: string }) {
  return <span className={cx('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold', BADGE[tone], className)}>{children}</span>;
}

export function Spinner({ label = 'Loading…' }: { label?: string }) {
  return (
    <span role="status" className="inline-flex items-center gap-2 text-sm text-slate-600">
      <span className="h-4 w-4 animate-spin motion-reduce:animate-none rounded-full border-2 border-blueprint-200 border-t-blueprint-600" aria-hidden="true" />
      {label}
    </span>
  );
}

export function ProgressBar({ value, label }: { value: number; label: string }) {
  const pct = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={pct}
      className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
    >
      <div className="h-full rounded-full bg-blueprint-600 transition-[width] duration-200" style={{ width: `${pct}%` }} />
    </div>
  );
}

export { cx };
