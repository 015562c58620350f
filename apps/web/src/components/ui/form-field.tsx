import { useId, type ReactElement, type ReactNode } from 'react';
import { cloneElement } from 'react';

export interface FormFieldProps {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  /** The control: receives id, aria-invalid and aria-describedby. */
  children: ReactElement<Record<string, unknown>>;
  labelAction?: ReactNode;
}

/** A label, its control and the validation message right under it. */
export function FormField({ label, error, hint, children, labelAction }: FormFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ');
  return (
    <div className="grid gap-1.5">
      <div className="flex items-center justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          {label}
        </label>
        {labelAction}
      </div>
      {cloneElement(children, {
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy || undefined,
      })}
      {hint && !error ? (
        <p id={hintId} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-red-600" data-testid="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
