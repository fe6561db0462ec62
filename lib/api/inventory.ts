import 'server-only';
import type { InventoryArticle, NewsPage } from '@/lib/schemas/news';
import { WEBSHOP_CATEGORY } from '@/lib/domain/inventory';
import { apiCall } from './client';

/** Server-only calls of the inventory screen (form 1004). */
export type { InventoryArticle } from '@/lib/schemas/news';

export function getInventory(orgId: number, params: { q?: string; page: number; size: number }) {
  const searchParams = Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== '')) as Record<string, string | number>;
  return apiCall<{ items: InventoryArticle[]; total: number }>(`api/v2/admin/${orgId}/inventory`, { searchParams });
}

/** The organisation's articles in category "webshop" (what a stock line can sell). */
export function getWebshopNews(orgId: number) {
  return apiCall<NewsPage>(`api/v1/admin/news/${orgId}`, { searchParams: { category: WEBSHOP_CATEGORY, size: 100 } });
}

export function saveInventory(orgId: number, body: Record<string, unknown>, id?: number, updatedAt?: string) {
  return id === undefined
    ? apiCall<InventoryArticle>(`api/v2/admin/${orgId}/inventory`, { method: 'post', json: body })
    : apiCall<InventoryArticle>(`api/v2/admin/${orgId}/inventory`, { method: 'put', json: { ...body, id, updatedAt } });
}
