'use server';

import { z } from 'zod';
import { defineAction, type ActionContext, type Refusal } from '@/lib/actions/define-action';
import type { ApiError } from '@/lib/api/errors';
import { commentOrder, decideOrder, getOrder, getOrderItems, getOrderOffers, getOrderReport, getOrgOrders, getOverseenOrders, getPersonsForOrdering, placeOrder, removeOrderMembers } from '@/lib/api/orders';
import { decisionForStatus } from '@/lib/domain/orders/status';
import { categoryNameSchema, orderListQuerySchema, orderUpdateSchema } from '@/lib/schemas/orders';
import { recordId } from '@/lib/schemas/ids';
import { ORDER_LIST_PAGE_SIZE } from './order-view';

/**
 * The licence order wizard's calls (form 55). Reads run as actions too, so the screen can page its
 * list and load a category's persons without a page reload; every price comes from the API.
 */

const REASONS = ['noSafetyFirst', 'licenceActive', 'outsideAgeBands', 'alreadyOrdered', 'noProfileImage', 'seasonNotBelowYear', 'unknownPerson', 'duplicateInRequest'];

function orderRefusal(error: ApiError, { t }: ActionContext): Refusal | undefined {
  switch (error.code) {
    case 'not_orderable': {
      const value = (error.value ?? {}) as { id?: number; reason?: string; year?: number };
      const reason = value.reason && REASONS.includes(value.reason) ? t(`reasons.${value.reason}`, { year: String(value.year ?? '') }) : '';
      return { message: t('notOrderable', { id: String(value.id ?? ''), reason }) };
    }
    case 'club_fee_required':
      return { message: t('clubFeeRequired', { fee: String(error.value ?? '') }) };
    case 'already_ordered':
      return { message: t('alreadyOrderedFee') };
    case 'price_changed':
      return { message: t('priceChanged', { total: typeof error.value === 'number' ? error.value : 0 }) };
    case 'category_not_offered':
    case 'unknown_category':
      return { message: t('categoryNotOffered') };
    case 'forbidden':
      return { message: t('forbidden') };
    default:
      return undefined;
  }
}

const listInput = z.object({
  orgId: recordId,
  /** own: the organisation's orders (wizard); overseen: every order the acting organisation oversees. */
  scope: z.enum(['own', 'overseen']).default('own'),
  q: z.string().max(100).optional(),
  state: orderListQuerySchema.shape.state,
  page: z.number().int().min(1).max(100_000),
  size: z.number().int().min(1).max(100).default(ORDER_LIST_PAGE_SIZE),
});

export const loadOrders = defineAction({
  namespace: 'orders',
  input: listInput,
  failure: 'loadFailed',
  refusal: orderRefusal,
  run: async ({ orgId, scope, ...params }) => (scope === 'own' ? getOrgOrders : getOverseenOrders)(orgId, params),
});

export const loadPersons = defineAction({
  namespace: 'orders',
  // with page and size one page of the persons matching q (and the total); without, everyone
  input: z.object({
    orgId: recordId,
    ordercat: categoryNameSchema,
    page: z.number().int().min(1).max(100_000).optional(),
    size: z.number().int().min(1).max(200).optional(),
    q: z.string().trim().max(100).optional(),
  }),
  failure: 'loadFailed',
  refusal: orderRefusal,
  run: async ({ orgId, ordercat, page, size, q }) => getPersonsForOrdering(orgId, ordercat, page && size ? { page, size, q } : undefined),
});

export const loadOffers = defineAction({
  namespace: 'orders',
  input: z.object({ orgId: recordId }),
  failure: 'loadFailed',
  refusal: orderRefusal,
  run: async ({ orgId }) => getOrderOffers(orgId),
});

export const loadOrder = defineAction({
  namespace: 'orders',
  input: z.object({ orgId: recordId, orderId: recordId }),
  failure: 'loadFailed',
  refusal: orderRefusal,
  run: async ({ orgId, orderId }) => {
    const [order, items] = await Promise.all([getOrder(orgId, orderId), getOrderItems(orgId, orderId)]);
    return { order, items };
  },
});

export const submitOrder = defineAction({
  namespace: 'orders',
  input: z.object({
    orgId: recordId,
    ordercat: categoryNameSchema,
    members: z.array(z.object({ id: recordId, params: z.object({ print: z.boolean() }) })).max(1000),
    /** The total the check step showed, in cents. */
    expectedTotalCents: z.number().int().min(0).max(10_000_000_000),
  }),
  failure: 'failed',
  refusal: orderRefusal,
  run: async ({ orgId, ordercat, members, expectedTotalCents }) => placeOrder(orgId, { ordercat, members, expectedTotal: expectedTotalCents / 100 }),
});

export const loadReport = defineAction({
  namespace: 'orders',
  input: z.object({ actingOrgId: recordId, q: z.string().max(100).optional(), page: z.number().int().min(1).max(100_000) }),
  failure: 'loadFailed',
  refusal: orderRefusal,
  run: async ({ actingOrgId, q, page }) => getOrderReport(actingOrgId, { q, page, size: 20 }),
});

/** What the approval view does: 'Bestellung #{id} freigegeben' (with the persons marked for removal taken out in the same step), 'Rücküberwiesen', back to created. */
export const decide = defineAction({
  namespace: 'orderAdmin',
  input: z.object({
    orgId: recordId,
    id: recordId,
    status: orderUpdateSchema.shape.status,
    updatedAt: z.string().min(1).max(64),
    removeMembers: z.array(recordId).max(1000).optional(),
  }),
  failure: 'failed',
  refusal: adminRefusal,
  run: async (body, { t }) => {
    const order = await decideOrder(body.orgId, { id: body.id, status: body.status, updatedAt: body.updatedAt, removeMembers: body.removeMembers });
    const decision = decisionForStatus(body.status);
    const message = decision === 'release' ? t('released', { id: order.orderNumber }) : decision === 'refund' ? t('refunded') : t('sentBack', { id: order.orderNumber });
    return { order, message };
  },
});

/** Saves the persons marked for removal: 'Bestellung #{id} gespeichert'. */
export const saveRemovals = defineAction({
  namespace: 'orderAdmin',
  input: z.object({ orgId: recordId, id: recordId, members: z.array(recordId).min(1).max(1000) }),
  failure: 'failed',
  refusal: adminRefusal,
  run: async ({ orgId, id, members }, { t }) => {
    const order = await removeOrderMembers(orgId, id, members);
    return { order, message: t('saved', { id: order.orderNumber }) };
  },
});

export const addComment = defineAction({
  namespace: 'orderAdmin',
  input: z.object({ orgId: recordId, id: recordId, comment: z.string().trim().min(1, 'required').max(2000, 'commentTooLong') }),
  failure: 'failed',
  refusal: adminRefusal,
  run: async ({ orgId, id, comment }) => commentOrder(orgId, id, comment),
});

function adminRefusal(error: ApiError, { t }: ActionContext): Refusal | undefined {
  switch (error.code) {
    case 'stale':
      return { message: t('stale') };
    case 'invalid_transition':
      return { message: t('invalidTransition') };
    case 'order_closed':
      return { message: t('orderClosed') };
    case 'order_empty':
      return { message: t('orderEmpty') };
    case 'forbidden':
      return { message: t('forbidden') };
    default:
      return undefined;
  }
}
