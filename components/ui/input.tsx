'use client';

import type { ComponentPropsWithRef, ReactNode } from 'react';
import { cn } from './cn';
import { Field, FieldLabel, useField } from './field';

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

/** A labelled text input with its hint and error (a Field around the input). */
export function Input({ label, error, hint, id, containerClassName, ...rest }: InputProps) {
  return (
    <Field error={error} hint={hint} id={id} className={containerClassName}>
      {label != null && <FieldLabel>{label}</FieldLabel>}
      <InputBox {...rest} />
    </Field>
  );
}

function InputBox({
  trailing,
  className,
  'aria-describedby': describedBy,
  ...rest
}: Omit<InputProps, 'label' | 'error' | 'hint' | 'id' | 'containerClassName'>) {
  const { controlProps } = useField(describedBy);
  return (
    <div className="relative">
      <input {...controlProps} className={cn(inputClassName, trailing ? 'pr-10' : null, className)} {...rest} />
      {trailing && <div className="absolute inset-y-0 right-0 flex items-center pr-1">{trailing}</div>}
    </div>
  );
}
