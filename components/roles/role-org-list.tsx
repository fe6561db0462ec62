'use client';

import { useMemo, useState } from 'react';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import type { RoleOrganisation } from '@/lib/schemas/role-members';
import { foldSearch } from '@/lib/domain/search-fold';
import { SimplePager } from '@/components/ui/simple-pager';
import { cn } from '@/components/ui/cn';
import { ROLE_ORG_PAGE_SIZE } from './role-view';
import { ListSearch } from '@/components/ui/list-search';

export interface RoleOrgListProps {
  items: RoleOrganisation[];
  selectedId: number | null;
  hrefFor: (id: number) => string;
}

/** The left list: searchable by name and number, 11 per page; an organisation with an end date is shown inactive. */
export function RoleOrgList({ items, selectedId, hrefFor }: RoleOrgListProps) {
  const t = useTranslations('roles');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(() => {
    const index = items.findIndex((o) => o.id === selectedId);
    return index < 0 ? 0 : Math.floor(index / ROLE_ORG_PAGE_SIZE);
  });
  const filtered = useMemo(() => {
    const q = foldSearch(query.trim());
    return q ? items.filter((o) => foldSearch(`${o.name} ${o.id}`).includes(q)) : items;
  }, [items, query]);
  const pages = Math.max(1, Math.ceil(filtered.length / ROLE_ORG_PAGE_SIZE));
  const current = Math.min(page, pages - 1);
  const shown = filtered.slice(current * ROLE_ORG_PAGE_SIZE, (current + 1) * ROLE_ORG_PAGE_SIZE);

  return (
    <nav aria-label={t('orgListLabel')} className="rounded-lg border border-gray-200 bg-white p-3 shadow-sm">
      <ListSearch label={t('orgSearch')} value={query} onSearch={(text) => { setQuery(text); setPage(0); }} className="mb-3" />
      {shown.length === 0 ? (
        <p className="px-2 py-6 text-center text-sm text-gray-500">{t('orgNotFound')}</p>
      ) : (
        <ul className="divide-y divide-gray-100">
          {shown.map((o) => {
            const active = o.endDate === null;
            return (
              <li key={o.id}>
                <Link
                  href={hrefFor(o.id)}
                  aria-current={o.id === selectedId ? 'page' : undefined}
                  className={cn(
                    'block rounded px-2 py-2 text-sm hover:bg-brand-light/60',
                    !active && 'text-gray-500 line-through',
                    o.id === selectedId && 'bg-brand-light font-semibold text-brand-dark',
                  )}
                >
                  <span className="block truncate">{o.name}</span>
                  <span className="block truncate text-xs text-gray-600">
                    {t('orgNumber', { id: o.id })}
                    {!active && ` · ${t('inactive')}`}
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
      <SimplePager page={current + 1} pages={pages} onPage={(p) => setPage(p - 1)} previousLabel={t('previousPage')} nextLabel={t('nextPage')} text={t('page', { page: current + 1, pages })} />
    </nav>
  );
}
