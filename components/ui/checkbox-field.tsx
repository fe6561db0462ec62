'use client';

import { useId, type ComponentPropsWithRef } from 'react';
import { cn } from './cn';

export interface CheckboxFieldProps extends Omit<ComponentPropsWithRef<'input'>, 'type'> {
  label: string;
}

/** A labelled checkbox (section, cooperation partner, training offers). */
export function CheckboxField({ label, id, className, disabled, ...rest }: CheckboxFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  return (
    <div className={cn('flex items-center gap-2', className)}>
      <input
        id={inputId}
        type="checkbox"
        disabled={disabled}
        className="h-4 w-4 rounded border-gray-300 accent-brand focus-visible:outline-2 focus-visible:outline-brand disabled:cursor-not-allowed"
        {...rest}
      />
      <label htmlFor={inputId} className={cn('text-sm text-gray-800', disabled && 'text-gray-500')}>
        {label}
      </label>
    </div>
  );
}
