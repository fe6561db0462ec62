'use client';

import Link from 'next/link';
import { Button } from './button';

/**
 * The '+' beside a list's search: a link to the new record's address, or a button that opens it
 * on the page. `wide` spells out the label ('+ Neues Mitglied'); otherwise it is the button's name.
 */
export function AddButton({ label, href, onClick, wide = false }: { label: string; href?: string; onClick?: () => void; wide?: boolean }) {
  const named = wide ? {} : { 'aria-label': label, title: label };
  const content = wide ? `+ ${label}` : '+';
  const size = wide ? 'md' : 'icon';
  const className = wide ? 'shrink-0' : undefined;
  if (href !== undefined) {
    return (
      <Button asChild size={size} className={className}>
        <Link href={href} {...named}>
          {content}
        </Link>
      </Button>
    );
  }
  return (
    <Button {...named} size={size} onClick={onClick} className={className}>
      {content}
    </Button>
  );
}
