'use client';

import { Select as RadixSelect } from 'radix-ui';
import { cn } from './cn';
import { Field, FieldLabel, useField } from './field';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps {
  label?: string;
  /** The chosen value ('' shows the placeholder). Leave out for an uncontrolled select. */
  value?: string;
  /** Initial value of an uncontrolled select. */
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  /** Non-empty values only (Radix reserves '' for "nothing chosen"). */
  options: SelectOption[];
  placeholder?: string;
  disabled?: boolean;
  /** With a name, a hidden native select carries the value in form submissions. */
  name?: string;
  required?: boolean;
  error?: string | null;
  id?: string;
  /** Accessible name when there is no visible label. */
  'aria-label'?: string;
  className?: string;
  /** Long values wrap onto a second line instead of being cut off (e.g. organisation names). */
  wrap?: boolean;
}

/** A labelled Radix select with its error (a Field around the trigger). */
export function Select({ label, error, id, className, ...rest }: SelectProps) {
  return (
    <Field error={error} id={id} className={className}>
      {label && <FieldLabel>{label}</FieldLabel>}
      <SelectControl hasLabel={Boolean(label)} {...rest} />
    </Field>
  );
}

function SelectControl({
  hasLabel,
  value,
  defaultValue,
  onValueChange,
  options,
  placeholder,
  disabled,
  name,
  required,
  'aria-label': ariaLabel,
  wrap = false,
}: Omit<SelectProps, 'label' | 'error' | 'id' | 'className'> & { hasLabel: boolean }) {
  const { controlProps } = useField();
  return (
    <RadixSelect.Root
      value={value}
      defaultValue={defaultValue}
      onValueChange={onValueChange}
      disabled={disabled}
      name={name}
      required={required}
    >
      <RadixSelect.Trigger
        {...controlProps}
        aria-label={hasLabel ? undefined : ariaLabel}
        // the whole value on hover, also where it is cut off
        title={options.find((o) => o.value === value)?.label}
        className={cn(
          'flex h-10 w-full items-center justify-between gap-2 rounded-md border border-gray-300 bg-white px-3 text-left text-sm text-gray-900 shadow-sm',
          'focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30',
          'disabled:cursor-not-allowed disabled:bg-gray-100 disabled:text-gray-500',
          'data-[placeholder]:text-gray-600 aria-[invalid=true]:border-red-500',
          wrap && 'h-auto min-h-10 py-1.5',
        )}
      >
        <span className={wrap ? 'line-clamp-2 break-words' : 'truncate'}>
          <RadixSelect.Value placeholder={placeholder} />
        </span>
        <RadixSelect.Icon className="text-gray-500">
          <ChevronDown />
        </RadixSelect.Icon>
      </RadixSelect.Trigger>
      <RadixSelect.Portal>
        <RadixSelect.Content
          position="popper"
          sideOffset={4}
          className="z-50 max-h-[var(--radix-select-content-available-height)] min-w-[var(--radix-select-trigger-width)] overflow-hidden rounded-md border border-gray-200 bg-white shadow-lg"
        >
          <RadixSelect.Viewport className="p-1">
            {options.map((option) => (
              <RadixSelect.Item
                key={option.value}
                value={option.value}
                disabled={option.disabled}
                className={cn(
                  'relative flex cursor-pointer select-none items-center rounded px-8 py-1.5 text-sm text-gray-900 outline-none',
                  'data-[highlighted]:bg-brand-light data-[highlighted]:text-brand-dark',
                  'data-[disabled]:cursor-not-allowed data-[disabled]:opacity-50',
                )}
              >
                <RadixSelect.ItemIndicator className="absolute left-2 inline-flex items-center text-brand">
                  <Check />
                </RadixSelect.ItemIndicator>
                <RadixSelect.ItemText>{option.label}</RadixSelect.ItemText>
              </RadixSelect.Item>
            ))}
          </RadixSelect.Viewport>
        </RadixSelect.Content>
      </RadixSelect.Portal>
    </RadixSelect.Root>
  );
}

function ChevronDown() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d="m6 9 6 6 6-6" />
    </svg>
  );
}

function Check() {
  return (
    <svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="3" aria-hidden="true">
      <path d="M20 6 9 17l-5-5" />
    </svg>
  );
}
