'use client';

import { Avatar as RadixAvatar } from 'radix-ui';
import { cn } from './cn';

export interface AvatarProps {
  /** Image address; null/undefined or a failing image shows the initials. */
  src?: string | null;
  /** The person's name: alt text and source of the initials. */
  name: string;
  /** Diameter in px (200 on the profile, 64 in the header). */
  size?: number;
  className?: string;
}

export function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return '?';
  const first = parts[0][0] ?? '';
  const last = parts.length > 1 ? (parts[parts.length - 1][0] ?? '') : '';
  return (first + last).toUpperCase();
}

export function Avatar({ src, name, size = 64, className }: AvatarProps) {
  return (
    <RadixAvatar.Root
      className={cn(
        'inline-flex shrink-0 select-none items-center justify-center overflow-hidden rounded-full bg-brand-light align-middle',
        className,
      )}
      style={{ width: size, height: size }}
    >
      {src && <RadixAvatar.Image src={src} alt={name} className="h-full w-full object-cover" />}
      <RadixAvatar.Fallback
        role="img"
        aria-label={name}
        className="flex h-full w-full items-center justify-center font-semibold text-brand"
        style={{ fontSize: Math.max(10, Math.round(size * 0.38)) }}
      >
        {initialsOf(name)}
      </RadixAvatar.Fallback>
    </RadixAvatar.Root>
  );
}
