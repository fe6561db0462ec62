'use client';

import { cn } from './cn';
import { useIsClient } from './hooks/use-is-client';

/**
 * The search box above a list or table: its label is also its placeholder unless one is given; `onSearch` gets each new text.
 * Text typed before the page is ready would reach no handler and search nothing, so the box is
 * read-only until then: it looks the same, and what is typed shows only once it will be searched.
 */
export function ListSearch({
  label,
  value,
  onSearch,
  placeholder,
  className,
}: {
  label: string;
  value: string;
  onSearch: (text: string) => void;
  placeholder?: string;
  className?: string;
}) {
  const ready = useIsClient();
  return (
    <input
      type="search"
      readOnly={!ready}
      aria-label={label}
      placeholder={placeholder ?? label}
      value={value}
      onChange={(e) => onSearch(e.target.value)}
      className={cn(
        'w-full rounded-md border border-gray-300 px-3 py-2 text-sm focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30',
        className,
      )}
    />
  );
}
