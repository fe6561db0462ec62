'use client';

import Link from 'next/link';
import { Button } from './button';
import { cn } from './cn';

const SQUARE = 'inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-md bg-brand text-lg font-semibold text-white hover:bg-brand-dark';
const WIDE =
  'inline-flex h-10 shrink-0 items-center rounded-md bg-brand px-3 text-sm font-medium text-white hover:bg-brand-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand';

/**
 * The '+' beside a list's search: a link to the new record's address, or a button that opens it
 * on the page. `wide` spells out the label ('+ Neues Mitglied'); otherwise it is the button's name.
 */
export function AddButton({ label, href, onClick, wide = false }: { label: string; href?: string; onClick?: () => void; wide?: boolean }) {
  const named = wide ? {} : { 'aria-label': label, title: label };
  const content = wide ? `+ ${label}` : '+';
  if (href !== undefined) {
    return (
      <Link href={href} {...named} className={wide ? WIDE : SQUARE}>
        {content}
      </Link>
    );
  }
  return (
    <Button {...named} onClick={onClick} className={cn(wide ? 'h-10 shrink-0' : 'h-9 w-9 shrink-0 px-0 text-lg')}>
      {content}
    </Button>
  );
}
