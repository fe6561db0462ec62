'use client';

import type { ReactNode } from 'react';

export interface PersonCheckboxProps {
  /** What ticking it does, for this person: "Bestellen für Eva Muster" (the accessible name). */
  label: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
  /** Visible text beside the box (e.g. the print price); the box and the text then form one label. */
  children?: ReactNode;
}

/**
 * The checkbox in a person's row of an order table: order and print in the wizard's persons and
 * check steps, removal in the order's detail. Named for the person, so a screen reader (and a
 * test) tells the rows apart.
 */
export function PersonCheckbox({ label, checked, disabled = false, onChange, children }: PersonCheckboxProps) {
  const box = (
    <input
      type="checkbox"
      className="h-4 w-4 accent-brand disabled:cursor-not-allowed"
      aria-label={label}
      checked={checked}
      disabled={disabled}
      onChange={(e) => onChange(e.target.checked)}
    />
  );
  if (!children) return box;
  return (
    <label className="inline-flex items-center gap-1.5">
      {box}
      {children}
    </label>
  );
}
