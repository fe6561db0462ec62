'use client';

import { cn } from './cn';
import { useIsClient } from './hooks/use-is-client';

export interface SegmentedOption<V extends string> {
  value: V;
  label: string;
  /** The option's own language (a language switch names each language in itself). */
  lang?: string;
  title?: string;
}

/**
 * Buttons of which one is chosen ('Liste | Tabelle', 'EN | DE'): a named group of toggle buttons,
 * the chosen one pressed. Choosing the chosen one again does nothing. They work only in the
 * browser, so they stay disabled until the page is ready: an early click is never lost.
 */
export function SegmentedControl<V extends string>({
  label,
  value,
  options,
  onChange,
  disabled = false,
  className,
}: {
  label: string;
  value: V;
  options: readonly SegmentedOption<V>[];
  onChange: (value: V) => void;
  disabled?: boolean;
  className?: string;
}) {
  const ready = useIsClient();
  return (
    <div role="group" aria-label={label} className={cn('inline-flex overflow-hidden rounded-md border border-gray-300', className)}>
      {options.map((o) => (
        <button
          key={o.value}
          type="button"
          lang={o.lang}
          title={o.title}
          aria-pressed={o.value === value}
          disabled={disabled || !ready}
          onClick={() => o.value !== value && onChange(o.value)}
          className={cn(
            'px-3 py-1.5 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-brand disabled:opacity-60',
            o.value === value ? 'bg-brand text-white' : 'bg-white text-gray-700 hover:bg-gray-50',
          )}
        >
          {o.label}
        </button>
      ))}
    </div>
  );
}
