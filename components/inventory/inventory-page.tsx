import { getTranslations } from 'next-intl/server';
import { PageMessage } from '@/components/ui/page-message';
import type { FormPageProps } from '@/lib/form-page-props';
import { ApiError, errorMessageKey } from '@/lib/api/errors';
import { getInventory, getWebshopNews } from '@/lib/api/inventory';
import { getOrderCategories } from '@/lib/api/order-categories';
import { INVENTORY_PAGE_SIZE } from '@/lib/domain/inventory';
import { InventoryScreen } from './lazy';

/** Form 1004: the webshop's stock lines on the left, one (or a new one) on the right. */
export async function InventoryPage({ orgId }: FormPageProps) {
  const t = await getTranslations();
  let data;
  try {
    data = await Promise.all([getInventory(orgId, { page: 1, size: INVENTORY_PAGE_SIZE }), getWebshopNews(orgId), getOrderCategories()]);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return <PageMessage tone="alert">{t(`errors.${errorMessageKey(error)}`)}</PageMessage>;
  }
  const [list, articles, categories] = data;
  return (
    <InventoryScreen
      orgId={orgId}
      initial={list}
      articles={articles.items.map((a) => ({ id: a.id, title: a.title }))}
      categories={categories.filter((c) => c.params.group !== 'JAHRESLIZENZ').map((c) => ({ id: c.id, cat: c.cat }))}
    />
  );
}
