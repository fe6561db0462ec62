'use client';

import { useId, useState } from 'react';
import { cn } from './cn';

export interface MultiSelectOption {
  value: number | string;
  label: string;
}

export interface MultiSelectProps<V extends number | string> {
  label: string;
  options: ReadonlyArray<MultiSelectOption & { value: V }>;
  value: readonly V[];
  onChange: (value: V[]) => void;
  disabled?: boolean;
  error?: string | null;
  /** From this many options on, a filter box narrows the list. */
  filterFrom?: number;
  /** Placeholder and accessible name of the filter box. */
  filterLabel?: string;
  /** 'n gewählt' under the label. */
  chosenText?: (count: number) => string;
  /** Text when there is nothing to choose. */
  emptyText?: string;
  className?: string;
}

/**
 * A multi-select as a labelled group of checkboxes in a scrolling box, with a filter for long
 * lists. Disabled as a whole (a disabled fieldset), chosen values stay chosen and the list can
 * still be focused and scrolled with the keyboard. Works with the keyboard and screen readers as
 * plain checkboxes do.
 */
export function MultiSelect<V extends number | string>({
  label,
  options,
  value,
  onChange,
  disabled,
  error,
  filterFrom = 8,
  filterLabel,
  chosenText,
  emptyText,
  className,
}: MultiSelectProps<V>) {
  const id = useId();
  const [filter, setFilter] = useState('');
  const needle = filter.trim().toLocaleLowerCase();
  const shown = needle ? options.filter((o) => o.label.toLocaleLowerCase().includes(needle) || value.includes(o.value)) : options;
  const toggle = (v: V) => onChange(value.includes(v) ? value.filter((x) => x !== v) : [...value, v]);
  return (
    <fieldset
      disabled={disabled}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? `${id}-error` : undefined}
      className={cn('min-w-0', className)}
    >
      <legend className="mb-1 flex w-full items-baseline justify-between gap-2 text-sm font-medium text-gray-700">
        <span>{label}</span>
        {chosenText && value.length > 0 && <span className="text-xs font-normal text-gray-600">{chosenText(value.length)}</span>}
      </legend>
      <div className={cn('rounded-md border bg-white', error ? 'border-red-500' : 'border-gray-300', disabled && 'bg-gray-100')}>
        {options.length >= filterFrom && (
          <input
            type="search"
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
            placeholder={filterLabel}
            aria-label={filterLabel ? `${label}: ${filterLabel}` : label}
            className="block w-full rounded-t-md border-b border-gray-200 px-3 py-1.5 text-sm focus:outline-none focus:ring-2 focus:ring-brand/30 disabled:bg-gray-100"
          />
        )}
        {/* disabled, the checkboxes take no focus: the list itself does, so the keyboard can scroll it */}
        <ul
          className="max-h-40 space-y-0.5 overflow-y-auto p-2 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand/30"
          tabIndex={disabled ? 0 : undefined}
          aria-label={disabled ? label : undefined}
        >
          {options.length === 0 && emptyText && <li className="text-sm text-gray-500">{emptyText}</li>}
          {shown.map((o) => (
            <li key={o.value}>
              <label className={cn('flex items-center gap-2 text-sm', disabled ? 'text-gray-500' : 'text-gray-800')}>
                <input
                  type="checkbox"
                  className="h-4 w-4 accent-brand"
                  checked={value.includes(o.value)}
                  onChange={() => toggle(o.value)}
                />
                {o.label}
              </label>
            </li>
          ))}
        </ul>
      </div>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
