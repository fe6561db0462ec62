import 'server-only';
import { WEBSHOP_CATEGORY } from '@/lib/domain/inventory';
import { apiCall, NO_VERSION, queryOf, type Api, type RequestBody } from './client';

/** Server-only calls of the inventory screen (form 1004). */

export function getInventory(orgId: number, params: { q?: string; page: number; size: number }) {
  return apiCall((api) => api.api.v2.admin[':orgId'].inventory.$get({ param: { orgId: String(orgId) }, query: queryOf(params) }));
}

/** The organisation's articles in category "webshop" (what a stock line can sell). */
export function getWebshopNews(orgId: number) {
  return apiCall((api) =>
    api.api.v1.admin.news[':orgId'].$get({ param: { orgId: String(orgId) }, query: { category: WEBSHOP_CATEGORY, size: '100' } }),
  );
}

export type InventoryInput = RequestBody<Api['api']['v2']['admin'][':orgId']['inventory']['$post']>;

export function saveInventory(orgId: number, body: InventoryInput, id?: number, updatedAt?: string) {
  const param = { orgId: String(orgId) };
  return id === undefined
    ? apiCall((api) => api.api.v2.admin[':orgId'].inventory.$post({ param, json: body }))
    : apiCall((api) => api.api.v2.admin[':orgId'].inventory.$put({ param, json: { ...body, id, updatedAt: updatedAt ?? NO_VERSION } }));
}
