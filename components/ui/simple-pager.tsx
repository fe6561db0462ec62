'use client';

import { Button } from './button';
import { cn } from './cn';

export interface SimplePagerProps {
  /** One-based. */
  page: number;
  pages: number;
  onPage: (page: number) => void;
  previousLabel: string;
  nextLabel: string;
  /** 'Seite 2 von 5'. */
  text: string;
  className?: string;
}

/** The lists' pager: ‹ 'Seite x von y' ›, shown only when there is more than one page. */
export function SimplePager({ page, pages, onPage, previousLabel, nextLabel, text, className }: SimplePagerProps) {
  if (pages <= 1) return null;
  return (
    <div className={cn('mt-3 flex items-center justify-between text-sm text-gray-700', className)}>
      <Button variant="secondary" size="sm" onClick={() => onPage(page - 1)} disabled={page <= 1} aria-label={previousLabel}>
        ‹
      </Button>
      <span aria-live="polite">{text}</span>
      <Button variant="secondary" size="sm" onClick={() => onPage(page + 1)} disabled={page >= pages} aria-label={nextLabel}>
        ›
      </Button>
    </div>
  );
}
