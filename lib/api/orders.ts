import 'server-only';
import { CREATED_STATUS } from '@/lib/domain/orders/availability';
import type { CategoryOfferAnswer, Order, OrderItem, OrderPage, OrderReportPage, PersonsForOrdering } from '@/lib/schemas/orders';
import { apiCall } from './client';

/*
 * Server-only calls of the order screens. Answer shapes come from lib/schemas/orders.ts; client
 * components import the types with `import type`, which is erased.
 */
export type { CategoryOfferAnswer, Order, OrderItem, OrderPage, OrderReportLine, OrderReportPage, PersonForOrdering, PersonsForOrdering } from '@/lib/schemas/orders';

export type OrderListParams = { q?: string; state?: string; page?: number; size?: number };

/** GET /api/v1/order/{orgId}: the organisation's licence and club fee orders, newest first. */
export function getOrgOrders(orgId: number, params: OrderListParams = {}) {
  const searchParams = Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== '')) as Record<string, string | number>;
  return apiCall<OrderPage>(`api/v1/order/${orgId}`, { searchParams });
}

export function getOrder(orgId: number, orderId: number) {
  return apiCall<Order>(`api/v1/order/${orgId}/${orderId}`);
}

export function getOrderItems(orgId: number, orderId: number) {
  return apiCall<OrderItem[]>(`api/v1/order/${orgId}/items/${orderId}`);
}

/** GET /api/v1/order/{orgId}/offers: what the wizard offers the organisation, and why not. */
export function getOrderOffers(orgId: number) {
  return apiCall<CategoryOfferAnswer[]>(`api/v1/order/${orgId}/offers`);
}

/** GET /api/v1/order/{orgId}/persons?ordercat=: the persons step. */
export function getPersonsForOrdering(orgId: number, ordercat: string) {
  return apiCall<PersonsForOrdering>(`api/v1/order/${orgId}/persons`, { searchParams: { ordercat } });
}

/** POST /api/v1/order/{orgId}: the order with its persons, in one transaction; prices are the server's. */
export function placeOrder(orgId: number, body: { ordercat: string; members: Array<{ id: number; params: { print: boolean } }>; expectedTotal?: number }) {
  return apiCall<Order>(`api/v1/order/${orgId}`, { method: 'post', json: { ...body, status: CREATED_STATUS } });
}

/** GET /api/v2/admin/{actingOrgId}/orders: every order the acting organisation oversees. */
export function getOverseenOrders(actingOrgId: number, params: OrderListParams = {}) {
  const searchParams = Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== '')) as Record<string, string | number>;
  return apiCall<OrderPage>(`api/v2/admin/${actingOrgId}/orders`, { searchParams });
}

/** GET /api/v1/order/{actingOrgId}/report: the ordered persons of those orders. */
export function getOrderReport(actingOrgId: number, params: { q?: string; page?: number; size?: number } = {}) {
  const searchParams = Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== '')) as Record<string, string | number>;
  return apiCall<OrderReportPage>(`api/v1/order/${actingOrgId}/report`, { searchParams });
}

/** PUT /api/v1/order/{orgId}: release (Freigegeben), refund (canceled) or send back (Erstellt), as of `updatedAt`. */
export function decideOrder(orgId: number, body: { id: number; status: string; updatedAt: string; removeMembers?: number[] }) {
  return apiCall<Order>(`api/v1/order/${orgId}`, { method: 'put', json: body });
}

export function commentOrder(orgId: number, orderId: number, comment: string) {
  return apiCall<Order>(`api/v1/order/${orgId}/comment/${orderId}`, { method: 'post', json: { comment } });
}

export function removeOrderMembers(orgId: number, orderId: number, members: number[]) {
  return apiCall<Order>(`api/v1/order/${orgId}/member/remove`, { method: 'post', json: { id: orderId, members } });
}
