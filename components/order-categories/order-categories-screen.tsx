'use client';

import { useTranslations } from 'next-intl';
import type { OrderCategory } from '@/lib/schemas/orders';
import { formPath } from '@/lib/domain/shell';
import { CategoryForm } from './category-form';
import { CategoryList } from './category-list';

export interface OrderCategoriesScreenProps {
  actingOrgId: number;
  funkId: number;
  list: OrderCategory[];
  selected: OrderCategory | null;
  isNew: boolean;
}

/** Form 1032: the categories on the left, the chosen (or a new) one on the right. */
export function OrderCategoriesScreen({ actingOrgId, funkId, list, selected, isNew }: OrderCategoriesScreenProps) {
  const t = useTranslations('orderCategories');
  const hrefFor = (id: number | 'new') => formPath(actingOrgId, funkId, id);
  return (
    <div className="space-y-4">
      <h1 className="text-xl font-semibold text-gray-900">{t('pageTitle')}</h1>
      <div className="grid items-start gap-6 lg:grid-cols-[300px_1fr]">
        <CategoryList items={list} selectedId={isNew ? 'new' : (selected?.id ?? null)} hrefFor={hrefFor} />
        {selected || isNew ? (
          <CategoryForm key={selected ? selected.id : 'new'} actingOrgId={actingOrgId} funkId={funkId} category={selected} />
        ) : (
          <p className="rounded-lg border border-dashed border-gray-300 bg-white p-8 text-center text-gray-600">{t('chooseHint')}</p>
        )}
      </div>
    </div>
  );
}
