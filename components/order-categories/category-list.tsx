'use client';

import { useState } from 'react';
import Link from 'next/link';
import { useLocale, useTranslations } from 'next-intl';
import type { OrderCategory } from '@/lib/schemas/orders';
import { eurosToCents, formatEuros } from '@/lib/domain/orders/money';
import { AddButton } from '@/components/ui/add-button';
import { MasterList, masterRowClass } from '@/components/ui/master-list';
import { useLocalPages } from '@/components/ui/hooks/use-paged-query';

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
  const list = useLocalPages({
    rows: items,
    search: query,
    fields: (c) => [c.cat, c.params.group, c.params.year],
    pageSize: CATEGORY_PAGE_SIZE,
    initialRow: (c) => c.id === selectedId,
  });

  return (
    <MasterList
      label={t('listLabel')}
      search={{ label: t('search'), value: query, onSearch: setQuery }}
      actions={<AddButton label={t('add')} href={hrefFor('new')} />}
      rows={list.items}
      rowKey={(c) => c.id}
      renderRow={(c) => (
        <Link href={hrefFor(c.id)} aria-current={c.id === selectedId ? 'page' : undefined} className={masterRowClass(c.id === selectedId)}>
          <span className="block truncate">{c.cat}</span>
          <span className="block truncate text-xs text-gray-600">
            {t(`groups.${c.params.group}`)}
            {c.params.year !== null && ` · ${c.params.year}`}
            {c.params.price !== null && ` · ${formatEuros(eurosToCents(c.params.price) ?? 0, locale)}`}
          </span>
        </Link>
      )}
      emptyText={t('empty')}
      query={list}
    />
  );
}
