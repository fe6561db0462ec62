import 'server-only';
import { OrderCategorySchema } from '@/lib/schemas/orders';
import { apiCall, NO_VERSION, type Api, type RequestBody } from './client';

/** Server-only calls of the order categories screen (form 1032); the acting organisation is the federation. */
export type { OrderCategory } from '@/lib/schemas/orders';

/** GET /api/v1/order/categories: every category (the federation sees all), newest year first. */
export async function getOrderCategories() {
  // Read with its schema: an age band is a tuple, which the client's JSON types flatten to an array.
  return OrderCategorySchema.array().parse(await apiCall((api) => api.api.v1.order.categories.$get({ query: {} })));
}

/** POST (no id) or PUT (id + updatedAt) /api/v2/admin/{orgId}/category. */
export type OrderCategoryInput = RequestBody<Api['api']['v2']['admin'][':orgId']['category']['$post']>;

export function saveOrderCategory(actingOrgId: number, body: OrderCategoryInput, id?: number, updatedAt?: string) {
  const param = { orgId: String(actingOrgId) };
  return id === undefined
    ? apiCall((api) => api.api.v2.admin[':orgId'].category.$post({ param, json: body }))
    : apiCall((api) => api.api.v2.admin[':orgId'].category.$put({ param, json: { ...body, id, updatedAt: updatedAt ?? NO_VERSION } }));
}
