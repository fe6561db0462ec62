import 'server-only';
import { CREATED_STATUS } from '@/lib/domain/orders/availability';
import { apiCall, queryOf, type Api, type RequestBody } from './client';

/*
 * Server-only calls of the order screens. Answer shapes come from lib/schemas/orders.ts; client
 * components import the types with `import type`, which is erased.
 */

export type OrderListParams = { q?: string; state?: string; page?: number; size?: number };

/** GET /api/v1/order/{orgId}: the organisation's licence and club fee orders, newest first. */
export function getOrgOrders(orgId: number, params: OrderListParams = {}) {
  return apiCall((api) => api.api.v1.order[':orgId'].$get({ param: { orgId: String(orgId) }, query: queryOf(params) }));
}

export function getOrder(orgId: number, orderId: number) {
  return apiCall((api) => api.api.v1.order[':orgId'][':orderId'].$get({ param: { orgId: String(orgId), orderId: String(orderId) } }));
}

export function getOrderItems(orgId: number, orderId: number) {
  return apiCall((api) => api.api.v1.order[':orgId'].items[':orderId'].$get({ param: { orgId: String(orgId), orderId: String(orderId) } }));
}

/** GET /api/v1/order/{orgId}/offers: what the wizard offers the organisation, and why not. */
export function getOrderOffers(orgId: number) {
  return apiCall((api) => api.api.v1.order[':orgId'].offers.$get({ param: { orgId: String(orgId) } }));
}

/** GET /api/v1/order/{orgId}/persons?ordercat=: the persons step; with `window` one page of it (and the total), else everyone. */
export function getPersonsForOrdering(orgId: number, ordercat: string, window?: { page: number; size: number; q?: string }) {
  const paging = window ? { page: String(window.page), size: String(window.size), ...(window.q ? { q: window.q } : {}) } : {};
  return apiCall((api) => api.api.v1.order[':orgId'].persons.$get({ param: { orgId: String(orgId) }, query: { ordercat, ...paging } }));
}

/** POST /api/v1/order/{orgId}: the order with its persons, in one transaction; prices are the server's. */
export function placeOrder(orgId: number, body: Omit<RequestBody<Api['api']['v1']['order'][':orgId']['$post']>, 'status'>) {
  return apiCall((api) => api.api.v1.order[':orgId'].$post({ param: { orgId: String(orgId) }, json: { ...body, status: CREATED_STATUS } }));
}

/** GET /api/v2/admin/{actingOrgId}/orders: every order the acting organisation oversees. */
export function getOverseenOrders(actingOrgId: number, params: OrderListParams = {}) {
  return apiCall((api) => api.api.v2.admin[':orgId'].orders.$get({ param: { orgId: String(actingOrgId) }, query: queryOf(params) }));
}

/** GET /api/v1/order/{actingOrgId}/report: the ordered persons of those orders. */
export function getOrderReport(actingOrgId: number, params: { q?: string; page?: number; size?: number } = {}) {
  return apiCall((api) => api.api.v1.order[':orgId'].report.$get({ param: { orgId: String(actingOrgId) }, query: queryOf(params) }));
}

/** PUT /api/v1/order/{orgId}: release (Freigegeben), refund (canceled) or send back (Erstellt), as of `updatedAt`. */
export function decideOrder(orgId: number, body: RequestBody<Api['api']['v1']['order'][':orgId']['$put']>) {
  return apiCall((api) => api.api.v1.order[':orgId'].$put({ param: { orgId: String(orgId) }, json: body }));
}

export function commentOrder(orgId: number, orderId: number, comment: string) {
  return apiCall((api) =>
    api.api.v1.order[':orgId'].comment[':orderId'].$post({ param: { orgId: String(orgId), orderId: String(orderId) }, json: { comment } }),
  );
}

export function removeOrderMembers(orgId: number, orderId: number, members: number[]) {
  return apiCall((api) =>
    api.api.v1.order[':orgId'].member.remove.$post({ param: { orgId: String(orgId) }, json: { id: orderId, members } }),
  );
}
