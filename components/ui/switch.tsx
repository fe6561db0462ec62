'use client';

import { useId, type ReactNode } from 'react';
import { Switch as RadixSwitch } from 'radix-ui';
import { cn } from './cn';

export interface SwitchProps {
  label: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
  /** Help text under the switch (e.g. why it is disabled), linked with aria-describedby. */
  hint?: ReactNode;
  id?: string;
  className?: string;
}

/** A labelled on/off switch (role "switch"): the visible label is its accessible name. */
export function Switch({ label, checked, onCheckedChange, disabled, hint, id, className }: SwitchProps) {
  const autoId = useId();
  const controlId = id ?? autoId;
  const hintId = `${controlId}-hint`;
  return (
    <div className={cn('space-y-1', className)}>
      <div className="flex items-center gap-3">
        <RadixSwitch.Root
          id={controlId}
          checked={checked}
          onCheckedChange={onCheckedChange}
          disabled={disabled}
          aria-describedby={hint ? hintId : undefined}
          className={cn(
            'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full bg-gray-300 transition-colors',
            'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand',
            'data-[state=checked]:bg-brand disabled:cursor-not-allowed disabled:opacity-50',
          )}
        >
          <RadixSwitch.Thumb className="block h-5 w-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[22px]" />
        </RadixSwitch.Root>
        <label htmlFor={controlId} className={cn('text-sm text-gray-800', disabled && 'text-gray-500')}>
          {label}
        </label>
      </div>
      {hint && (
        <p id={hintId} className="text-xs text-gray-600">
          {hint}
        </p>
      )}
    </div>
  );
}
