'use client';

import { createContext, useContext, useId, type ReactNode } from 'react';
import { cn } from './cn';

/** What one field's parts share: the control's id, the ids of its messages, and what is shown. */
interface FieldState {
  controlId: string;
  labelId: string;
  errorId: string;
  hintId: string;
  error?: string | null;
  /** Whether a hint is shown (only while there is no error). */
  hintShown: boolean;
}

const FieldContext = createContext<FieldState | null>(null);

/** The ids of a field's parts, from its control's id. */
function fieldState(controlId: string, error: string | null | undefined, hint: ReactNode): FieldState {
  return {
    controlId,
    labelId: `${controlId}-label`,
    errorId: `${controlId}-error`,
    hintId: `${controlId}-hint`,
    error,
    hintShown: hint != null && hint !== false && !error,
  };
}

export interface FieldControlProps {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

/**
 * For a control inside a Field: its `id`, aria-invalid while there is an error, and
 * aria-describedby naming the shown hint or error (after `describedBy`, the caller's own ids).
 */
export function useField(describedBy?: string): FieldState & { controlProps: FieldControlProps } {
  const ctx = useContext(FieldContext);
  const autoId = useId();
  const state = ctx ?? fieldState(autoId, null, null);
  const ids = [describedBy, state.hintShown ? state.hintId : null, state.error ? state.errorId : null].filter(Boolean).join(' ');
  return {
    ...state,
    controlProps: { id: state.controlId, 'aria-invalid': state.error ? true : undefined, 'aria-describedby': ids || undefined },
  };
}

export interface FieldProps {
  /** The message under the control; marks it aria-invalid. */
  error?: string | null;
  /** Help text under the control while there is no error (also linked with aria-describedby). */
  hint?: ReactNode;
  /** The control's id (generated when left out). */
  id?: string;
  className?: string;
  children: ReactNode;
}

/**
 * One form field: label, control, hint and message wired together by ids. The children are the
 * FieldLabel and the control (which takes its props from useField); the hint and the error follow.
 */
export function Field({ error, hint, id, className, children }: FieldProps) {
  const autoId = useId();
  const state = fieldState(id ?? autoId, error, hint);
  return (
    <FieldContext.Provider value={state}>
      <div className={cn('w-full', className)}>
        {children}
        {state.hintShown && (
          <p id={state.hintId} className="mt-1 text-xs text-gray-500">
            {hint}
          </p>
        )}
        <FieldError />
      </div>
    </FieldContext.Provider>
  );
}

/** The visible label of the enclosing Field's control (so it is the control's accessible name). */
export function FieldLabel({ children, className }: { children: ReactNode; className?: string }) {
  const ctx = useContext(FieldContext);
  return (
    <label id={ctx?.labelId} htmlFor={ctx?.controlId} className={cn('mb-1 block text-sm font-medium text-gray-700', className)}>
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
