'use client';

import type { ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { Button } from './button';
import { cn } from './cn';

export interface SimplePagerProps {
  /** One-based. */
  page: number;
  pages: number;
  onPage: (page: number) => void;
  /** 'Vorige Seite' unless given. */
  previousLabel?: string;
  /** 'Nächste Seite' unless given. */
  nextLabel?: string;
  /** 'Seite 2 von 5' unless given. */
  text?: string;
  /** A button per page instead of the text; `pageLabel` names each ('Seite 4'), else its number does. */
  numbered?: { pageLabel?: (page: number) => string };
  /** The ‹ › buttons (default); a numbered pager may go without them. */
  arrows?: boolean;
  /** Makes the pager a navigation landmark with this name. */
  label?: string;
  /** After the pager, e.g. a page number to jump to. */
  children?: ReactNode;
  className?: string;
}

/** The lists' pager: ‹ 'Seite x von y' › (or ‹ 1 2 3 ›), shown only when there is more than one page. */
export function SimplePager({
  page,
  pages,
  onPage,
  previousLabel,
  nextLabel,
  text,
  numbered,
  arrows = true,
  label,
  children,
  className,
}: SimplePagerProps) {
  const t = useTranslations('common');
  if (pages <= 1) return null;
  const Wrapper = label ? 'nav' : 'div';
  return (
    <Wrapper aria-label={label} className={cn('mt-3 flex flex-wrap items-center justify-between gap-2 text-sm text-gray-700', className)}>
      {arrows && (
        <Button
          variant="secondary"
          size="sm"
          onClick={() => onPage(page - 1)}
          disabled={page <= 1}
          aria-label={previousLabel ?? t('previousPage')}
        >
          ‹
        </Button>
      )}
      {numbered ? (
        <span className="flex flex-wrap justify-center gap-1">
          {Array.from({ length: pages }, (_, i) => i + 1).map((n) => (
            <Button
              key={n}
              variant={n === page ? 'primary' : 'ghost'}
              size="sm"
              aria-current={n === page ? 'page' : undefined}
              aria-label={numbered.pageLabel?.(n)}
              onClick={() => onPage(n)}
            >
              {n}
            </Button>
          ))}
        </span>
      ) : (
        <span aria-live="polite">{text ?? t('page', { page, pages })}</span>
      )}
      {arrows && (
        <Button
          variant="secondary"
          size="sm"
          onClick={() => onPage(page + 1)}
          disabled={page >= pages}
          aria-label={nextLabel ?? t('nextPage')}
        >
          ›
        </Button>
      )}
      {children}
    </Wrapper>
  );
}
