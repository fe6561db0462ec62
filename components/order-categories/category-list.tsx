'use client';

import { useMemo, useState } from 'react';
import Link from 'next/link';
import { useLocale, useTranslations } from 'next-intl';
import type { OrderCategory } from '@/lib/schemas/orders';
import { eurosToCents, formatEuros } from '@/lib/domain/orders/money';
import { foldSearch } from '@/lib/domain/search-fold';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { ListSearch } from '@/components/ui/list-search';

/** Categories per page of the left list. */
export const CATEGORY_PAGE_SIZE = 10;

export interface CategoryListProps {
  items: OrderCategory[];
  selectedId: number | 'new' | null;
  hrefFor: (id: number | 'new') => string;
}

/** The left list: searchable by name and group, 10 per page, newest year first, an add button. */
export function CategoryList({ items, selectedId, hrefFor }: CategoryListProps) {
  const t = useTranslations('orderCategories');
  const locale = useLocale();
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(() => {
    const index = items.findIndex((c) => c.id === selectedId);
    return index < 0 ? 0 : Math.floor(index / CATEGORY_PAGE_SIZE);
  });
  const filtered = useMemo(() => {
    const q = foldSearch(query.trim());
    return q ? items.filter((c) => foldSearch(`${c.cat} ${c.params.group} ${c.params.year ?? ''}`).includes(q)) : items;
  }, [items, query]);
  const pages = Math.max(1, Math.ceil(filtered.length / CATEGORY_PAGE_SIZE));
  const current = Math.min(page, pages - 1);
  const shown = filtered.slice(current * CATEGORY_PAGE_SIZE, (current + 1) * CATEGORY_PAGE_SIZE);

  return (
    <nav aria-label={t('listLabel')} className="rounded-lg border border-gray-200 bg-white p-3 shadow-sm">
      <div className="mb-3 flex items-center gap-2">
        <ListSearch label={t('search')} value={query} onSearch={(text) => { setQuery(text); setPage(0); }} />
        <Link
          href={hrefFor('new')}
          aria-label={t('add')}
          title={t('add')}
          className="inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-md bg-brand text-lg font-semibold text-white hover:bg-brand-dark"
        >
          +
        </Link>
      </div>
      {shown.length === 0 ? (
        <p className="px-2 py-6 text-center text-sm text-gray-500">{t('empty')}</p>
      ) : (
        <ul className="divide-y divide-gray-100">
          {shown.map((c) => (
            <li key={c.id}>
              <Link
                href={hrefFor(c.id)}
                aria-current={c.id === selectedId ? 'page' : undefined}
                className={cn('block rounded px-2 py-2 text-sm hover:bg-brand-light/60', c.id === selectedId && 'bg-brand-light font-semibold text-brand-dark')}
              >
                <span className="block truncate">{c.cat}</span>
                <span className="block truncate text-xs text-gray-600">
                  {t(`groups.${c.params.group}`)}
                  {c.params.year !== null && ` · ${c.params.year}`}
                  {c.params.price !== null && ` · ${formatEuros(eurosToCents(c.params.price) ?? 0, locale)}`}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {pages > 1 && (
        <div className="mt-3 flex items-center justify-between text-sm text-gray-700">
          <Button variant="secondary" size="sm" onClick={() => setPage(current - 1)} disabled={current === 0} aria-label={t('previousPage')}>
            ‹
          </Button>
          <span aria-live="polite">{t('page', { page: current + 1, pages })}</span>
          <Button variant="secondary" size="sm" onClick={() => setPage(current + 1)} disabled={current >= pages - 1} aria-label={t('nextPage')}>
            ›
          </Button>
        </div>
      )}
    </nav>
  );
}
