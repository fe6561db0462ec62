'use client';

import { useMemo, useState } from 'react';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import type { OrganisationListItem } from '@/lib/api/organisations';
import { AddButton } from '@/components/ui/add-button';
import { cn } from '@/components/ui/cn';
import { MasterList, masterRowClass } from '@/components/ui/master-list';
import { useLocalPages } from '@/components/ui/hooks/use-paged-query';
import { isInactive, sortByShortName } from './organisation-view';

/** Organisations per page of the left list. */
export const LIST_PAGE_SIZE = 11;

export interface OrganisationListProps {
  items: OrganisationListItem[];
  /** The organisation shown on the right ('new' while creating one). */
  selectedId: number | 'new' | null;
  hrefFor: (id: number | 'new') => string;
  canCreate: boolean;
}

/**
 * The left list: searchable (accents folded: 'Karntner' finds 'Kärntner'), sorted by short name, 11 per page, dissolved organisations
 * (with an end date) styled inactive, an add button for those who may create organisations.
 */
export function OrganisationList({ items, selectedId, hrefFor, canCreate }: OrganisationListProps) {
  const t = useTranslations('organisations');
  const sorted = useMemo(() => sortByShortName(items), [items]);
  const [query, setQuery] = useState('');
  const list = useLocalPages({
    rows: sorted,
    search: query,
    fields: (o) => [o.nameShort, o.name, o.city, o.zip, o.id],
    pageSize: LIST_PAGE_SIZE,
    // open on the page that holds the selected organisation
    initialRow: (o) => o.id === selectedId,
  });

  return (
    <MasterList
      label={t('listLabel')}
      search={{ label: t('search'), value: query, onSearch: setQuery }}
      actions={canCreate && <AddButton label={t('add')} href={hrefFor('new')} />}
      rows={list.items}
      rowKey={(o) => o.id}
      renderRow={(o) => {
        const inactive = isInactive(o);
        return (
          <Link
            href={hrefFor(o.id)}
            aria-current={o.id === selectedId ? 'page' : undefined}
            data-inactive={inactive || undefined}
            className={masterRowClass(o.id === selectedId, cn(inactive && 'text-gray-600'))}
          >
            <span className={cn('block truncate', inactive && 'line-through')}>{o.nameShort}</span>
            <span className="block truncate text-xs text-gray-600">
              {o.name}
              {inactive && <span className="ml-1 rounded bg-gray-100 px-1 text-gray-700 no-underline">{t('inactive')}</span>}
            </span>
          </Link>
        );
      }}
      emptyText={t('empty')}
      query={list}
    />
  );
}
