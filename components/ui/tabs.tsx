'use client';

import type { ReactNode } from 'react';
import { Tabs as RadixTabs } from 'radix-ui';
import { cn } from './cn';

export interface TabItem {
  value: string;
  label: ReactNode;
  content: ReactNode;
  /** e.g. the member's training tab until the member is saved. */
  disabled?: boolean;
}

export interface TabsProps {
  items: TabItem[];
  /** Controlled value; leave out (and use defaultValue) for uncontrolled tabs. */
  value?: string;
  onValueChange?: (value: string) => void;
  /** Defaults to the first enabled tab. */
  defaultValue?: string;
  /** Accessible name of the tab list. */
  label?: string;
  className?: string;
}

export function Tabs({ items, value, onValueChange, defaultValue, label, className }: TabsProps) {
  const firstEnabled = items.find((item) => !item.disabled)?.value;
  return (
    <RadixTabs.Root
      value={value}
      onValueChange={onValueChange}
      defaultValue={value === undefined ? (defaultValue ?? firstEnabled) : undefined}
      className={cn('w-full', className)}
    >
      <RadixTabs.List aria-label={label} className="flex gap-1 overflow-x-auto border-b border-gray-200">
        {items.map((item) => (
          <RadixTabs.Trigger
            key={item.value}
            value={item.value}
            disabled={item.disabled}
            className={cn(
              '-mb-px whitespace-nowrap border-b-2 border-transparent px-4 py-2 text-sm font-medium text-gray-600',
              'hover:text-brand focus-visible:outline-2 focus-visible:outline-brand',
              'data-[state=active]:border-brand data-[state=active]:text-brand',
              'disabled:cursor-not-allowed disabled:text-gray-300',
            )}
          >
            {item.label}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      {items.map((item) => (
        <RadixTabs.Content key={item.value} value={item.value} className="pt-4 focus-visible:outline-none">
          {item.content}
        </RadixTabs.Content>
      ))}
    </RadixTabs.Root>
  );
}
