import { twMerge } from 'tailwind-merge';

/**
 * Joins class names, skipping falsy ones; of two Tailwind classes for the same property the later
 * wins, so a caller's `className` overrides a component's default (`cn('px-3', 'px-1')` → 'px-1').
 */
export function cn(...classes: Array<string | false | null | undefined>): string {
  return twMerge(classes);
}
