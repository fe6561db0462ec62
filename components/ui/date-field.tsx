'use client';

import { useEffect, useId, useRef, useState } from 'react';
import { useTranslations } from 'next-intl';
import { formatDisplayDate, parseDisplayDate } from '@/lib/domain/dates';
import { cn } from './cn';
import { FieldError } from './field-error';
import { inputClassName } from './input';

export interface DateFieldProps {
  label?: string;
  /** YYYY-MM-DD or null. */
  value: string | null;
  /** Called with YYYY-MM-DD for a valid in-range date, null when the field is emptied; never with bad input. */
  onChange: (iso: string | null) => void;
  /** Earliest allowed date, YYYY-MM-DD (inclusive). */
  min?: string;
  /** Latest allowed date, YYYY-MM-DD (inclusive). */
  max?: string;
  /** Error from the form (e.g. required); shown instead of the field's own. */
  error?: string | null;
  disabled?: boolean;
  required?: boolean;
  /** With a name, a hidden input carries the YYYY-MM-DD value in form submissions. */
  name?: string;
  id?: string;
  /** Told whether the typed text is currently acceptable, so a form can hold back saving. */
  onValidityChange?: (valid: boolean) => void;
  /** Accessible name when there is no visible label. */
  'aria-label'?: string;
  className?: string;
}

type Check = { iso: string | null; error: string | null };

const COMPLETE = /^\d{1,2}\.\d{1,2}\.\d{4}$/;

/** Date input that shows and accepts DD.MM.YYYY and speaks YYYY-MM-DD to its owner (core §1). */
export function DateField({
  label,
  value,
  onChange,
  min,
  max,
  error,
  disabled,
  required,
  name,
  id,
  onValidityChange,
  'aria-label': ariaLabel,
  className,
}: DateFieldProps) {
  const t = useTranslations('dateField');
  const autoId = useId();
  const inputId = id ?? autoId;
  const errorId = `${inputId}-error`;
  const textRef = useRef<HTMLInputElement>(null);
  const pickerRef = useRef<HTMLInputElement>(null);

  const [text, setText] = useState(() => formatDisplayDate(value));
  const [ownError, setOwnError] = useState<string | null>(null);
  const [syncedValue, setSyncedValue] = useState(value);

  // The owner changed the value (reset, load, cancel): show it, unless it is what the text already says.
  if (value !== syncedValue) {
    setSyncedValue(value);
    if (value !== parseDisplayDate(text) && !(value === null && text.trim() === '')) {
      setText(formatDisplayDate(value));
      setOwnError(null);
    }
  }

  function check(raw: string): Check {
    if (raw.trim() === '') return { iso: null, error: null };
    const iso = parseDisplayDate(raw);
    if (!iso) return { iso: null, error: t('invalid') };
    if (min && iso < min) return { iso: null, error: t('beforeMin', { min: formatDisplayDate(min) }) };
    if (max && iso > max) return { iso: null, error: t('afterMax', { max: formatDisplayDate(max) }) };
    return { iso, error: null };
  }

  function accept(raw: string, showErrorNow: boolean) {
    const result = check(raw);
    onValidityChange?.(result.error === null);
    if (result.error) {
      // While the user is still typing a half date, don't shout; a complete bad date is flagged at once.
      if (showErrorNow || COMPLETE.test(raw.trim())) setOwnError(result.error);
      return;
    }
    setOwnError(null);
    if (result.iso !== value) onChange(result.iso);
  }

  const shownError = error || ownError;

  // Native form validation (a plain <form> submit) also refuses a bad date.
  useEffect(() => {
    textRef.current?.setCustomValidity(ownError ?? '');
  }, [ownError]);

  function openPicker() {
    const picker = pickerRef.current;
    if (!picker) return;
    try {
      picker.showPicker();
    } catch {
      // showPicker is missing in older browsers and jsdom: the text input still works
    }
  }

  return (
    <div className={cn('w-full', className)}>
      {label && (
        <label htmlFor={inputId} className="mb-1 block text-sm font-medium text-gray-700">
          {label}
        </label>
      )}
      <div className="relative">
        <input
          ref={textRef}
          id={inputId}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          placeholder={t('placeholder')}
          value={text}
          disabled={disabled}
          required={required}
          aria-label={label ? undefined : ariaLabel}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={shownError ? errorId : undefined}
          className={cn(inputClassName, 'pr-10')}
          onChange={(e) => {
            setText(e.target.value);
            accept(e.target.value, false);
          }}
          onBlur={() => {
            const result = check(text);
            if (result.error) setOwnError(result.error);
            // tidy "1.2.2024" into "01.02.2024"
            else if (result.iso) setText(formatDisplayDate(result.iso));
          }}
        />
        <div className="absolute inset-y-0 right-0 flex items-center pr-1">
          <button
            type="button"
            onClick={openPicker}
            disabled={disabled}
            aria-label={t('openCalendar')}
            title={t('openCalendar')}
            className="rounded p-1.5 text-gray-500 hover:text-brand focus-visible:outline-2 focus-visible:outline-brand disabled:opacity-50"
          >
            <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
              <rect x="3" y="4" width="18" height="18" rx="2" />
              <path d="M16 2v4M8 2v4M3 10h18" />
            </svg>
          </button>
          {/* The browser's own calendar, opened by the button above; kept out of the tab order. */}
          <input
            ref={pickerRef}
            type="date"
            tabIndex={-1}
            aria-hidden="true"
            className="pointer-events-none absolute bottom-0 right-0 h-0 w-0 opacity-0"
            value={value ?? ''}
            min={min}
            max={max}
            disabled={disabled}
            onChange={(e) => {
              const iso = e.target.value || null;
              const display = formatDisplayDate(iso);
              setText(display);
              accept(display, true);
            }}
          />
        </div>
      </div>
      {name && <input type="hidden" name={name} value={value ?? ''} />}
      <FieldError id={errorId} message={shownError} />
    </div>
  );
}
