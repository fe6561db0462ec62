'use client';

import { useState } from 'react';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import type { RoleOrganisation } from '@/lib/schemas/role-members';
import { cn } from '@/components/ui/cn';
import { MasterList } from '@/components/ui/master-list';
import { useLocalPages } from '@/components/ui/hooks/use-paged-query';
import { ROLE_ORG_PAGE_SIZE } from './role-view';

export interface RoleOrgListProps {
  items: RoleOrganisation[];
  selectedId: number | null;
  hrefFor: (id: number) => string;
}

/** The left list: searchable by name and number, 11 per page; an organisation with an end date is shown inactive. */
export function RoleOrgList({ items, selectedId, hrefFor }: RoleOrgListProps) {
  const t = useTranslations('roles');
  const [query, setQuery] = useState('');
  const list = useLocalPages({
    rows: items,
    search: query,
    fields: (o) => [o.name, o.id],
    pageSize: ROLE_ORG_PAGE_SIZE,
    initialRow: (o) => o.id === selectedId,
  });

  return (
    <MasterList
      label={t('orgListLabel')}
      search={{ label: t('orgSearch'), value: query, onSearch: setQuery }}
      rows={list.items}
      rowKey={(o) => o.id}
      renderRow={(o) => {
        const active = o.endDate === null;
        return (
          <Link
            href={hrefFor(o.id)}
            aria-current={o.id === selectedId ? 'page' : undefined}
            className={cn(
              'block w-full rounded px-2 py-2 text-left text-sm hover:bg-brand-light/60',
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
        );
      }}
      emptyText={t('orgNotFound')}
      query={list}
    />
  );
}
