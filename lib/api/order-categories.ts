import 'server-only';
import type { OrderCategory } from '@/lib/schemas/orders';
import { apiCall } from './client';

/** Server-only calls of the order categories screen (form 1032); the acting organisation is the federation. */
export type { OrderCategory } from '@/lib/schemas/orders';

/** GET /api/v1/order/categories: every category (the federation sees all), newest year first. */
export function getOrderCategories() {
  return apiCall<OrderCategory[]>('api/v1/order/categories');
}

/** POST (no id) or PUT (id + updatedAt) /api/v2/admin/{orgId}/category. */
export function saveOrderCategory(actingOrgId: number, body: Record<string, unknown>, id?: number, updatedAt?: string) {
  return id === undefined
    ? apiCall<OrderCategory>(`api/v2/admin/${actingOrgId}/category`, { method: 'post', json: body })
    : apiCall<OrderCategory>(`api/v2/admin/${actingOrgId}/category`, { method: 'put', json: { ...body, id, updatedAt } });
}
