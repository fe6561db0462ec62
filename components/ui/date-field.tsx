'use client';

import { useEffect, useId, useRef, useState } from 'react';
import dynamic from 'next/dynamic';
import { useLocale, useTranslations } from 'next-intl';
import { Popover } from 'radix-ui';
import { completeIsoDate, formatDisplayDate, parseDisplayDate } from '@/lib/domain/dates';
import { cn } from './cn';
import { FieldError } from './field';
import { inputClassName } from './input';
import { Spinner } from './spinner';

export interface DateFieldProps {
  label?: string;
  /** YYYY-MM-DD, null, or the refused text the field last reported (see onChange). */
  value: string | null;
  /**
   * YYYY-MM-DD for a valid in-range date, null when the field is emptied, and the typed text itself
   * when the field refuses it (not a date, out of range). So the form holds what the user sees and
   * its schema (a YYYY-MM-DD rule) refuses to save it; no form has to track refused dates itself.
   */
  onChange: (value: string | null) => void;
  /** Earliest allowed date, YYYY-MM-DD (inclusive). */
  min?: string;
  /** The text shown for a date before `min`, instead of the general one (e.g. 'Falsches Datum!'). */
  minMessage?: string;
  /** Latest allowed date, YYYY-MM-DD (inclusive). */
  max?: string;
  /** Error from the form (e.g. required); the field's own, more precise message wins. */
  error?: string | null;
  disabled?: boolean;
  required?: boolean;
  /** With a name, a hidden input carries the value in form submissions. */
  name?: string;
  id?: string;
  /** Told whether the typed text is currently acceptable (dialogs that keep dates in state). */
  onValidityChange?: (valid: boolean) => void;
  /** Accessible name when there is no visible label. */
  'aria-label'?: string;
  className?: string;
}

/** The month picker (react-day-picker and its locales) is loaded when the calendar first opens. */
const Calendar = dynamic(() => import('./date-field-calendar').then((m) => m.DateFieldCalendar), {
  ssr: false,
  loading: () => <CalendarLoading />,
});

function CalendarLoading() {
  return (
    <div className="flex h-72 w-72 items-center justify-center">
      <Spinner size={20} />
    </div>
  );
}

type Check = { iso: string | null; error: string | null };

const COMPLETE = /^\d{1,2}\.\d{1,2}\.\d{4}$/;

const toDate = (iso: string) => new Date(`${iso}T12:00:00`);
const toIso = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/**
 * Date input that shows and accepts DD.MM.YYYY and speaks YYYY-MM-DD to its owner. The calendar
 * button opens a month picker in the interface language (German: Monday first, German names);
 * Escape closes only the picker, also inside a dialog, and focus goes back to the text field.
 */
export function DateField({
  label,
  value,
  onChange,
  min: minText,
  minMessage,
  max: maxText,
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
  const locale = useLocale();
  const autoId = useId();
  const inputId = id ?? autoId;
  const errorId = `${inputId}-error`;
  const textRef = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  // a bound taken from another date field may be that field's half-typed text: only a complete date bounds
  const min = completeIsoDate(minText) ?? undefined;
  const max = completeIsoDate(maxText) ?? undefined;

  const [text, setText] = useState(() => (completeIsoDate(value) ? formatDisplayDate(value) : (value ?? '')));
  const [ownError, setOwnError] = useState<string | null>(null);
  const [syncedValue, setSyncedValue] = useState(value);

  // The owner changed the value (reset, load, cancel): show it, unless it is what the text already says.
  if (value !== syncedValue) {
    setSyncedValue(value);
    const echoed = value === text || value === parseDisplayDate(text) || (value === null && text.trim() === '');
    if (!echoed) {
      setText(completeIsoDate(value) ? formatDisplayDate(value) : (value ?? ''));
      setOwnError(null);
    }
  }

  function check(raw: string): Check {
    if (raw.trim() === '') return { iso: null, error: null };
    const iso = parseDisplayDate(raw);
    if (!iso) return { iso: null, error: t('invalid') };
    if (min && iso < min) return { iso: null, error: minMessage ?? t('beforeMin', { min: formatDisplayDate(min) }) };
    if (max && iso > max) return { iso: null, error: t('afterMax', { max: formatDisplayDate(max) }) };
    return { iso, error: null };
  }

  function accept(raw: string, showErrorNow: boolean) {
    const result = check(raw);
    onValidityChange?.(result.error === null);
    if (result.error) {
      // While the user is still typing a half date, don't shout; a complete bad date is flagged at once.
      if (showErrorNow || COMPLETE.test(raw.trim())) setOwnError(result.error);
      if (raw !== value) onChange(raw);
      return;
    }
    setOwnError(null);
    if (result.iso !== value) onChange(result.iso);
  }

  const shownError = ownError || error;

  // Native form validation (a plain <form> submit) also refuses a bad date.
  useEffect(() => {
    textRef.current?.setCustomValidity(ownError ?? '');
  }, [ownError]);

  const complete = completeIsoDate(value);
  const selected = complete ? toDate(complete) : undefined;
  const startMonth = toDate(min ?? '1900-01-01');
  const endMonth = toDate(max ?? `${new Date().getFullYear() + 10}-12-31`);
  const outOfRange = [...(min ? [{ before: toDate(min) }] : []), ...(max ? [{ after: toDate(max) }] : [])];

  return (
    <div className={cn('w-full', className)}>
      {label && (
        <label htmlFor={inputId} className="mb-1 block text-sm font-medium text-gray-700">
          {label}
        </label>
      )}
      <Popover.Root open={open} onOpenChange={setOpen}>
        <Popover.Anchor asChild>
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
              <Popover.Trigger
                type="button"
                disabled={disabled}
                aria-label={t('openCalendar')}
                title={t('openCalendar')}
                className="rounded p-1.5 text-gray-600 hover:text-brand focus-visible:outline-2 focus-visible:outline-brand disabled:opacity-50"
              >
                <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
                  <rect x="3" y="4" width="18" height="18" rx="2" />
                  <path d="M16 2v4M8 2v4M3 10h18" />
                </svg>
              </Popover.Trigger>
            </div>
          </div>
        </Popover.Anchor>
        <Popover.Portal>
          <Popover.Content
            align="end"
            sideOffset={4}
            aria-label={t('calendar')}
            className="z-50 rounded-lg border border-gray-200 bg-white p-2 shadow-lg [--rdp-accent-background-color:#e8f0fa] [--rdp-accent-color:#0b5394]"
            // Radix gives Escape to the top-most layer only: the picker closes, a dialog around it stays
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              textRef.current?.focus();
            }}
          >
            <Calendar
              locale={locale === 'en' ? 'en' : 'de'}
              startMonth={startMonth}
              endMonth={endMonth}
              defaultMonth={selected ?? (max && toDate(max) < new Date() ? toDate(max) : undefined)}
              selected={selected}
              disabled={outOfRange}
              onSelect={(day) => {
                const display = formatDisplayDate(toIso(day));
                setText(display);
                accept(display, true);
                setOpen(false);
              }}
            />
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
      {name && <input type="hidden" name={name} value={value ?? ''} />}
      <FieldError id={errorId} message={shownError} />
    </div>
  );
}
