import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { PageMessage } from '@/components/ui/page-message';
import type { FormPageProps } from '@/lib/form-page-props';
import { ApiError, errorMessageKey } from '@/lib/api/errors';
import { getOrderCategories, type OrderCategory } from '@/lib/api/order-categories';
import { formPath } from '@/lib/domain/shell';
import { OrderCategoriesScreen } from './lazy';

/** Form 1032: the order categories (what the federation sells and at which price). */
export async function OrderCategoriesPage({ orgId, funkId, id }: FormPageProps) {
  const t = await getTranslations();
  let list: OrderCategory[];
  try {
    list = await getOrderCategories();
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return <PageMessage tone="alert">{t(`errors.${errorMessageKey(error)}`)}</PageMessage>;
  }
  const isNew = id === 'new';
  const selected = !isNew && id !== undefined ? (list.find((c) => String(c.id) === id) ?? null) : null;
  if (id !== undefined && !isNew && !selected) redirect(formPath(orgId, funkId));
  return <OrderCategoriesScreen actingOrgId={orgId} funkId={funkId} list={list} selected={selected} isNew={isNew} />;
}
