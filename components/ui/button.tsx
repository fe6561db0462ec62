'use client';

import type { ComponentPropsWithRef } from 'react';
import { Slot } from 'radix-ui';
import { cn } from './cn';
import { Spinner } from './spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost';
/** icon: a square button holding one sign ('+', '↻'), named by aria-label. */
export type ButtonSize = 'sm' | 'md' | 'icon';

export interface ButtonProps extends ComponentPropsWithRef<'button'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Disables the button and shows a spinner in front of its text (e.g. while a save runs). */
  loading?: boolean;
  /** Styles its only child (a link, a download link) as the button instead of rendering a <button>. */
  asChild?: boolean;
}

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-brand text-white hover:bg-brand-dark focus-visible:outline-brand',
  secondary: 'border border-gray-300 bg-white text-gray-800 hover:bg-gray-50 focus-visible:outline-brand',
  danger: 'bg-red-600 text-white hover:bg-red-700 focus-visible:outline-red-600',
  ghost: 'bg-transparent text-brand hover:bg-brand-light focus-visible:outline-brand',
};

const sizes: Record<ButtonSize, string> = {
  sm: 'h-8 px-3 text-sm gap-1.5',
  md: 'h-10 px-4 text-sm gap-2',
  icon: 'h-9 w-9 shrink-0 gap-2 text-lg',
};

/** The button's classes, for an element that must look like a button without being one. */
export function buttonVariants({
  variant = 'primary',
  size = 'md',
  className,
}: { variant?: ButtonVariant; size?: ButtonSize; className?: string } = {}): string {
  return cn(
    'inline-flex items-center justify-center rounded-md font-medium transition-colors',
    'focus-visible:outline-2 focus-visible:outline-offset-2',
    'disabled:cursor-not-allowed disabled:opacity-60',
    variants[variant],
    sizes[size],
    className,
  );
}

export function Button({
  variant = 'primary',
  size = 'md',
  loading = false,
  asChild = false,
  disabled,
  type = 'button',
  className,
  children,
  ...rest
}: ButtonProps) {
  if (asChild) {
    return (
      <Slot.Root className={buttonVariants({ variant, size, className })} {...rest}>
        {children}
      </Slot.Root>
    );
  }
  return (
    <button
      // 'button' by default so a button inside a form never submits it by accident
      type={type}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={buttonVariants({ variant, size, className })}
      {...rest}
    >
      {loading && <Spinner size={16} />}
      {children}
    </button>
  );
}
