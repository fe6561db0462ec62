'use client';

import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { Button } from './button';
import { cn } from './cn';

/** Shared look of the table's small controls (search box, page size, quick jump). */
export const tableControlClass =
  'rounded-md border border-gray-300 bg-white px-2 py-1.5 text-sm text-gray-900 focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30';

export interface DataTablePagerProps {
  /** Rows after search and filters, all pages. */
  total: number;
  /** Zero-based. */
  pageIndex: number;
  pageCount: number;
  pageSize: number;
  pageSizeOptions: number[];
  onPageSize: (size: number) => void;
  /** Zero-based page to show. */
  onPage: (index: number) => void;
}

/** Row count, page size, previous/next, "page x of y" and the quick jump under a DataTable. */
export function DataTablePager({ total, pageIndex, pageCount, pageSize, pageSizeOptions, onPageSize, onPage }: DataTablePagerProps) {
  const t = useTranslations('table');
  const [jumpText, setJumpText] = useState('');

  function goToPage(text: string) {
    const n = Number.parseInt(text, 10);
    if (Number.isFinite(n)) onPage(Math.min(Math.max(n, 1), pageCount) - 1);
    setJumpText('');
  }

  return (
    <nav aria-label={t('pagination')} className="flex flex-wrap items-center gap-3 text-sm text-gray-700">
      <span>{t('total', { total })}</span>
      <label className="flex items-center gap-1">
        <span className="sr-only">{t('pageSizeLabel')}</span>
        <select
          aria-label={t('pageSizeLabel')}
          value={pageSize}
          onChange={(e) => onPageSize(Number(e.target.value))}
          className={tableControlClass}
        >
          {pageSizeOptions.map((size) => (
            <option key={size} value={size}>
              {t('pageSize', { size })}
            </option>
          ))}
        </select>
      </label>
      <div className="ml-auto flex items-center gap-2">
        <Button variant="secondary" size="sm" onClick={() => onPage(pageIndex - 1)} disabled={pageIndex <= 0}>
          {t('previous')}
        </Button>
        <span aria-live="polite">{t('page', { page: Math.min(pageIndex + 1, pageCount), pages: pageCount })}</span>
        <Button variant="secondary" size="sm" onClick={() => onPage(pageIndex + 1)} disabled={pageIndex + 1 >= pageCount}>
          {t('next')}
        </Button>
        <label className="flex items-center gap-1">
          {t('quickJump')}
          <input
            type="number"
            inputMode="numeric"
            min={1}
            max={pageCount}
            value={jumpText}
            onChange={(e) => setJumpText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                goToPage(jumpText);
              }
            }}
            onBlur={() => jumpText && goToPage(jumpText)}
            className={cn(tableControlClass, 'w-16')}
          />
        </label>
      </div>
    </nav>
  );
}
