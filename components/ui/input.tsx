'use client';

import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import { cn } from './cn';
import { FieldError } from './field';

export interface InputProps extends ComponentPropsWithRef<'input'> {
  /** Visible label, associated with the input (so it is the input's accessible name). */
  label?: ReactNode;
  /** Error message shown under the input; marks the input aria-invalid. */
  error?: string | null;
  /** Help text under the input (also linked with aria-describedby). */
  hint?: ReactNode;
  /** Content placed inside the right end of the input box (e.g. the password toggle). */
  trailing?: ReactNode;
  /** Class of the wrapping element (the input itself takes `className`). */
  containerClassName?: string;
}

export const inputClassName =
  'block w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-sm text-gray-900 shadow-sm ' +
  'placeholder:text-gray-500 focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30 ' +
  'disabled:cursor-not-allowed disabled:bg-gray-100 disabled:text-gray-500 ' +
  'aria-[invalid=true]:border-red-500 aria-[invalid=true]:focus:ring-red-500/30';

export function Input({
  label,
  error,
  hint,
  trailing,
  id,
  className,
  containerClassName,
  'aria-describedby': describedBy,
  ...rest
}: InputProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedByIds =
    [describedBy, hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;

  return (
    <div className={cn('w-full', containerClassName)}>
      {label != null && (
        <label htmlFor={inputId} className="mb-1 block text-sm font-medium text-gray-700">
          {label}
        </label>
      )}
      <div className="relative">
        <input
          id={inputId}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedByIds}
          className={cn(inputClassName, trailing ? 'pr-10' : null, className)}
          {...rest}
        />
        {trailing && <div className="absolute inset-y-0 right-0 flex items-center pr-1">{trailing}</div>}
      </div>
      {hint && !error && (
        <p id={hintId} className="mt-1 text-xs text-gray-500">
          {hint}
        </p>
      )}
      <FieldError id={errorId} message={error} />
    </div>
  );
}
