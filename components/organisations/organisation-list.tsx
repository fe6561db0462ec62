'use client';

import { useMemo, useState } from 'react';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import type { OrganisationListItem } from '@/lib/api/organisations';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { isInactive, sortByShortName } from './organisation-view';
import { ListSearch } from '@/components/ui/list-search';

/** Organisations per page of the left list. */
export const LIST_PAGE_SIZE = 11;

export interface OrganisationListProps {
  items: OrganisationListItem[];
  /** The organisation shown on the right ('new' while creating one). */
  selectedId: number | 'new' | null;
  hrefFor: (id: number | 'new') => string;
  canCreate: boolean;
}

function matches(item: OrganisationListItem, query: string): boolean {
  const q = query.trim().toLocaleLowerCase('de');
  if (!q) return true;
  return [item.nameShort, item.name, item.city, item.zip, String(item.id)]
    .some((v) => v && v.toLocaleLowerCase('de').includes(q));
}

/**
 * The left list: searchable, sorted by short name, 11 per page, dissolved organisations
 * (with an end date) styled inactive, an add button for those who may create organisations.
 */
export function OrganisationList({ items, selectedId, hrefFor, canCreate }: OrganisationListProps) {
  const t = useTranslations('organisations');
  const sorted = useMemo(() => sortByShortName(items), [items]);
  const [query, setQuery] = useState('');
  // open on the page that holds the selected organisation
  const [page, setPage] = useState(() => {
    const index = sorted.findIndex((o) => o.id === selectedId);
    return index < 0 ? 0 : Math.floor(index / LIST_PAGE_SIZE);
  });

  const filtered = useMemo(() => sorted.filter((o) => matches(o, query)), [sorted, query]);
  const pages = Math.max(1, Math.ceil(filtered.length / LIST_PAGE_SIZE));
  const current = Math.min(page, pages - 1);
  const shown = filtered.slice(current * LIST_PAGE_SIZE, (current + 1) * LIST_PAGE_SIZE);

  return (
    <nav aria-label={t('listLabel')} className="rounded-lg border border-gray-200 bg-white p-3 shadow-sm">
      <div className="mb-3 flex items-center gap-2">
        <ListSearch label={t('search')} value={query} onSearch={(text) => { setQuery(text); setPage(0); }} />
        {canCreate && (
          <Link
            href={hrefFor('new')}
            aria-label={t('add')}
            title={t('add')}
            className="inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-md bg-brand text-lg font-semibold text-white hover:bg-brand-dark"
          >
            +
          </Link>
        )}
      </div>

      {shown.length === 0 ? (
        <p className="px-2 py-6 text-center text-sm text-gray-500">{t('empty')}</p>
      ) : (
        <ul className="divide-y divide-gray-100">
          {shown.map((o) => {
            const inactive = isInactive(o);
            const active = o.id === selectedId;
            return (
              <li key={o.id}>
                <Link
                  href={hrefFor(o.id)}
                  aria-current={active ? 'page' : undefined}
                  data-inactive={inactive || undefined}
                  className={cn(
                    'block rounded px-2 py-2 text-sm hover:bg-brand-light/60',
                    active && 'bg-brand-light font-semibold text-brand-dark',
                    inactive && 'text-gray-600',
                  )}
                >
                  <span className={cn('block truncate', inactive && 'line-through')}>{o.nameShort}</span>
                  <span className="block truncate text-xs text-gray-600">
                    {o.name}
                    {inactive && <span className="ml-1 rounded bg-gray-100 px-1 text-gray-700 no-underline">{t('inactive')}</span>}
                  </span>
                </Link>
              </li>
            );
          })}
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
