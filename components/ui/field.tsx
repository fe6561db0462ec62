'use client';

import { createContext, useContext, useId, type ReactNode } from 'react';
import { cn } from './cn';

/** The ids one field's parts share: the control, its label and its message. */
interface FieldIds {
  controlId: string;
  errorId: string;
  error?: string | null;
}

const FieldContext = createContext<FieldIds | null>(null);

/** The ids and error of the enclosing Field, for a control: `id`, aria-invalid, aria-describedby. */
export function useField(id?: string): FieldIds & { controlProps: Record<string, unknown> } {
  const ctx = useContext(FieldContext);
  const autoId = useId();
  const controlId = id ?? ctx?.controlId ?? autoId;
  const errorId = ctx?.errorId ?? `${controlId}-error`;
  const error = ctx?.error;
  return {
    controlId,
    errorId,
    error,
    controlProps: { id: controlId, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? errorId : undefined },
  };
}

export interface FieldProps {
  /** The message under the control; marks it aria-invalid. */
  error?: string | null;
  id?: string;
  className?: string;
  children: ReactNode;
}

/** One form field: label, control and message wired together by ids (see useField). */
export function Field({ error, id, className, children }: FieldProps) {
  const autoId = useId();
  const controlId = id ?? autoId;
  return (
    <FieldContext.Provider value={{ controlId, errorId: `${controlId}-error`, error }}>
      <div className={cn('w-full', className)}>{children}</div>
    </FieldContext.Provider>
  );
}

/** The visible label of the enclosing Field's control (so it is the control's accessible name). */
export function FieldLabel({ children, className, id }: { children: ReactNode; className?: string; id?: string }) {
  const ctx = useContext(FieldContext);
  return (
    <label id={id} htmlFor={ctx?.controlId} className={cn('mb-1 block text-sm font-medium text-gray-700', className)}>
      {children}
    </label>
  );
}

export interface FieldErrorProps {
  /** Defaults to the enclosing Field's error id. */
  id?: string;
  /** Defaults to the enclosing Field's error. */
  message?: string | null;
}

/** The message under a field; the control points at it with aria-describedby. */
export function FieldError({ id, message }: FieldErrorProps) {
  const ctx = useContext(FieldContext);
  const text = message === undefined ? ctx?.error : message;
  if (!text) return null;
  return (
    <p id={id ?? ctx?.errorId} className="mt-1 text-sm text-red-700">
      {text}
    </p>
  );
}
